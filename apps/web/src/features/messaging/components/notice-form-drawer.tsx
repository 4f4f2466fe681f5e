import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Radio,
  Spin,
  TreeSelect,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type DepartmentNode, type Notice, type NoticeAudience, noticeInputSchema } from '@water/contracts';
import { useState } from 'react';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText } from '../../../shared/ui/form-rules.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { EditorField } from '../../../shared/ui/rich-text/editor-field.tsx';
import { noticeQueries, useSaveNotice } from '../api/notice-queries.ts';
import { type MessagingI18n, useMessagingI18n } from '../use-messaging-i18n.ts';
import { NoticeAttachmentsField } from './notice-attachments-field.tsx';
import { NoticeDetails } from './notice-details.tsx';
import { levelText, NOTICE_LEVELS, roleText, useRoleNames } from './notice-labels.tsx';

interface Values {
  title: string;
  level: Notice['level'];
  audienceType: NoticeAudience['type'];
  roleCodes: string[];
  departmentIds: number[];
  contentHtml: string;
  sms: boolean;
}

const fields = noticeInputSchema.shape;

/** `null` closed, `{ id: null }` a new notice, `{ id }` a draft to edit. */
export type NoticeDrawerTarget = { id: number | null } | null;

/** Create or edit a draft; after saving, shows the notice as the server stored it. */
export function NoticeFormDrawer({ target, onClose }: { target: NoticeDrawerTarget; onClose: () => void }) {
  const i18n = useMessagingI18n();
  const { t, locale } = i18n;
  const [saved, setSaved] = useState<Notice | null>(null);
  // After "keep editing", the saved notice is the draft being edited.
  const editingId = saved?.id ?? target?.id ?? null;
  const [editing, setEditing] = useState(true);
  // The drawer's footer submits the form, so both live here.
  const [form] = Form.useForm<Values>();
  const save = useSaveNotice();
  const existing = useQuery({
    ...noticeQueries.detail(editingId ?? 0, locale),
    enabled: target !== null && editingId !== null,
  });

  const close = () => {
    onClose();
    setSaved(null);
    setEditing(true);
  };

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (!editing && saved) {
    body = (
      <>
        <Alert className="notice-form-notice" type="success" content={t('messaging.notices.savedNote')} />
        <NoticeDetails notice={saved} i18n={i18n} />
      </>
    );
    footer = (
      <>
        <Button onClick={() => setEditing(true)}>{t('messaging.notices.backToEdit')}</Button>
        <Button type="primary" onClick={close}>
          {t('messaging.notices.close')}
        </Button>
      </>
    );
  } else if (editingId !== null && !existing.data) {
    body = existing.isError ? (
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
    footer = <Button onClick={close}>{t('messaging.notices.cancel')}</Button>;
  } else {
    body = (
      <NoticeForm
        key={editingId ?? 'new'}
        id={editingId}
        notice={existing.data ?? null}
        i18n={i18n}
        form={form}
        save={save}
        onSaved={(notice) => {
          setSaved(notice);
          setEditing(false);
        }}
      />
    );
    footer = (
      <>
        <Button onClick={close}>{t('messaging.notices.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('messaging.notices.saveDraft')}
        </Button>
      </>
    );
  }

  const drawerTitle =
    !editing && saved
      ? t('messaging.notices.drawer.preview')
      : t(editingId === null ? 'messaging.notices.drawer.create' : 'messaging.notices.drawer.edit');

  return (
    <Drawer
      width={760}
      visible={target !== null}
      title={drawerTitle}
      onCancel={close}
      footer={footer}
      unmountOnExit
      // Arco's drawer gives itself no role; its wrapper takes extra attributes.
      {...dialogAttributes(drawerTitle)}
      className="notice-drawer"
    >
      {body}
    </Drawer>
  );
}

function initialValues(notice: Notice | null): Values {
  if (!notice) {
    return { title: '', level: 0, audienceType: 'all', roleCodes: [], departmentIds: [], contentHtml: '', sms: false };
  }
  return {
    title: notice.title,
    level: notice.level,
    audienceType: notice.audience.type,
    roleCodes: notice.audience.type === 'roles' ? notice.audience.codes : [],
    departmentIds: notice.audience.type === 'departments' ? notice.audience.ids : [],
    contentHtml: notice.contentHtml,
    sms: notice.sms ?? false,
  };
}

function NoticeForm({
  id,
  notice,
  i18n,
  form,
  save,
  onSaved,
}: {
  id: number | null;
  notice: Notice | null;
  i18n: MessagingI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveNotice>;
  onSaved: (notice: Notice) => void;
}) {
  const { t, tv } = i18n;
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: Values) {
    setFailure(null);
    const audience: NoticeAudience =
      values.audienceType === 'roles'
        ? { type: 'roles', codes: values.roleCodes }
        : values.audienceType === 'departments'
          ? { type: 'departments', ids: values.departmentIds ?? [] }
          : { type: 'all' };
    const parsed = noticeInputSchema.safeParse({
      title: values.title ?? '',
      contentHtml: values.contentHtml ?? '',
      level: values.level,
      audience,
      // Absent is false: a console-only notice is sent as it was before SMS existed.
      ...(values.sms ? { sms: true } : {}),
    });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      // No toast: the drawer turns to the stored notice under a "saved" notice of its own.
      onSaved(await save.mutateAsync({ id, body: parsed.data }));
    } catch (error) {
      setFailure(errorText(error, t('messaging.notices.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(notice)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <Form.Item
        label={t('messaging.notices.field.title')}
        field="title"
        required
        rules={[contractRule(fields.title, tv)]}
      >
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
      <Form.Item label={t('messaging.notices.field.audience')} field="audienceType">
        <Radio.Group>
          <Radio value="all">{t('messaging.notices.audience.all')}</Radio>
          <Radio value="roles">{t('messaging.notices.audience.roles')}</Radio>
          <Radio value="departments">{t('messaging.notices.audience.chosenDepartments')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(values: Partial<Values>) =>
          values.audienceType === 'roles' ? (
            <Form.Item
              label={t('messaging.notices.field.roles')}
              field="roleCodes"
              required
              rules={[
                {
                  validator: (value: string[] | undefined, callback) =>
                    callback(value?.length ? undefined : t('messaging.notices.field.rolesRequired')),
                },
              ]}
            >
              <RoleChoices i18n={i18n} />
            </Form.Item>
          ) : values.audienceType === 'departments' ? (
            <Form.Item
              label={t('messaging.notices.field.departments')}
              field="departmentIds"
              required
              extra={t('messaging.notices.field.departmentsHelp')}
              rules={[
                {
                  validator: (value: number[] | undefined, callback) =>
                    callback(value?.length ? undefined : t('messaging.notices.field.departmentsRequired')),
                },
              ]}
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
        rules={[contractRule(fields.contentHtml, tv)]}
      >
        <EditorField
          placeholder={t('messaging.notices.editor.placeholder')}
          ariaLabel={t('messaging.notices.editor.label')}
        />
      </Form.Item>
      <Form.Item label={t('messaging.notices.field.attachments')}>
        <NoticeAttachmentsField id={id} i18n={i18n} />
      </Form.Item>
      {failure ? <Alert className="notice-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}

interface TreeNode {
  key: string;
  title: string;
  children: TreeNode[];
}

const toTreeData = (nodes: DepartmentNode[]): TreeNode[] =>
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
  const departments = useQuery(noticeQueries.departments(locale));
  return (
    <TreeSelect
      multiple
      treeCheckable
      treeCheckedStrategy="parent"
      allowClear
      showSearch
      loading={departments.isLoading}
      placeholder={t('messaging.notices.field.departmentsPlaceholder')}
      treeData={toTreeData(departments.data ?? [])}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={(value ?? []).map(String)}
      onChange={(keys: string[]) => onChange?.(keys.map(Number))}
      aria-label={t('messaging.notices.field.departments')}
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
