import { Alert, Button, Drawer, Form, type FormInstance, Input, Message } from '@arco-design/web-react';
import { type DeviceType, type DeviceTypeInput, deviceTypeInputSchema } from '@water/contracts';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/http.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useSaveDeviceType } from '../api/device-queries.ts';
import { type DeviceTypeI18n, useDeviceTypeI18n } from '../use-device-type-i18n.ts';
import {
  duplicateKeyFields,
  fieldName,
  issueRow,
  modelInput,
  modelRows,
  ThingModelEditor,
  type ThingModelValues,
} from './thing-model-editor.tsx';
import '../device-type.css';

type Values = { code?: string; nameZh?: string; nameEn?: string; description?: string; model?: ThingModelValues };
type SetFields = Parameters<FormInstance<Values>['setFields']>[0];

const fields = deviceTypeInputSchema.shape;

/** `null` closed, `{ type: null }` a new type, `{ type }` an edit. */
export type DeviceTypeEditorTarget = { type: DeviceType | null } | null;

/**
 * Create or edit a device type and its thing model. Wide: a metric row has ten columns, and at
 * 1280 px the drawer still leaves the catalogue's edge in view.
 */
export function DeviceTypeEditorDrawer({ target, onClose }: { target: DeviceTypeEditorTarget; onClose: () => void }) {
  const i18n = useDeviceTypeI18n();
  const { t } = i18n;
  const [form] = Form.useForm<Values>();
  const save = useSaveDeviceType();
  const type = target?.type ?? null;
  const title = t(type === null ? 'deviceType.drawer.create' : 'deviceType.drawer.edit');
  return (
    <Drawer
      width="min(1200px, calc(100vw - 48px))"
      visible={target !== null}
      title={title}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('deviceType.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('deviceType.save')}
          </Button>
        </>
      }
      unmountOnExit
      {...dialogAttributes(title)}
      className="device-type-editor"
    >
      {target ? (
        <DeviceTypeForm
          key={type?.id ?? 'new'}
          type={type}
          i18n={i18n}
          form={form}
          save={save}
          onSaved={() => {
            Message.success(t(type === null ? 'deviceType.done.create' : 'deviceType.done.save'));
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function initialValues(type: DeviceType | null): Values {
  if (!type) return { code: '', nameZh: '', nameEn: '', description: '', model: modelRows(null) };
  return {
    code: type.code,
    nameZh: type.nameZh,
    nameEn: type.nameEn,
    description: type.description,
    model: modelRows(type.model),
  };
}

function DeviceTypeForm({
  type,
  i18n,
  form,
  save,
  onSaved,
}: {
  type: DeviceType | null;
  i18n: DeviceTypeI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveDeviceType>;
  onSaved: () => void;
}) {
  const { t, tv } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const builtin = type?.builtin ?? false;
  // The server's rule (droppedMetrics): readings may already be stored under these keys.
  const lockedMetrics = type && (type.builtin || type.devices > 0) ? type.model.metrics.length : 0;

  async function submit(values: Values) {
    setFailure(null);
    const candidate = {
      code: values.code ?? '',
      nameZh: values.nameZh ?? '',
      nameEn: values.nameEn ?? '',
      description: values.description ?? '',
      model: modelInput(values.model),
    };
    // The whole schema: ranges, enum options and unique keys span fields the rows cannot check alone.
    const parsed = deviceTypeInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const errors: Record<string, { error: { message: string } }> = {};
      for (const issue of parsed.error.issues) {
        const message = tv(issue.message);
        if (issue.message === 'validation.duplicateKey') {
          for (const field of duplicateKeyFields(candidate.model)) errors[field] ??= { error: { message } };
        } else if (issue.path.length) errors[fieldName(issue.path)] ??= { error: { message } };
      }
      form.setFields(errors as SetFields);
      const first = parsed.error.issues[0];
      const row = first ? issueRow(first.path, i18n) : null;
      const message = tv(first?.message ?? '');
      setFailure(row ? t('deviceType.issueAt', { row, message }) : message);
      return;
    }
    try {
      const body: DeviceTypeInput = parsed.data;
      await save.mutateAsync({ id: type?.id ?? null, body });
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
      const message = errorText(error, t('deviceType.requestFailed'));
      // A 409 naming no metric keys is the taken code; one naming keys is the metrics devices rely on.
      const keys = error instanceof ApiError ? (error.data as { keys?: unknown } | null)?.keys : undefined;
      if (error instanceof ApiError && error.code === 409 && keys === undefined) {
        form.setFields({ code: { error: { message } } } as SetFields);
      }
      setFailure(message);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="small"
      disabled={save.isPending}
      initialValues={initialValues(type)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <section className="device-type-section" aria-label={t('deviceType.section.basic')}>
        <div className="device-type-basics">
          <Form.Item
            label={t('deviceType.field.code')}
            field="code"
            required
            extra={t(builtin ? 'deviceType.field.codeBuiltin' : 'deviceType.field.codeHelp')}
            rules={[contractRule(fields.code, tv)]}
            {...(builtin ? { disabled: true } : {})}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('deviceType.field.nameZh')}
            field="nameZh"
            required
            rules={[contractRule(fields.nameZh, tv)]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            label={t('deviceType.field.nameEn')}
            field="nameEn"
            required
            rules={[contractRule(fields.nameEn, tv)]}
          >
            <Input maxLength={60} />
          </Form.Item>
        </div>
        <Form.Item
          label={t('deviceType.field.description')}
          field="description"
          rules={[contractRule(fields.description, tv)]}
        >
          <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </section>
      <ThingModelEditor i18n={i18n} lockedMetrics={lockedMetrics} />
      {failure ? <Alert className="device-type-notice" type="error" content={failure} /> : null}
    </Form>
  );
}
