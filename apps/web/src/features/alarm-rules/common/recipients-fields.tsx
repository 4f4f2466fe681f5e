import { Form, Select } from '@arco-design/web-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { DepartmentNode } from '@water/contracts';
import { useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { IdsTreeSelect, type IdTreeNode } from '../../../shared/ui/id-tree-select.tsx';
import { alarmRuleQueries } from '../api/alarm-rule-queries.ts';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

// Departments above the caller's data scope are there for context only: shown, never picked.
const departmentNodes = (nodes: DepartmentNode[]): IdTreeNode[] =>
  nodes.map((d) => ({
    key: String(d.id),
    title: d.name,
    disabled: d.inScope === false,
    children: departmentNodes(d.children),
  }));

/**
 * Who is told: users, holders of roles and members of departments (a department includes those
 * below it). `base` is the recipients' field path (`recipients`, `escalation.recipients`); `kind`
 * words the pickers' names so the two sets of one form are told apart.
 */
export function RecipientsFields({
  base,
  kind,
  i18n,
}: {
  base: string;
  kind: 'notify' | 'escalate';
  i18n: AlarmRulesI18n;
}) {
  const { t, locale } = i18n;
  const roles = useQuery(referenceQueries.roleOptions(locale));
  const departments = useQuery(referenceQueries.departmentTree(locale));
  const label = (what: 'users' | 'roles' | 'departments') => t(`alarmRules.recipients.${kind}.${what}`);
  return (
    <div className="alarm-rules-grid alarm-rules-grid--3">
      <Form.Item label={label('users')} field={`${base}.userIds`}>
        <UserMultiSelect i18n={i18n} label={label('users')} />
      </Form.Item>
      <Form.Item label={label('roles')} field={`${base}.roleCodes`}>
        <Select
          aria-label={label('roles')}
          mode="multiple"
          allowClear
          placeholder={t('alarmRules.recipients.rolesPlaceholder')}
          loading={roles.isPending}
          options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.code }))}
        />
      </Form.Item>
      <Form.Item
        label={label('departments')}
        field={`${base}.departmentIds`}
        extra={t('alarmRules.recipients.departmentsHelp')}
      >
        <IdsTreeSelect
          label={label('departments')}
          placeholder={t('alarmRules.recipients.departmentsPlaceholder')}
          loading={departments.isPending}
          treeData={departmentNodes(departments.data ?? [])}
        />
      </Form.Item>
    </div>
  );
}

/**
 * Enabled users found by name. Chosen users the search page does not list are read one by one to
 * name them (a rule names a handful); one that cannot be read shows as its number.
 */
function UserMultiSelect({
  i18n,
  label,
  value,
  onChange,
}: {
  i18n: AlarmRulesI18n;
  label: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t, locale } = i18n;
  const [keyword, setKeyword] = useState('');
  const users = useQuery(alarmRuleQueries.users(keyword, locale));
  const chosen = value ?? [];
  const listed = new Map(
    (users.data?.list ?? []).map((u) => [
      u.id,
      u.departmentName ? `${u.displayName} · ${u.departmentName}` : u.displayName,
    ]),
  );
  const missing = chosen.filter((id) => !listed.has(id));
  const named = useQueries({ queries: missing.map((id) => alarmRuleQueries.user(id, locale)) });
  const options = [...listed].map(([id, name]) => ({ label: name, value: id }));
  missing.forEach((id, i) => {
    const user = named[i]?.data;
    options.push({ label: user ? user.displayName : t('alarmRules.recipients.userNumber', { id }), value: id });
  });
  return (
    <Select
      aria-label={label}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      placeholder={t('alarmRules.recipients.usersPlaceholder')}
      loading={users.isFetching}
      onSearch={setKeyword}
      options={options}
      value={chosen}
      onChange={(ids: number[]) => onChange?.(ids)}
    />
  );
}
