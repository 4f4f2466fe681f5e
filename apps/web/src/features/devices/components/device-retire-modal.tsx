import { Alert, Button, DatePicker, Form, Input, Message, Modal, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type Device, deviceArchiveInputSchema } from '@water/contracts';
import { useState } from 'react';
import { contractRule, errorText } from '../../../shared/ui/form-rules.ts';
import { deviceQueries, useArchiveDevice, useRemoveDevice } from '../api/device-queries.ts';
import { useDeviceListI18n } from '../use-device-list-i18n.ts';
import { localIsoDate } from './device-labels.tsx';

/**
 * `delete`: asks the server what still holds the device first, and offers to archive it instead when
 * something does (the server refuses the removal then anyway). `archive`: straight to the form.
 */
export type RetireTarget = { device: Device; mode: 'delete' | 'archive' } | null;

type Values = { date?: string; performedBy?: string; description?: string };
const fields = deviceArchiveInputSchema.shape;

export function DeviceRetireModal({
  target,
  onClose,
  onArchived,
}: {
  target: RetireTarget;
  onClose: () => void;
  onArchived?: (device: Device) => void;
}) {
  const { t } = useDeviceListI18n();
  const title = target
    ? t(target.mode === 'delete' ? 'deviceList.delete.title' : 'deviceList.archive.title', {
        name: target.device.name,
      })
    : '';
  return (
    <Modal
      visible={target !== null}
      title={title}
      onCancel={onClose}
      footer={null}
      unmountOnExit
      style={{ width: 560 }}
    >
      {target ? (
        <RetireBody
          key={`${target.device.id}-${target.mode}`}
          target={target}
          onClose={onClose}
          onArchived={onArchived}
        />
      ) : null}
    </Modal>
  );
}

function RetireBody({
  target,
  onClose,
  onArchived,
}: {
  target: NonNullable<RetireTarget>;
  onClose: () => void;
  onArchived?: (device: Device) => void;
}) {
  const [mode, setMode] = useState(target.mode);
  const { t } = useDeviceListI18n();
  const dependents = useQuery({ ...deviceQueries.dependents(target.device.id), enabled: mode === 'delete' });
  const remove = useRemoveDevice();

  if (mode === 'archive') return <ArchiveForm device={target.device} onClose={onClose} onArchived={onArchived} />;
  if (dependents.isPending) {
    return (
      <div className="device-retire__checking">
        <Spin size={16} /> {t('deviceList.delete.checking')}
      </div>
    );
  }
  if (dependents.isError) {
    return <Alert type="error" content={errorText(dependents.error, t('deviceList.requestFailed'))} />;
  }
  const held = dependents.data.archiveEntries > 0 || dependents.data.openWorkOrders > 0;
  return (
    <>
      <Alert
        type={held ? 'warning' : 'info'}
        content={held ? t('deviceList.archive.blocked', { ...dependents.data }) : t('deviceList.delete.free')}
      />
      <div className="device-retire__footer">
        <Button onClick={onClose}>{t('deviceList.cancel')}</Button>
        {held ? (
          <Button type="primary" onClick={() => setMode('archive')}>
            {t('deviceList.delete.instead')}
          </Button>
        ) : (
          <Button
            type="primary"
            status="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutateAsync(target.device.id).then(
                () => {
                  Message.success(t('deviceList.done.delete'));
                  onClose();
                },
                // The request layer has shown the server's message.
                () => undefined,
              )
            }
          >
            {t('deviceList.action.delete')}
          </Button>
        )}
      </div>
    </>
  );
}

function ArchiveForm({
  device,
  onClose,
  onArchived,
}: {
  device: Device;
  onClose: () => void;
  onArchived?: (device: Device) => void;
}) {
  const { t, tv } = useDeviceListI18n();
  const [form] = Form.useForm<Values>();
  const archive = useArchiveDevice();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: Values) {
    setFailure(null);
    const parsed = deviceArchiveInputSchema.safeParse({
      date: values.date ?? '',
      performedBy: values.performedBy ?? '',
      description: values.description ?? '',
    });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      const archived = await archive.mutateAsync({ id: device.id, body: parsed.data });
      Message.success(t('deviceList.archive.done'));
      onArchived?.(archived);
      onClose();
    } catch (error) {
      setFailure(errorText(error, t('deviceList.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={archive.isPending}
      initialValues={{ date: localIsoDate() }}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <Alert className="device-retire__intro" type="warning" content={t('deviceList.archive.intro')} />
      <Form.Item label={t('deviceList.archive.date')} field="date" required rules={[contractRule(fields.date, tv)]}>
        <DatePicker
          className="device-list-date"
          disabledDate={(d) =>
            d.isAfter(new Date(), 'day') || (device.installDate ? d.isBefore(device.installDate, 'day') : false)
          }
          inputProps={{ 'aria-label': t('deviceList.archive.date') }}
        />
      </Form.Item>
      <Form.Item
        label={t('deviceList.archive.performedBy')}
        field="performedBy"
        required
        rules={[contractRule(fields.performedBy, tv)]}
      >
        <Input maxLength={60} placeholder={t('deviceList.archive.performedByPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('deviceList.archive.description')}
        field="description"
        required
        rules={[contractRule(fields.description, tv)]}
      >
        <Input.TextArea
          maxLength={500}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('deviceList.archive.descriptionPlaceholder')}
        />
      </Form.Item>
      {failure ? <Alert className="device-list-form-notice" type="error" content={failure} /> : null}
      <div className="device-retire__footer">
        <Button onClick={onClose}>{t('deviceList.cancel')}</Button>
        <Button type="primary" status="danger" htmlType="submit" loading={archive.isPending}>
          {t('deviceList.archive.submit')}
        </Button>
      </div>
    </Form>
  );
}
