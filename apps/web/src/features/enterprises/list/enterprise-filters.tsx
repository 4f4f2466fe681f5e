import { Select } from '@arco-design/web-react';
import {
  ENTERPRISE_TYPES,
  type EnterpriseType,
  type organizationApi,
  RECORD_STATUSES,
  type RecordStatus,
} from '@water/contracts';
import type { z } from 'zod';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { statusText, typeText } from '../components/organization-labels.tsx';
import type { OrganizationI18n } from '../use-organization-i18n.ts';

export type EnterpriseListFilters = ListFilters<z.output<typeof organizationApi.enterprises.query>>;

/** The enterprise list's filter row: keyword (name or credit code), type, status. */
export function EnterpriseFilterFields({ list, i18n }: { list: EnterpriseListFilters; i18n: OrganizationI18n }) {
  const { t } = i18n;
  const { filters, set } = list;
  return (
    <>
      <ListKeyword
        label={t('org.enterprise.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <Select
        className="list-page__select"
        aria-label={t('org.enterprise.filter.type')}
        placeholder={t('org.enterprise.filter.allTypes')}
        allowClear
        value={filters.type}
        onChange={(type: EnterpriseType | undefined) => set({ type })}
        options={ENTERPRISE_TYPES.map((type) => ({ label: typeText(type, t), value: type }))}
      />
      <Select
        className="list-page__select"
        aria-label={t('org.enterprise.filter.status')}
        placeholder={t('org.enterprise.filter.allStatuses')}
        allowClear
        value={filters.status}
        onChange={(status: RecordStatus | undefined) => set({ status })}
        options={RECORD_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
      />
    </>
  );
}
