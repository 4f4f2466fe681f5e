import { Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { STATION_KINDS, STATION_STATES, type StationKind, type StationState, stationLiveApi } from '@water/contracts';
import { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import { RegionTreeSelect } from '../config/tree-selects.tsx';
import './station-filters.css';
import { useStationsI18n } from './use-stations-i18n.ts';

interface StationSearch {
  keyword?: string;
  regionId?: number;
  kind?: StationKind;
}

/**
 * The filter fields every station screen shares (configuration, real-time list, map): keyword,
 * region (and below: the server's doing) and kind, each written to the address by `set`.
 */
export function StationFilterFields({
  filters,
  set,
  keywordLabel,
}: {
  filters: StationSearch;
  set: (patch: StationSearch) => void;
  /** What the keyword searches, where a screen searches more than code and name. */
  keywordLabel?: string;
}) {
  const { t, locale } = useStationsI18n();
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <>
      <ListKeyword
        label={keywordLabel ?? t('stations.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <RegionTreeSelect
        className="station-filters__region"
        label={t('stations.filter.region')}
        placeholder={t('stations.filter.allRegions')}
        loading={regions.isPending}
        data={regions.data ?? []}
        value={filters.regionId ?? null}
        onChange={(regionId) => set({ regionId: regionId ?? undefined })}
      />
      <Select
        className="list-page__select"
        aria-label={t('stations.filter.kind')}
        placeholder={t('stations.filter.allKinds')}
        allowClear
        value={filters.kind}
        onChange={(kind: StationKind | undefined) => set({ kind })}
        options={STATION_KINDS.map((kind) => ({ label: t(`stations.kind.${kind}`), value: kind }))}
      />
    </>
  );
}

/**
 * The state filter as chips with their counts: the server counts with every filter but the state,
 * so each chip says what choosing it would show.
 */
export function StationStateChips({
  state,
  onChange,
  counts,
  className,
}: {
  state: StationState | undefined;
  onChange: (state: StationState | undefined) => void;
  counts: Record<StationState, number> | undefined;
  className?: string;
}) {
  const { t } = useStationsI18n();
  const total = counts ? STATION_STATES.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const count = (n: number | undefined) => (n === undefined ? null : <span className="state-chip__count">{n}</span>);
  return (
    <Radio.Group
      type="button"
      className={className ?? 'station-state-chips'}
      aria-label={t('stations.filter.state')}
      value={state ?? 'all'}
      onChange={(value: StationState | 'all') => onChange(value === 'all' ? undefined : value)}
    >
      <Radio value="all">
        <span className="state-chip">
          {t('stations.filter.allStates')} {count(total)}
        </span>
      </Radio>
      {STATION_STATES.map((s) => (
        <Radio key={s} value={s}>
          <span className={`state-chip state-chip--${s}`}>
            <span className="state-chip__dot" aria-hidden />
            {t(`stations.state.${s}`)} {count(counts?.[s])}
          </span>
        </Radio>
      ))}
    </Radio.Group>
  );
}

/**
 * The live stations' query as the address keeps it (real-time list and map). The list is not paged,
 * but useListFilters goes back to page 1 on every change: page 1 is declared its only page (the
 * default, never written).
 */
export const STATION_LIVE_QUERY = stationLiveApi.list.query.extend({ page: z.number().default(1) });
