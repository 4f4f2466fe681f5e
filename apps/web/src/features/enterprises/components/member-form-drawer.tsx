import { Alert, Button, Drawer, Form, type FormInstance, Input, Message, Select, Switch } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Member, memberInputSchema } from '@water/contracts';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { organizationQueries, useSaveMember } from '../api/organization-queries.ts';
import { type OrganizationI18n, useOrganizationI18n } from '../use-organization-i18n.ts';
import '../../../shared/ui/facts-list.css';

type Values = { userId: number | undefined; position: string; isMain: boolean };

const fields = memberInputSchema.shape;

/**
 * `null` closed; `{ member: null, department }` a user to add to that department; `{ member }` a
 * membership to edit (its position and whether it is the user's main department).
 */
export type MemberDrawerTarget = { member: null; department: { id: number; name: string } } | { member: Member } | null;

export function MemberFormDrawer({ target, onClose }: { target: MemberDrawerTarget; onClose: () => void }) {
  const i18n = useOrganizationI18n();
  const { t } = i18n;
  const [form] = Form.useForm<Values>();
  const save = useSaveMember();
  const title = !target
    ? ''
    : target.member
      ? t('org.member.modal.edit')
      : t('org.member.modal.add', { department: target.department.name });

  return (
    <Drawer
      width={480}
      visible={target !== null}
      title={title}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('org.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('org.save')}
          </Button>
        </>
      }
      unmountOnExit
      {...dialogAttributes(title)}
      className="org-drawer"
    >
      {target ? (
        <MemberForm
          target={target}
          i18n={i18n}
          form={form}
          save={save}
          onSaved={() => {
            Message.success(t('org.done.save'));
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function MemberForm({
  target,
  i18n,
  form,
  save,
  onSaved,
}: {
  target: NonNullable<MemberDrawerTarget>;
  i18n: OrganizationI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveMember>;
  onSaved: () => void;
}) {
  const { t, tv, locale } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const member = target.member;
  const department = member ? { id: member.departmentId, name: member.departmentName } : target.department;

  async function submit(values: Values) {
    setFailure(null);
    const parsed = memberInputSchema.safeParse({
      userId: member ? member.userId : values.userId,
      departmentId: department.id,
      position: values.position,
      isMain: values.isMain,
    });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('org.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={{ userId: undefined, position: member?.position ?? '', isMain: member?.isMain ?? false }}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      {member ? (
        <dl className="facts-list">
          <dt>{t('org.member.field.user')}</dt>
          <dd>
            {member.displayName} <span className="org-muted">({member.username})</span>
          </dd>
          <dt>{t('org.member.field.department')}</dt>
          <dd>{member.departmentName}</dd>
          <dt>{t('org.member.col.joinedAt')}</dt>
          <dd>{formatDateTime(member.joinedAt, locale)}</dd>
        </dl>
      ) : (
        <Form.Item
          label={t('org.member.field.user')}
          field="userId"
          required
          extra={t('org.member.field.userHelp')}
          rules={[{ required: true, message: tv('validation.required') }]}
        >
          <UserPicker i18n={i18n} />
        </Form.Item>
      )}
      <Form.Item label={t('org.member.field.position')} field="position" rules={[contractRule(fields.position, tv)]}>
        <Input placeholder={t('org.member.field.positionPlaceholder')} maxLength={50} />
      </Form.Item>
      <Form.Item
        label={t('org.member.field.isMain')}
        field="isMain"
        triggerPropName="checked"
        extra={t('org.member.field.isMainHelp')}
      >
        <Switch aria-label={t('org.member.field.isMain')} />
      </Form.Item>
      {failure ? <Alert className="org-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}

/**
 * Picks a user by name, username or phone. There is no user list API yet: the candidates are the
 * users who are a member of some department (the member list across all departments).
 */
function UserPicker({
  i18n,
  value,
  onChange,
}: {
  i18n: OrganizationI18n;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const { t, locale } = i18n;
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // One request per pause in typing, not per key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery({ ...organizationQueries.memberUsers(keyword, locale), placeholderData: keepPreviousData });

  return (
    <Select
      aria-label={t('org.member.field.user')}
      placeholder={t('org.member.field.userPlaceholder')}
      showSearch
      allowClear
      // The server has filtered already.
      filterOption={false}
      loading={users.isFetching}
      value={value}
      onChange={(id: number | undefined) => onChange?.(id)}
      onSearch={setTyped}
      notFoundContent={<span className="org-muted">{t('org.member.field.userNotFound')}</span>}
      options={(users.data ?? []).map((u) => ({
        value: u.userId,
        label: `${u.displayName} (${u.username}${u.phone && u.phone !== u.username ? ` · ${u.phone}` : ''})`,
      }))}
    />
  );
}
