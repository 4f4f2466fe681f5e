import { Form, Input, Message, Select, Switch } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Member, memberInputSchema } from '@water/contracts';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { organizationQueries, useSaveMember } from '../api/organization-queries.ts';
import { type OrganizationI18n, useOrganizationI18n } from '../use-organization-i18n.ts';
import '../../../shared/ui/facts-list.css';

/**
 * `null` closed; `{ member: null, department }` a user to add to that department; `{ member }` a
 * membership to edit (its position and whether it is the user's main department).
 */
export type MemberDrawerTarget = { member: null; department: { id: number; name: string } } | { member: Member } | null;

export function MemberFormDrawer({ target, onClose }: { target: MemberDrawerTarget; onClose: () => void }) {
  const i18n = useOrganizationI18n();
  const { t, tv, locale } = i18n;
  const save = useSaveMember();
  const member = target?.member ?? null;
  const department = member
    ? { id: member.departmentId, name: member.departmentName }
    : target && !target.member
      ? target.department
      : null;
  const contract = useContractForm({
    schema: memberInputSchema,
    // The user of an edited membership and the department are the drawer's, not fields.
    toInput: (values) => ({ ...values, userId: member?.userId ?? values.userId, departmentId: department?.id }),
    tv,
    submit: (body) => save.mutateAsync(body),
    onSaved: () => {
      Message.success(t('org.done.save'));
      onClose();
    },
  });

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={
        member
          ? t('org.member.modal.edit')
          : department
            ? t('org.member.modal.add', { department: department.name })
            : ''
      }
      onClose={onClose}
      width={480}
      initialValues={{ position: member?.position ?? '', isMain: member?.isMain ?? false }}
      formKey={member ? `${member.departmentId}-${member.userId}` : `new-${department?.id}`}
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
          rules={[contract.required]}
        >
          <UserPicker i18n={i18n} />
        </Form.Item>
      )}
      <Form.Item label={t('org.member.field.position')} field="position" rules={[contract.rule('position')]}>
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
    </FormDrawer>
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
