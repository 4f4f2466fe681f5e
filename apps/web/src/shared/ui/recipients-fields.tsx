import { Form, Select } from '@arco-design/web-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { DepartmentNode } from '@water/contracts';
import { useState } from 'react';
import { referenceQueries } from '../api/reference-queries.ts';
import { IdsTreeSelect, type IdTreeNode } from './id-tree-select.tsx';
import { useSharedUiI18n } from './use-shared-ui-i18n.ts';
import './recipients-fields.css';

/** The three pickers' names, which say what the recipients are for ("Users told", "Users escalated to"). */
export interface RecipientLabels {
  users: string;
  roles: string;
  departments: string;
}

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
 * below it), as the contracts' `{ userIds, roleCodes, departmentIds }` at `base` (`recipients`,
 * `escalation.recipients`, `audience`). `error` is a message on the three together (nobody chosen),
 * shown under them as a field's error is.
 */
export function RecipientsFields({
  base,
  labels,
  error,
}: {
  base: string;
  labels: RecipientLabels;
  error?: string | null | undefined;
}) {
  const { t, locale } = useSharedUiI18n();
  const roles = useQuery(referenceQueries.roleOptions(locale));
  const departments = useQuery(referenceQueries.departmentTree(locale));
  return (
    <>
      <div className={`recipients-fields${error ? ' recipients-fields--error' : ''}`}>
        <Form.Item label={labels.users} field={`${base}.userIds`}>
          <UserMultiSelect label={labels.users} />
        </Form.Item>
        <Form.Item label={labels.roles} field={`${base}.roleCodes`}>
          <Select
            aria-label={labels.roles}
            mode="multiple"
            allowClear
            placeholder={t('recipients.rolesPlaceholder')}
            loading={roles.isPending}
            options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.code }))}
          />
        </Form.Item>
        <Form.Item label={labels.departments} field={`${base}.departmentIds`} extra={t('recipients.departmentsHelp')}>
          <IdsTreeSelect
            label={labels.departments}
            placeholder={t('recipients.departmentsPlaceholder')}
            loading={departments.isPending}
            treeData={departmentNodes(departments.data ?? [])}
          />
        </Form.Item>
      </div>
      {error ? (
        <div className="recipients-fields__error arco-form-message" role="alert">
          {error}
        </div>
      ) : null}
    </>
  );
}

/**
 * Enabled users found by name. Chosen users the search page does not list are read one by one to
 * name them (a handful at a time); one that cannot be read shows as its number.
 */
function UserMultiSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t, locale } = useSharedUiI18n();
  const [keyword, setKeyword] = useState('');
  const users = useQuery(referenceQueries.userOptions(keyword, locale));
  const chosen = value ?? [];
  const listed = new Map(
    (users.data?.list ?? []).map((u) => [
      u.id,
      u.departmentName ? `${u.displayName} · ${u.departmentName}` : u.displayName,
    ]),
  );
  const missing = chosen.filter((id) => !listed.has(id));
  const named = useQueries({ queries: missing.map((id) => referenceQueries.userOption(id, locale)) });
  const options = [...listed].map(([id, name]) => ({ label: name, value: id }));
  missing.forEach((id, i) => {
    const user = named[i]?.data;
    options.push({ label: user ? user.displayName : t('recipients.userNumber', { id }), value: id });
  });
  return (
    <Select
      aria-label={label}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      placeholder={t('recipients.usersPlaceholder')}
      loading={users.isFetching}
      onSearch={setKeyword}
      options={options}
      value={chosen}
      onChange={(ids: number[]) => onChange?.(ids)}
    />
  );
}
