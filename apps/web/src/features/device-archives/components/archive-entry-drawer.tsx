import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Message,
  Select,
  Upload,
} from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  ARCHIVE_ATTACHMENT_EXTENSIONS,
  ARCHIVE_ATTACHMENT_MAX_BYTES,
  ARCHIVE_ATTACHMENTS_MAX,
  ARCHIVE_KINDS,
  type ArchiveAttachment,
  type ArchiveEntry,
  type ArchiveEntryInput,
  type ArchiveKind,
  archiveEntryInputSchema,
} from '@water/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { AttachmentList } from '../../../shared/ui/attachment-list.tsx';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import {
  deviceArchiveQueries,
  downloadArchiveFile,
  useArchiveAttachment,
  useSaveArchiveEntry,
} from '../api/device-archive-queries.ts';
import { type DeviceArchivesI18n, useDeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { asAttachmentItems, kindText } from './archive-labels.tsx';

type Values = {
  deviceId?: number;
  kind?: ArchiveKind;
  date?: string;
  performedBy: string;
  description: string;
  nextDue?: string | null;
};

const fields = archiveEntryInputSchema.shape;
/** An emptied date picker gives '' or undefined; the contract's "none" is null. */
const blank = (value: unknown) => (value === '' || value === undefined ? null : value);
// What the picker offers; not strict, so a wrong file still reaches the server, which reads the bytes.
const ACCEPT = ARCHIVE_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** `null` closed, `{ entry: null }` a new entry, `{ entry }` an edit. */
export type ArchiveDrawerTarget = { entry: ArchiveEntry | null } | null;

/**
 * Add or edit an archive entry. A new entry stays open once saved, as an edit, so its photos and
 * PDFs can be attached (files belong to a saved entry). With `deviceId` the device is given.
 */
export function ArchiveEntryDrawer({
  target,
  onClose,
  deviceId,
}: {
  target: ArchiveDrawerTarget;
  onClose: () => void;
  deviceId?: number;
}) {
  const i18n = useDeviceArchivesI18n();
  const { t } = i18n;
  const [form] = Form.useForm<Values>();
  const save = useSaveArchiveEntry();
  const [created, setCreated] = useState<ArchiveEntry | null>(null);
  const entry = created ?? target?.entry ?? null;
  const drawerTitle = t(entry === null ? 'deviceArchives.drawer.create' : 'deviceArchives.drawer.edit');
  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <Drawer
      width={560}
      visible={target !== null}
      title={drawerTitle}
      onCancel={close}
      footer={
        <>
          <Button onClick={close}>{t('deviceArchives.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('deviceArchives.save')}
          </Button>
        </>
      }
      unmountOnExit
      {...dialogAttributes(drawerTitle)}
    >
      {target ? (
        <>
          <EntryForm
            key={entry?.id ?? 'new'}
            entry={entry}
            deviceId={deviceId}
            i18n={i18n}
            form={form}
            save={save}
            onSaved={(saved) => {
              if (entry === null) {
                Message.success(t('deviceArchives.done.created'));
                setCreated(saved);
              } else {
                Message.success(t('deviceArchives.done.save'));
                close();
              }
            }}
          />
          {entry ? (
            <Attachments key={entry.id} entryId={entry.id} initial={entry.attachments} i18n={i18n} />
          ) : (
            <p className="device-archives-hint">{t('deviceArchives.attachments.saveFirst')}</p>
          )}
        </>
      ) : null}
    </Drawer>
  );
}

function initialValues(entry: ArchiveEntry | null, deviceId: number | undefined): Values {
  if (!entry) return { deviceId, performedBy: '', description: '' };
  return {
    deviceId: entry.deviceId,
    kind: entry.kind,
    date: entry.date,
    performedBy: entry.performedBy,
    description: entry.description,
    nextDue: entry.nextDue,
  };
}

/** The form's values as the contract's input; a next due date only goes with a calibration. */
function toInput(values: Values, deviceId: number | undefined): Record<string, unknown> {
  return {
    deviceId: deviceId ?? values.deviceId,
    kind: values.kind,
    date: values.date ?? '',
    performedBy: values.performedBy ?? '',
    description: values.description ?? '',
    nextDue: values.kind === 'calibration' ? blank(values.nextDue) : null,
  };
}

function EntryForm({
  entry,
  deviceId,
  i18n,
  form,
  save,
  onSaved,
}: {
  entry: ArchiveEntry | null;
  deviceId: number | undefined;
  i18n: DeviceArchivesI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveArchiveEntry>;
  onSaved: (entry: ArchiveEntry) => void;
}) {
  const { t, tv } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const kind: Values['kind'] = Form.useWatch('kind', form as FormInstance) ?? entry?.kind;
  const required = { required: true, message: t('deviceArchives.required') };

  async function submit(values: Values) {
    setFailure(null);
    // The whole schema: its refines (a next due date on a calibration, after its date) span fields.
    const parsed = archiveEntryInputSchema.safeParse(toInput(values, deviceId));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = tv(issue?.message ?? '');
      const field = issue?.path[0];
      if (typeof field === 'string') {
        form.setFields({ [field]: { error: { message } } } as Parameters<FormInstance<Values>['setFields']>[0]);
      }
      setFailure(message);
      return;
    }
    try {
      const body: ArchiveEntryInput = parsed.data;
      onSaved(await save.mutateAsync({ id: entry?.id ?? null, body }));
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('deviceArchives.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(entry, deviceId)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      {deviceId === undefined ? (
        <Form.Item label={t('deviceArchives.field.device')} field="deviceId" required rules={[required]}>
          <DevicePicker i18n={i18n} current={entry} />
        </Form.Item>
      ) : null}
      <div className="device-archives-form-row">
        <Form.Item label={t('deviceArchives.field.kind')} field="kind" required rules={[required]}>
          <Select
            aria-label={t('deviceArchives.field.kind')}
            placeholder={t('deviceArchives.field.kindPlaceholder')}
            // Scrapping is the device's own archive action.
            options={ARCHIVE_KINDS.filter((k) => k !== 'scrapping').map((k) => ({ label: kindText(k, t), value: k }))}
          />
        </Form.Item>
        <Form.Item label={t('deviceArchives.field.date')} field="date" required rules={[contractRule(fields.date, tv)]}>
          <DatePicker
            className="device-archives-date"
            placeholder={t('deviceArchives.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceArchives.field.date') }}
          />
        </Form.Item>
      </div>
      {kind === 'calibration' ? (
        <Form.Item
          label={t('deviceArchives.field.nextDue')}
          field="nextDue"
          extra={t('deviceArchives.field.nextDueHelp')}
          rules={[contractRule(z.preprocess(blank, fields.nextDue), tv)]}
        >
          <DatePicker
            className="device-archives-date"
            placeholder={t('deviceArchives.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceArchives.field.nextDue') }}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label={t('deviceArchives.field.performedBy')}
        field="performedBy"
        required
        rules={[contractRule(fields.performedBy, tv)]}
      >
        <Input maxLength={60} placeholder={t('deviceArchives.field.performedByPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('deviceArchives.field.description')}
        field="description"
        rules={[contractRule(fields.description, tv)]}
      >
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      {failure ? <Alert className="device-archives-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}

/** A searchable device picker over GET /devices?keyword=; an edited entry's device is always offered. */
function DevicePicker({
  value,
  onChange,
  i18n,
  current,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  i18n: DeviceArchivesI18n;
  current: ArchiveEntry | null;
}) {
  const { t, locale } = i18n;
  const [keyword, setKeyword] = useState('');
  const devices = useQuery(deviceArchiveQueries.deviceOptions(keyword, locale));
  const found = devices.data?.list ?? [];
  const options = found.map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }));
  if (current && !found.some((d) => d.id === current.deviceId)) {
    options.unshift({ label: `${current.deviceCode} ${current.deviceName}`, value: current.deviceId });
  }
  return (
    <Select
      aria-label={t('deviceArchives.field.device')}
      placeholder={t('deviceArchives.field.devicePlaceholder')}
      showSearch
      allowClear
      filterOption={false}
      loading={devices.isFetching}
      value={value}
      onChange={(id: number | undefined) => onChange?.(id)}
      onSearch={(text) => setKeyword(text.trim())}
      options={options}
    />
  );
}

/** The saved entry's files: add (checked for size here, for type and count by the server), remove, download. */
function Attachments({
  entryId,
  initial,
  i18n,
}: {
  entryId: number;
  initial: ArchiveAttachment[];
  i18n: DeviceArchivesI18n;
}) {
  const { t, locale } = i18n;
  const { add, remove } = useArchiveAttachment(entryId);
  const [files, setFiles] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => setFailure(errorText(error, t('deviceArchives.requestFailed')));
  const full = files.length >= ARCHIVE_ATTACHMENTS_MAX;

  return (
    <section className="device-archives-attachments" aria-label={t('deviceArchives.attachments.title')}>
      <AttachmentList
        items={asAttachmentItems(files)}
        onDownload={(file) => downloadArchiveFile(entryId, file, locale)}
        onRemove={(file) => {
          setFailure(null);
          remove.mutate(file.id, {
            onSuccess: () => setFiles((list) => list.filter((f) => f.id !== file.id)),
            onError: fail,
          });
        }}
        removeLabel={(file) => t('deviceArchives.attachments.remove', { name: file.name })}
      />
      <div className="device-archives-attachments__add">
        <Upload
          accept={{ type: ACCEPT, strict: false }}
          showUploadList={false}
          disabled={full}
          customRequest={({ file, onSuccess, onError }) => {
            setFailure(null);
            if (file.size > ARCHIVE_ATTACHMENT_MAX_BYTES) {
              onError({});
              setFailure(t('deviceArchives.attachments.tooLarge', { name: file.name }));
              return;
            }
            add.mutate(file, {
              onSuccess: (stored) => {
                setFiles((list) => [...list, stored]);
                onSuccess(stored);
              },
              onError: (error) => {
                onError({});
                fail(error);
              },
            });
          }}
        >
          <Button icon={<IconUpload />} loading={add.isPending} disabled={full}>
            {t('deviceArchives.attachments.add')}
          </Button>
        </Upload>
        <span className="device-archives-hint">{t('deviceArchives.attachments.help')}</span>
      </div>
      {failure ? <Alert className="device-archives-form-notice" type="error" content={failure} /> : null}
    </section>
  );
}
