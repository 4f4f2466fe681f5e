import { Button } from '@arco-design/web-react';
import type { StationStateCounts } from '@water/contracts';
import type { z } from 'zod';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { type STATION_LIVE_QUERY, StationFilterFields, StationStateChips } from '../common/station-filters.tsx';
import type { StationMapI18n } from './use-station-map-i18n.ts';

export type StationLiveFilters = ListFilters<z.output<typeof STATION_LIVE_QUERY> & { page: number; pageSize: number }>;

/** The map's filter row: the live list's filters and state chips, and a reset. */
export function StationMapFilters({
  list,
  counts,
  i18n,
}: {
  list: StationLiveFilters;
  counts: StationStateCounts | undefined;
  i18n: StationMapI18n;
}) {
  const { t } = i18n;
  const { filters, set } = list;
  return (
    <div className="list-page__filters station-map__filters">
      <StationFilterFields filters={filters} set={set} />
      <StationStateChips
        className="station-map__states"
        state={filters.state}
        onChange={(state) => set({ state })}
        counts={counts}
      />
      {list.filtered ? (
        <Button type="text" onClick={list.reset}>
          {t('stationMap.filter.reset')}
        </Button>
      ) : null}
    </div>
  );
}
