import { Form, type FormInstance, Input, Message } from '@arco-design/web-react';
import { type DeviceType, deviceTypeInputSchema } from '@water/contracts';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/http.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSaveDeviceType } from '../api/device-queries.ts';
import { useDeviceTypeI18n } from '../use-device-type-i18n.ts';
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

type Values = z.input<typeof deviceTypeInputSchema>;
type SetFields = Parameters<FormInstance<Values>['setFields']>[0];

/** `null` closed, `{ type: null }` a new type, `{ type }` an edit. */
export type DeviceTypeEditorTarget = { type: DeviceType | null } | null;

/** The thing model's rows as the form holds them (an emptied number box is undefined) in the form's values. */
const rows = (model: DeviceType['model'] | null) => modelRows(model) as Values['model'];

function initialValues(type: DeviceType | null): Partial<Values> {
  if (!type) return { code: '', nameZh: '', nameEn: '', description: '', model: rows(null) };
  const { code, nameZh, nameEn, description } = type;
  return { code, nameZh, nameEn, description, model: rows(type.model) };
}

/**
 * Create or edit a device type and its thing model. Wide: a metric row has ten columns, and at
 * 1280 px the drawer still leaves the catalogue's edge in view.
 */
export function DeviceTypeEditorDrawer({ target, onClose }: { target: DeviceTypeEditorTarget; onClose: () => void }) {
  const i18n = useDeviceTypeI18n();
  const { t, tv } = i18n;
  const save = useSaveDeviceType();
  const type = target?.type ?? null;
  const builtin = type?.builtin ?? false;
  // The server's rule (droppedMetrics): readings may already be stored under these keys.
  const lockedMetrics = type && (type.builtin || type.devices > 0) ? type.model.metrics.length : 0;
  const contract = useContractForm({
    schema: deviceTypeInputSchema,
    tv,
    toInput: (values: Values) => ({ ...values, model: modelInput(values.model as ThingModelValues) }),
    // Ranges, enum options and unique keys span fields a row cannot check alone: each issue goes on
    // its cell, repeated keys on every repeat, and the failure names the first one's row.
    onInvalid: (issues, form, input) => {
      const errors: Record<string, { error: { message: string } }> = {};
      for (const issue of issues) {
        const message = tv(issue.message);
        if (issue.message === 'validation.duplicateKey') {
          const model = (input as { model: ReturnType<typeof modelInput> }).model;
          for (const field of duplicateKeyFields(model)) errors[field] ??= { error: { message } };
        } else if (issue.path.length) errors[fieldName(issue.path)] ??= { error: { message } };
      }
      form.setFields(errors as SetFields);
      const first = issues[0];
      const row = first ? issueRow(first.path, i18n) : null;
      const message = tv(first?.message ?? '');
      return row ? t('deviceType.issueAt', { row, message }) : message;
    },
    submit: (body): Promise<unknown> =>
      save.mutateAsync({ id: type?.id ?? null, body }).catch((error: unknown) => {
        // A 409 naming no metric keys is the taken code; one naming keys is the metrics devices rely on.
        const keys = error instanceof ApiError ? (error.data as { keys?: unknown } | null)?.keys : undefined;
        if (error instanceof ApiError && error.code === 409 && keys === undefined) {
          const message = errorText(error, '');
          contract.form.setFields({ code: { error: { message } } } as SetFields);
        }
        throw error;
      }),
    onSaved: () => {
      Message.success(t(type === null ? 'deviceType.done.create' : 'deviceType.done.save'));
      onClose();
    },
  });
  const { rule } = contract;

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(type === null ? 'deviceType.drawer.create' : 'deviceType.drawer.edit')}
      onClose={onClose}
      width="min(1200px, calc(100vw - 48px))"
      size="small"
      initialValues={initialValues(type)}
      formKey={type?.id ?? 'new'}
      className="device-type-editor"
    >
      <section className="device-type-section" aria-label={t('deviceType.section.basic')}>
        <div className="device-type-basics">
          <Form.Item
            label={t('deviceType.field.code')}
            field="code"
            required
            extra={t(builtin ? 'deviceType.field.codeBuiltin' : 'deviceType.field.codeHelp')}
            rules={[rule('code')]}
            {...(builtin ? { disabled: true } : {})}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('deviceType.field.nameZh')} field="nameZh" required rules={[rule('nameZh')]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item label={t('deviceType.field.nameEn')} field="nameEn" required rules={[rule('nameEn')]}>
            <Input maxLength={60} />
          </Form.Item>
        </div>
        <Form.Item label={t('deviceType.field.description')} field="description" rules={[rule('description')]}>
          <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </section>
      <ThingModelEditor i18n={i18n} lockedMetrics={lockedMetrics} />
    </FormDrawer>
  );
}
