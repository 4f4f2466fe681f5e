import { Button, Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  STATION_KINDS,
  STATION_STATES,
  type StationKind,
  type StationState,
  type StationStateCounts,
  stationLiveApi,
} from '@water/contracts';
import { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { RegionTreeSelect } from '../config/tree-selects.tsx';
import type { StationMapI18n } from './use-station-map-i18n.ts';

/**
 * The live list's query as the address keeps it. The list is not paged, but useListFilters goes back
 * to page 1 on every change: page 1 is declared its only page (the default, never written).
 */
export const STATION_MAP_QUERY = stationLiveApi.list.query.extend({ page: z.literal(1).default(1) });
export type StationLiveFilters = ListFilters<z.output<typeof STATION_MAP_QUERY> & { page: number; pageSize: number }>;

/**
 * The filters of the live station screens, as on the list: keyword, region (and below, the server's
 * doing), kind, and the state chips with their counts (every filter but the state).
 */
export function StationMapFilters({
  list,
  counts,
  i18n,
}: {
  list: StationLiveFilters;
  counts: StationStateCounts | undefined;
  i18n: StationMapI18n;
}) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const regions = useQuery(referenceQueries.regionTree(locale));
  const all = counts ? STATION_STATES.reduce((sum, state) => sum + counts[state], 0) : undefined;
  const chip = (text: string, n: number | undefined) => (n === undefined ? text : `${text} ${n}`);
  return (
    <div className="list-page__filters station-map__filters">
      <ListKeyword
        label={t('stationMap.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <RegionTreeSelect
        className="station-map__region"
        label={t('stationMap.filter.region')}
        placeholder={t('stationMap.filter.allRegions')}
        loading={regions.isPending}
        data={regions.data ?? []}
        value={filters.regionId ?? null}
        onChange={(regionId) => set({ regionId: regionId ?? undefined })}
      />
      <Select
        className="list-page__select"
        aria-label={t('stationMap.filter.kind')}
        placeholder={t('stationMap.filter.allKinds')}
        allowClear
        value={filters.kind}
        onChange={(kind: StationKind | undefined) => set({ kind })}
        options={STATION_KINDS.map((kind) => ({ label: t(`stationMap.kind.${kind}`), value: kind }))}
      />
      <Radio.Group
        type="button"
        className="station-map__states"
        aria-label={t('stationMap.filter.state')}
        value={filters.state ?? 'all'}
        onChange={(value: StationState | 'all') => set({ state: value === 'all' ? undefined : value })}
      >
        <Radio value="all">{chip(t('stationMap.filter.allStates'), all)}</Radio>
        {STATION_STATES.map((state) => (
          <Radio key={state} value={state}>
            <span className={`station-map__dot station-map__dot--${state}`} aria-hidden />
            {chip(t(`stationMap.state.${state}`), counts?.[state])}
          </Radio>
        ))}
      </Radio.Group>
      {list.filtered ? (
        <Button type="text" onClick={list.reset}>
          {t('stationMap.filter.reset')}
        </Button>
      ) : null}
    </div>
  );
}
