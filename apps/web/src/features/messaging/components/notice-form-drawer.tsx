import { Alert, Button, Checkbox, Form, Input, Radio, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type DepartmentNode, type Notice, noticeInputSchema } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { IdsTreeSelect, type IdTreeNode } from '../../../shared/ui/id-tree-select.tsx';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { EditorField } from '../../../shared/ui/rich-text/editor-field.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { noticeQueries, useSaveNotice } from '../api/notice-queries.ts';
import { type MessagingI18n, useMessagingI18n } from '../use-messaging-i18n.ts';
import { NoticeAttachmentsField } from './notice-attachments-field.tsx';
import { NoticeDetails } from './notice-details.tsx';
import { levelText, NOTICE_LEVELS, roleText, useRoleNames } from './notice-labels.tsx';

type Values = z.input<typeof noticeInputSchema>;

/** `null` closed, `{ id: null }` a new notice, `{ id }` a draft to edit. */
export type NoticeDrawerTarget = { id: number | null } | null;

function initialValues(notice: Notice | null): Values {
  if (!notice) return { title: '', level: 0, audience: { type: 'all' }, contentHtml: '', sms: false };
  const { title, level, audience, contentHtml, sms } = notice;
  return { title, level, audience, contentHtml, sms: sms ?? false };
}

/**
 * The form's values as the contract's input. The audience's `codes` and `ids` stay in the form while
 * another audience is picked (the contract drops them); an unticked SMS box is absent, so a
 * console-only notice is sent as it was before SMS existed.
 */
const toInput = (values: Values): Values => ({
  ...values,
  title: values.title ?? '',
  contentHtml: values.contentHtml ?? '',
  sms: values.sms ? true : undefined,
});

/** Create or edit a draft; after saving, shows the notice as the server stored it. */
export function NoticeFormDrawer({ target, onClose }: { target: NoticeDrawerTarget; onClose: () => void }) {
  const i18n = useMessagingI18n();
  const { t, tv, locale } = i18n;
  const [saved, setSaved] = useState<Notice | null>(null);
  // After "keep editing", the saved notice is the draft being edited.
  const editingId = saved?.id ?? target?.id ?? null;
  const [editing, setEditing] = useState(true);
  const save = useSaveNotice();
  const existing = useQuery({
    ...noticeQueries.detail(editingId ?? 0, locale),
    enabled: target !== null && editingId !== null,
  });
  const contract = useContractForm({
    schema: noticeInputSchema,
    toInput,
    tv,
    submit: (body) => save.mutateAsync({ id: editingId, body }),
    // No toast: the drawer turns to the stored notice under a "saved" note of its own.
    onSaved: (notice) => {
      setSaved(notice);
      setEditing(false);
    },
  });

  const close = () => {
    onClose();
    setSaved(null);
    setEditing(true);
  };

  const viewing = !editing && saved !== null;
  let instead: React.ReactNode = null;
  if (viewing) {
    instead = (
      <>
        <Alert className="notice-form-notice" type="success" content={t('messaging.notices.savedNote')} />
        <NoticeDetails notice={saved} i18n={i18n} />
      </>
    );
  } else if (editingId !== null && !existing.data) {
    instead = existing.isError ? (
      <LoadFailedResult
        error={existing.error}
        onRetry={() => existing.refetch()}
        title={t('messaging.notices.loadFailed')}
        requestFailed={t('messaging.notices.requestFailed')}
        retryLabel={t('messaging.notices.retry')}
      />
    ) : (
      <Spin className="notice-drawer-loading" />
    );
  }

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={
        viewing
          ? t('messaging.notices.drawer.preview')
          : t(editingId === null ? 'messaging.notices.drawer.create' : 'messaging.notices.drawer.edit')
      }
      onClose={close}
      width={760}
      initialValues={initialValues(existing.data ?? null)}
      formKey={editingId ?? 'new'}
      saveText={t('messaging.notices.saveDraft')}
      instead={instead}
      footer={
        viewing ? (
          <>
            <Button onClick={() => setEditing(true)}>{t('messaging.notices.backToEdit')}</Button>
            <Button type="primary" onClick={close}>
              {t('messaging.notices.close')}
            </Button>
          </>
        ) : undefined
      }
      className="notice-drawer"
    >
      <Form.Item label={t('messaging.notices.field.title')} field="title" required rules={[contract.rule('title')]}>
        <Input placeholder={t('messaging.notices.field.titlePlaceholder')} maxLength={100} showWordLimit />
      </Form.Item>
      <Form.Item label={t('messaging.notices.field.level')} field="level">
        <Radio.Group type="button">
          {NOTICE_LEVELS.map((level) => (
            <Radio key={level} value={level}>
              {levelText(level, t)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('messaging.notices.field.audience')} field="audience.type">
        <Radio.Group>
          <Radio value="all">{t('messaging.notices.audience.all')}</Radio>
          <Radio value="roles">{t('messaging.notices.audience.roles')}</Radio>
          <Radio value="departments">{t('messaging.notices.audience.chosenDepartments')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(values: Partial<Values>) =>
          values.audience?.type === 'roles' ? (
            <Form.Item
              label={t('messaging.notices.field.roles')}
              field="audience.codes"
              required
              rules={[chosen(t('messaging.notices.field.rolesRequired'))]}
            >
              <RoleChoices i18n={i18n} />
            </Form.Item>
          ) : values.audience?.type === 'departments' ? (
            <Form.Item
              label={t('messaging.notices.field.departments')}
              field="audience.ids"
              required
              extra={t('messaging.notices.field.departmentsHelp')}
              rules={[chosen(t('messaging.notices.field.departmentsRequired'))]}
            >
              <DepartmentPicker i18n={i18n} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item field="sms" triggerPropName="checked" extra={t('messaging.notices.field.smsHelp')}>
        <Checkbox>{t('messaging.notices.field.sms')}</Checkbox>
      </Form.Item>
      <Form.Item
        label={t('messaging.notices.field.content')}
        field="contentHtml"
        extra={t('messaging.notices.field.contentHelp')}
        rules={[contract.rule('contentHtml')]}
      >
        <EditorField
          placeholder={t('messaging.notices.editor.placeholder')}
          ariaLabel={t('messaging.notices.editor.label')}
        />
      </Form.Item>
      <Form.Item label={t('messaging.notices.field.attachments')}>
        <NoticeAttachmentsField id={editingId} i18n={i18n} />
      </Form.Item>
    </FormDrawer>
  );
}

/** At least one role or department: the contract's own message would not say which. */
const chosen = (message: string) => ({
  validator: (value: unknown[] | undefined, callback: (error?: string) => void) =>
    callback(value?.length ? undefined : message),
});

const toTreeData = (nodes: DepartmentNode[]): IdTreeNode[] =>
  nodes.map((d) => ({ key: String(d.id), title: d.name, children: toTreeData(d.children) }));

/** The enabled departments as a checkable tree; a checked department includes everything below it. */
function DepartmentPicker({
  value,
  onChange,
  i18n,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  i18n: MessagingI18n;
}) {
  const { t, locale } = i18n;
  const departments = useQuery(referenceQueries.departmentTree(locale));
  return (
    <IdsTreeSelect
      loading={departments.isLoading}
      placeholder={t('messaging.notices.field.departmentsPlaceholder')}
      treeData={toTreeData(departments.data ?? [])}
      value={value}
      onChange={onChange}
      label={t('messaging.notices.field.departments')}
    />
  );
}

/** The enabled roles as checkboxes (a draft's role that no longer exists still shows, by its code). */
function RoleChoices({
  value,
  onChange,
  i18n,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  i18n: MessagingI18n;
}) {
  const names = useRoleNames();
  const codes = [...new Set([...names.keys(), ...(value ?? [])])];
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(codes: string[]) => onChange?.(codes)}
      options={codes.map((code) => ({ label: roleText(code, i18n.t, names), value: code }))}
    />
  );
}
