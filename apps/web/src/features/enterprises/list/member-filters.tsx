import { Switch } from '@arco-design/web-react';
import type { organizationApi } from '@water/contracts';
import type { z } from 'zod';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import type { OrganizationI18n } from '../use-organization-i18n.ts';

export type MemberListFilters = ListFilters<z.output<typeof organizationApi.members.query>>;

/**
 * The member list's filter row: keyword, and whether the chosen department's sub-departments count
 * too (the department itself is picked in the tree).
 */
export function MemberFilterFields({
  list,
  i18n,
  department,
}: {
  list: MemberListFilters;
  i18n: OrganizationI18n;
  /** A department is chosen: the switch applies. */
  department: boolean;
}) {
  const { t } = i18n;
  const { filters, set } = list;
  return (
    <>
      <ListKeyword label={t('org.member.keyword')} value={filters.keyword} onKeyword={(keyword) => set({ keyword })} />
      <span className="org-switch">
        <Switch
          size="small"
          aria-label={t('org.member.withChildren')}
          checked={filters.withChildren ?? false}
          disabled={!department}
          // Off is the default: the address leaves it out.
          onChange={(withChildren: boolean) => set({ withChildren: withChildren || undefined })}
        />
        <span className={department ? undefined : 'list-page__muted'} aria-hidden="true">
          {t('org.member.withChildren')}
        </span>
      </span>
    </>
  );
}
