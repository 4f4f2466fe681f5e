import { Alert, Button, DatePicker, Form, Input, Message, Select, Upload } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  ARCHIVE_ATTACHMENT_EXTENSIONS,
  ARCHIVE_ATTACHMENT_MAX_BYTES,
  ARCHIVE_ATTACHMENTS_MAX,
  ARCHIVE_KINDS,
  type ArchiveAttachment,
  type ArchiveEntry,
  archiveEntryInputSchema,
} from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { AttachmentList } from '../../../shared/ui/attachment-list.tsx';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import {
  deviceArchiveQueries,
  downloadArchiveFile,
  useArchiveAttachment,
  useSaveArchiveEntry,
} from '../api/device-archive-queries.ts';
import { type DeviceArchivesI18n, useDeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { asAttachmentItems, kindText } from './archive-labels.tsx';

type Values = z.input<typeof archiveEntryInputSchema>;

// What the picker offers; not strict, so a wrong file still reaches the server, which reads the bytes.
const ACCEPT = ARCHIVE_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** `null` closed, `{ entry: null }` a new entry, `{ entry }` an edit. */
export type ArchiveDrawerTarget = { entry: ArchiveEntry | null } | null;

function initialValues(entry: ArchiveEntry | null, deviceId: number | undefined): Partial<Values> {
  if (!entry) return { deviceId, performedBy: '', description: '' };
  const { kind, date, performedBy, description, nextDue } = entry;
  return { deviceId: entry.deviceId, kind, date, performedBy, description, nextDue };
}

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
  const { t, tv } = i18n;
  const save = useSaveArchiveEntry();
  const [created, setCreated] = useState<ArchiveEntry | null>(null);
  const entry = created ?? target?.entry ?? null;
  const close = () => {
    setCreated(null);
    onClose();
  };
  const contract = useContractForm({
    schema: archiveEntryInputSchema,
    tv,
    // The given device wins; a next due date only goes with a calibration.
    toInput: (values: Values): Values => ({
      ...values,
      deviceId: deviceId ?? values.deviceId,
      date: values.date ?? '',
      nextDue: values.kind === 'calibration' ? (blankAsNull(values.nextDue) as string | null) : null,
    }),
    submit: (body) => save.mutateAsync({ id: entry?.id ?? null, body }),
    onSaved: (saved) => {
      if (entry === null) {
        Message.success(t('deviceArchives.done.created'));
        setCreated(saved);
      } else {
        Message.success(t('deviceArchives.done.save'));
        close();
      }
    },
  });
  const kind: Values['kind'] | undefined = Form.useWatch('kind', contract.form) ?? entry?.kind;
  const { rule } = contract;

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(entry === null ? 'deviceArchives.drawer.create' : 'deviceArchives.drawer.edit')}
      onClose={close}
      initialValues={initialValues(entry, deviceId)}
      formKey={entry?.id ?? 'new'}
    >
      {deviceId === undefined ? (
        <Form.Item label={t('deviceArchives.field.device')} field="deviceId" required rules={[contract.required]}>
          <DevicePicker i18n={i18n} current={entry} />
        </Form.Item>
      ) : null}
      <FormRow>
        <Form.Item label={t('deviceArchives.field.kind')} field="kind" required rules={[contract.required]}>
          <Select
            aria-label={t('deviceArchives.field.kind')}
            placeholder={t('deviceArchives.field.kindPlaceholder')}
            // Scrapping is the device's own archive action.
            options={ARCHIVE_KINDS.filter((k) => k !== 'scrapping').map((k) => ({ label: kindText(k, t), value: k }))}
          />
        </Form.Item>
        <Form.Item label={t('deviceArchives.field.date')} field="date" required rules={[rule('date')]}>
          <DatePicker
            placeholder={t('deviceArchives.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceArchives.field.date') }}
          />
        </Form.Item>
      </FormRow>
      {kind === 'calibration' ? (
        <Form.Item
          label={t('deviceArchives.field.nextDue')}
          field="nextDue"
          extra={t('deviceArchives.field.nextDueHelp')}
          rules={[rule('nextDue')]}
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
        rules={[rule('performedBy')]}
      >
        <Input maxLength={60} placeholder={t('deviceArchives.field.performedByPlaceholder')} />
      </Form.Item>
      <Form.Item label={t('deviceArchives.field.description')} field="description" rules={[rule('description')]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      {/* The files are not fields of the form: each is sent on its own, to a saved entry. */}
      {entry ? (
        <Attachments key={entry.id} entryId={entry.id} initial={entry.attachments} i18n={i18n} />
      ) : (
        <p className="device-archives-hint">{t('deviceArchives.attachments.saveFirst')}</p>
      )}
    </FormDrawer>
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
