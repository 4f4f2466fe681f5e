import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { RECORD_STATUSES, type RecordStatus, type usersApi } from '@water/contracts';
import type { z } from 'zod';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { roleQueries } from '../api/users-queries.ts';
import { statusText } from '../components/user-labels.tsx';
import type { UsersI18n } from '../use-users-i18n.ts';

export type UserListFilters = ListFilters<z.output<typeof usersApi.list.query>>;

/** The user list's filter row: keyword, role, status (the department is the tree beside the list). */
export function UserFilterFields({ list, i18n }: { list: UserListFilters; i18n: UsersI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const roles = useQuery(roleQueries.options(locale));
  return (
    <>
      <ListKeyword
        label={t('users.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <Select
        className="list-page__select"
        aria-label={t('users.filter.role')}
        placeholder={t('users.filter.allRoles')}
        allowClear
        loading={roles.isPending}
        value={filters.roleCode}
        onChange={(roleCode: string | undefined) => set({ roleCode })}
        options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.code }))}
      />
      <Select
        className="list-page__select"
        aria-label={t('users.filter.status')}
        placeholder={t('users.filter.allStatuses')}
        allowClear
        value={filters.status}
        onChange={(status: RecordStatus | undefined) => set({ status })}
        options={RECORD_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
      />
    </>
  );
}
