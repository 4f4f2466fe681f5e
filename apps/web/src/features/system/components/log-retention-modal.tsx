import { Alert, Form, InputNumber, Message, Modal } from '@arco-design/web-react';
import {
  LOG_RETENTION_MAX_DAYS,
  LOG_RETENTION_MIN_DAYS,
  type LogRetention,
  logRetentionSchema,
} from '@water/contracts';
import { useState } from 'react';
import { contractRule, errorText } from '../../../shared/ui/form-rules.ts';
import { useSetRetention } from '../api/log-queries.ts';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';

const fields = logRetentionSchema.shape;

/** How many days each log is kept; the daily job applies a change. Arco's Modal names itself by its title. */
export function LogRetentionModal({
  current,
  visible,
  onClose,
}: {
  current: LogRetention | undefined;
  visible: boolean;
  onClose: () => void;
}) {
  const { t, tv } = useSystemAdminI18n();
  const [form] = Form.useForm<LogRetention>();
  const save = useSetRetention();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('sys.log.retention.title');

  const close = () => {
    setFailure(null);
    onClose();
  };

  async function submit() {
    setFailure(null);
    const values = await form.validate().catch(() => null);
    if (!values) return;
    const parsed = logRetentionSchema.safeParse(values);
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      Message.success(t('sys.saved'));
      close();
    } catch (error) {
      setFailure(errorText(error, t('sys.requestFailed')));
    }
  }

  const days = (field: keyof LogRetention) => (
    <Form.Item label={t(`sys.log.retention.${field}`)} field={field} required rules={[contractRule(fields[field], tv)]}>
      <InputNumber
        aria-label={t(`sys.log.retention.${field}`)}
        min={LOG_RETENTION_MIN_DAYS}
        max={LOG_RETENTION_MAX_DAYS}
        precision={0}
        suffix={t('sys.log.retention.days')}
      />
    </Form.Item>
  );

  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={close}
      onOk={submit}
      okText={t('sys.save')}
      cancelText={t('sys.cancel')}
      confirmLoading={save.isPending}
      unmountOnExit
    >
      <p className="sys-muted sys-retention-help">
        {t('sys.log.retention.help', { min: LOG_RETENTION_MIN_DAYS, max: LOG_RETENTION_MAX_DAYS })}
      </p>
      <Form<LogRetention> form={form} layout="vertical" initialValues={current} disabled={save.isPending}>
        {days('operationDays')}
        {days('loginDays')}
      </Form>
      {failure ? <Alert type="error" content={failure} /> : null}
    </Modal>
  );
}
