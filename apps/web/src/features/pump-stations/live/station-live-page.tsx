import { Alert, Button, Empty, Radio, Tag } from '@arco-design/web-react';
import { IconApps, IconList } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import type { StationLiveSummary } from '@water/contracts';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LIVE_STATUS_COLORS, useLiveStatus, useNow } from '../../../shared/live/live-hooks.ts';
import { ListShell, ListView } from '../../../shared/ui/list-page.tsx';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { STATION_LIVE_QUERY, StationFilterFields, StationStateChips } from '../common/station-filters.tsx';
import { timeText } from './live-format.ts';
import { StationCard } from './station-card.tsx';
import { StationDetail } from './station-detail.tsx';
import { detailSearch, type StationView, stationOf, useStationView } from './station-links.ts';
import { stationLiveColumns } from './station-live-columns.tsx';
import { stationLiveQueries, useLiveStations } from './station-live-queries.ts';
import { useStationLiveI18n } from './use-station-live-i18n.ts';
import './station-live.css';

type LiveListFilters = ReturnType<typeof useListFilters<typeof STATION_LIVE_QUERY>>;

/**
 * Real-time data (/bz/pumpStationList): every station live, as cards or a table, filtered by
 * keyword, region, kind and state (in the address). `?station=<id>` shows that station's mimic and
 * detail in place of the list, keeping the list's filters for the way back.
 */
export function StationLivePage() {
  const [params] = useSearchParams();
  const stationId = stationOf(params);
  return stationId === null ? <StationList /> : <StationDetail key={stationId} id={stationId} />;
}

function StationList() {
  const i18n = useStationLiveI18n();
  const { t, locale } = i18n;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const list: LiveListFilters = useListFilters(STATION_LIVE_QUERY);
  const { keyword, regionId, kind, state } = list.filters;
  const query = useMemo(() => ({ keyword, regionId, kind, state }), [keyword, regionId, kind, state]);
  const stations = useQuery(stationLiveQueries.list(query, locale));
  const shown = stations.data?.list ?? [];
  const lastEventAt = useLiveStations(shown.map((s) => s.id));
  const liveStatus = useLiveStatus();
  const now = useNow(15_000);
  const [view, setView] = useStationView();
  const { t: shared } = useSharedUiI18n();

  const hrefOf = (s: StationLiveSummary) => detailSearch(params, s.id);
  const lastUpdate = Math.max(stations.dataUpdatedAt || 0, lastEventAt ?? 0);
  const updatedText = lastUpdate ? timeText(new Date(lastUpdate).toISOString(), locale, Date.now()) : '';

  const filters = <StationFilterFields filters={list.filters} set={list.set} />;
  const states = (
    <StationStateChips
      state={list.filters.state}
      onChange={(state) => list.set({ state })}
      counts={stations.data?.counts}
    />
  );

  return (
    <ListShell
      className="station-live"
      title={t('live.title')}
      subtitle={t('live.subtitle')}
      actions={
        <>
          <span className="station-live__status">
            {updatedText ? <span>{t('live.updatedAt', { time: updatedText })}</span> : null}
            <span role="status" aria-label={t('live.channel')}>
              <Tag size="small" color={LIVE_STATUS_COLORS[liveStatus]}>
                {t(`live.channel.${liveStatus}`)}
              </Tag>
            </span>
          </span>
          <Radio.Group
            type="button"
            aria-label={t('live.view')}
            value={view}
            onChange={(next: StationView) => setView(next)}
          >
            <Radio value="cards">
              <IconApps aria-hidden /> {t('live.view.cards')}
            </Radio>
            <Radio value="table">
              <IconList aria-hidden /> {t('live.view.table')}
            </Radio>
          </Radio.Group>
        </>
      }
      body={
        <>
          {states}
          {stations.isError && stations.data ? (
            <Alert
              type="warning"
              className="station-live__stale"
              content={t('live.refreshFailed', { time: updatedText })}
            />
          ) : null}
          {view === 'table' ? (
            <ListView<StationLiveSummary>
              filters={filters}
              list={list}
              query={stations}
              columns={stationLiveColumns({ i18n, now, hrefOf })}
              columnsId="station-live"
              rowKey="id"
              emptyText={t('live.empty')}
              tableProps={{
                pagination: false,
                // Live rows change every few seconds: a spinner over them at each re-read would flicker.
                loading: false,
                rowClassName: (s: StationLiveSummary) => `station-table__row station-table__row--${s.state}`,
                // The whole row opens the station, as a card does; its name stays the link for the keyboard.
                onRow: (s: StationLiveSummary) => ({
                  onClick: (event: MouseEvent) => {
                    // The name's own link has navigated already: a second entry would make Back take two steps.
                    if ((event.target as HTMLElement).closest('a')) return;
                    void navigate(hrefOf(s));
                  },
                }),
              }}
            />
          ) : (
            <>
              {/* The table's filter row (ListView), the same for the cards: one place for the filters in both views. */}
              <search className="list-page__filters" aria-label={shared('list.filters')}>
                {filters}
                {list.filtered ? (
                  <Button type="text" onClick={list.reset}>
                    {shared('list.reset')}
                  </Button>
                ) : null}
              </search>
              <QueryState
                query={stations}
                failedTitle={t('live.loadFailed')}
                requestFailed={t('live.requestFailed')}
                retryLabel={t('live.retry')}
                skeletonClassName="list-page__skeleton"
              >
                {shown.length ? (
                  <ul className="station-cards" aria-label={t('live.total', { total: shown.length })}>
                    {shown.map((s) => (
                      <li key={s.id}>
                        <StationCard station={s} href={hrefOf(s)} now={now} i18n={i18n} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Empty description={t('live.empty')} />
                )}
              </QueryState>
            </>
          )}
        </>
      }
    />
  );
}
