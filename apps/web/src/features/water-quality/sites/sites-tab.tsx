import { Button, Message } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, type WqSite, waterQualityApi } from '@water/contracts';
import { useState } from 'react';
import { ListKeyword, ListView } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { WqKindSelect, WqRegionSelect } from '../common/wq-filter-fields.tsx';
import { siteColumns } from './site-columns.tsx';
import { type SiteDrawerTarget, SiteFormDrawer } from './site-form-drawer.tsx';
import { siteQueries, useDeleteSite } from './sites-queries.ts';
import { useSitesI18n } from './use-sites-i18n.ts';
import '../common/wq-filters.css';
import '../common/wq-tab.css';
import './sites.css';

const WRITE = [Permissions.waterConfigWrite] as const;
/** The tab's filters live in the address under their own prefix: the results tab has a `kind` and a page too. */
const PREFIX = 'site.';
const DEFAULTS = { pageSize: 20 };

/**
 * Sites (`?tab=sites`): where water is judged, with the limit set that judges each, its analysers
 * (online or not) and its exceedance alarm. Holders of water:config:write add, edit and delete them;
 * the server refuses to delete a site with results (disabling keeps them), and its message shows.
 */
export function SitesTab() {
  const i18n = useSitesI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(waterQualityApi.sites.query, { defaults: DEFAULTS, prefix: PREFIX });
  const sites = useQuery(siteQueries.list(list.filters, locale));
  const remove = useDeleteSite(locale);
  const [drawer, setDrawer] = useState<SiteDrawerTarget>(null);
  const { filters, set } = list;

  const columns = siteColumns({
    i18n,
    writer,
    actions: {
      onEdit: (site) => setDrawer({ site }),
      // The request layer shows the refusal (a site with results); the list is read again either way.
      onDelete: (site) =>
        remove.mutateAsync(site.id).then(
          () => Message.success(t('wqSites.deleted')),
          () => undefined,
        ),
    },
  });

  return (
    <div className="wq-tab">
      <div className="wq-tab__bar">
        <p className="wq-tab__hint">{t('wqSites.hint')}</p>
        <Permission permissions={WRITE}>
          <div className="wq-tab__actions">
            <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ site: null })}>
              {t('wqSites.create')}
            </Button>
          </div>
        </Permission>
      </div>
      <ListView<WqSite>
        filters={
          <>
            <ListKeyword
              label={t('wqSites.filter.keyword')}
              value={filters.keyword}
              onKeyword={(keyword) => set({ keyword })}
            />
            <WqKindSelect value={filters.kind} onChange={(kind) => set({ kind })} />
            <WqRegionSelect value={filters.regionId} onChange={(regionId) => set({ regionId })} />
          </>
        }
        list={list}
        query={sites}
        columns={columns}
        columnsId="wq-sites"
        rowKey="id"
        emptyText={t('wqSites.empty')}
        totalText={(total) => t('wqSites.total', { total })}
      />
      {writer ? <SiteFormDrawer target={drawer} onClose={() => setDrawer(null)} /> : null}
    </div>
  );
}
