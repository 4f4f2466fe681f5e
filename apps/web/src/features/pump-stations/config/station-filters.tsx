import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type pumpStationsApi, STATION_KINDS, type StationKind } from '@water/contracts';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { RegionTreeSelect } from './tree-selects.tsx';
import type { StationConfigI18n } from './use-station-config-i18n.ts';

export type StationListFilters = ListFilters<z.output<typeof pumpStationsApi.list.query>>;

/** The configuration list's filter row: keyword, region (and below, the server's doing), kind. */
export function StationFilterFields({ list, i18n }: { list: StationListFilters; i18n: StationConfigI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <>
      <ListKeyword
        label={t('stationConfig.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <RegionTreeSelect
        className="station-config-filters__region"
        label={t('stationConfig.filter.region')}
        placeholder={t('stationConfig.filter.allRegions')}
        loading={regions.isPending}
        data={regions.data ?? []}
        value={filters.regionId ?? null}
        onChange={(regionId) => set({ regionId: regionId ?? undefined })}
      />
      <Select
        className="list-page__select"
        aria-label={t('stationConfig.filter.kind')}
        placeholder={t('stationConfig.filter.allKinds')}
        allowClear
        value={filters.kind}
        onChange={(kind: StationKind | undefined) => set({ kind })}
        options={STATION_KINDS.map((kind) => ({ label: t(`stationConfig.kind.${kind}`), value: kind }))}
      />
    </>
  );
}
