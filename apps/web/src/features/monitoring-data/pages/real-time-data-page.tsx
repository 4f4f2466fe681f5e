import { Button, Empty, Input, Pagination, Select, Skeleton, Space, Tag, TreeSelect } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  DEVICE_STATUSES,
  type DeviceStatus,
  type DeviceType,
  type MonitoringPoint,
  type RegionNode,
} from '@water/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { LIVE_STATUS_COLORS, useLiveStatus, useNow } from '../../../shared/live/live-hooks.ts';
import { monitoringQueries, type PointFilters } from '../api/monitoring-queries.ts';
import { useLivePoints } from '../api/use-live-points.ts';
import { PointBoard } from '../components/point-board.tsx';
import { PointCard, statusText } from '../components/point-card.tsx';
import { groupBase, groupPoints, isGroupOpen, isOutOfRange } from '../lib/board-groups.ts';
import { isChartableMetric, isStale, typeName } from '../lib/metric-format.ts';
import {
  BOARD_PAGE_SIZE,
  type GroupState,
  readGroupState,
  readPointFilters,
  writeGroupState,
  writePointFilters,
} from '../lib/url-state.ts';
import { type MonitoringMessageKey, useMonitoringI18n } from '../use-monitoring-i18n.ts';
import '../monitoring.css';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';

/** A region and every region below it: the stations the region filter keeps on offer. */
function subtreeIds(nodes: RegionNode[], id: number): Set<number> | null {
  for (const node of nodes) {
    if (node.id === id) {
      const ids = new Set<number>();
      const walk = (n: RegionNode) => {
        ids.add(n.id);
        n.children.forEach(walk);
      };
      walk(node);
      return ids;
    }
    const found = subtreeIds(node.children, id);
    if (found) return found;
  }
  return null;
}

type TreeNode = { key: string; title: string; children: TreeNode[] };
const toTree = (nodes: RegionNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.name, children: toTree(n.children) }));

/** A card's height before it is drawn (measured at 1366×768): header, meta and footer, 48 px a line of two metrics. */
const cardHeight = (metrics: number) => 112 + Math.ceil(Math.max(metrics, 1) / 2) * 48;

/**
 * The real-time board (`/timeData/realTimeData`): every monitoring point by region and station
 * with its latest readings, kept current by the live channel. The filters and which groups are open
 * live in the address, so the tab, a reload and a shared link keep them.
 */
export function RealTimeDataPage() {
  const i18n = useMonitoringI18n();
  const { t, locale } = i18n;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readPointFilters(params), [params]);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  useEffect(() => setKeyword(filters.keyword ?? ''), [filters.keyword]);

  const points = useQuery(monitoringQueries.points(filters, locale));
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const stations = useQuery(referenceQueries.stations(locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  const typesById = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);
  const list = points.data?.list ?? [];
  // Every device of the loaded page is watched, not only the cards on screen: the group headers
  // tally online, offline, stale and out-of-range points of collapsed and scrolled-away groups too,
  // and they must not go quiet. A page holds at most MONITORING_PAGE_MAX (500) points, under the
  // channel's LIVE_SUBSCRIBE_MAX, and scrolling then sends no subscribe frames.
  const lastEventAt = useLivePoints(list.map((p) => p.deviceId));
  const liveStatus = useLiveStatus();
  const now = useNow(30_000);

  const setFilters = (change: Partial<PointFilters>) => {
    // Any filter but the page goes back to the first page, and the groups to their default: a
    // new filter is a new board (one station chosen opens, fifty collapse).
    const next = { ...filters, ...change, page: change.page ?? 1 };
    setParams(writePointFilters(next), { replace: true });
  };
  const groupState = useMemo(() => readGroupState(params), [params]);
  const setGroups = (next: GroupState) =>
    setParams(writeGroupState(writePointFilters(filters), next), { replace: true });
  const regionScope = filters.regionId ? subtreeIds(regions.data ?? [], filters.regionId) : null;
  const filtered = Boolean(
    filters.keyword || filters.regionId || filters.stationId || filters.typeId || filters.status,
  );

  const staleOf = (point: MonitoringPoint) => isStale(point, typesById.get(point.typeId), now);
  const counts = {
    online: list.filter((p) => p.status === 'online').length,
    offline: list.filter((p) => p.status === 'offline').length,
    stale: list.filter(staleOf).length,
  };
  const lastUpdate = Math.max(points.dataUpdatedAt || 0, lastEventAt ?? 0);
  const groups = groupPoints(
    list,
    { noRegion: t('monitoring.realTime.noRegion'), noStation: t('monitoring.realTime.noStation') },
    { stale: staleOf, outOfRange: (point) => isOutOfRange(point, typesById.get(point.typeId)) },
  );
  const stationGroups = groups.flatMap((region) => region.stations);
  const base = groupBase(groupState, stationGroups.length);
  const allOpen = [...groups, ...stationGroups].every((group) => isGroupOpen(group.key, groupState, base));
  const allClosed = stationGroups.every((group) => !isGroupOpen(group.key, groupState, base));
  const toggleGroup = (key: string) => {
    const toggled = new Set(groupState.toggled);
    if (!toggled.delete(key)) toggled.add(key);
    // The default is written down with the first toggle: the board keeps it when its groups change.
    setGroups({ base, toggled });
  };

  const openHistory = (point: MonitoringPoint, type: DeviceType | undefined) => {
    const metrics = (type?.model.metrics ?? []).filter(isChartableMetric).slice(0, 4);
    const query = new URLSearchParams({ devices: String(point.deviceId) });
    if (metrics.length) query.set('series', metrics.map((m) => `${point.deviceId}:${m.key}`).join(','));
    navigate(`/timeData/historyData?${query.toString()}`);
  };

  let body: React.ReactNode;
  if (points.isPending) {
    body = (
      <div className="monitoring-board__loading" aria-busy="true">
        <Skeleton animation text={{ rows: 2 }} />
        <div className="monitoring-grid">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} animation text={{ rows: 4 }} className="monitoring-card monitoring-card--skeleton" />
          ))}
        </div>
      </div>
    );
  } else if (points.isError) {
    body = (
      <LoadFailedResult
        error={points.error}
        onRetry={() => points.refetch()}
        title={t('monitoring.loadFailed')}
        requestFailed={t('monitoring.requestFailed')}
        retryLabel={t('monitoring.retry')}
      />
    );
  } else if (list.length === 0) {
    body = <Empty description={t(filtered ? 'monitoring.realTime.empty' : 'monitoring.realTime.emptyAll')} />;
  } else {
    body = (
      <>
        <div className="monitoring-board__bar">
          <span className="monitoring-board__groups">
            {t('monitoring.realTime.groups.count', { stations: stationGroups.length, regions: groups.length })}
          </span>
          <Space size={4}>
            <Button size="small" disabled={allOpen} onClick={() => setGroups({ base: 'expanded', toggled: new Set() })}>
              {t('monitoring.realTime.groups.expandAll')}
            </Button>
            <Button
              size="small"
              disabled={allClosed}
              onClick={() => setGroups({ base: 'collapsed', toggled: new Set() })}
            >
              {t('monitoring.realTime.groups.collapseAll')}
            </Button>
          </Space>
        </div>
        <PointBoard
          regions={groups}
          state={groupState}
          base={base}
          t={t}
          estimateCard={(point) =>
            cardHeight(typesById.get(point.typeId)?.model.metrics.length ?? point.readings.length)
          }
          renderCard={(point) => {
            const type = typesById.get(point.typeId);
            return (
              <PointCard
                point={point}
                type={type}
                stale={staleOf(point)}
                i18n={i18n}
                onHistory={() => openHistory(point, type)}
              />
            );
          }}
          onToggle={toggleGroup}
        />
        {(points.data?.total ?? 0) > (filters.pageSize ?? BOARD_PAGE_SIZE) ? (
          <Pagination
            className="monitoring-board__pagination"
            total={points.data?.total ?? 0}
            current={filters.page ?? 1}
            pageSize={filters.pageSize ?? BOARD_PAGE_SIZE}
            sizeCanChange
            sizeOptions={[100, 200, 500]}
            showTotal={(total) => t('monitoring.realTime.pageInfo', { total })}
            onChange={(page, pageSize) => setFilters({ page: pageSize === filters.pageSize ? page : 1, pageSize })}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="monitoring-page">
      <div className="monitoring-panel">
        <header className="monitoring-header">
          <div>
            <h1 className="monitoring-header__title">{t('monitoring.realTime.title')}</h1>
            <p className="monitoring-header__subtitle">{t('monitoring.realTime.subtitle')}</p>
          </div>
          <section className="monitoring-summary" aria-label={t('monitoring.realTime.summary')}>
            <dl>
              <div>
                <dt>{t('monitoring.realTime.summary.total')}</dt>
                <dd>{points.data?.total ?? t('monitoring.none')}</dd>
              </div>
              <div>
                <dt>{t('monitoring.realTime.summary.online')}</dt>
                <dd className="monitoring-summary__online">{counts.online}</dd>
              </div>
              <div>
                <dt>{t('monitoring.realTime.summary.offline')}</dt>
                <dd className="monitoring-summary__offline">{counts.offline}</dd>
              </div>
              <div>
                <dt>{t('monitoring.realTime.summary.stale')}</dt>
                <dd className="monitoring-summary__stale">{counts.stale}</dd>
              </div>
              <div>
                <dt>{t('monitoring.realTime.summary.lastUpdate')}</dt>
                <dd>
                  {lastUpdate ? (
                    <time dateTime={new Date(lastUpdate).toISOString()}>
                      {formatDateTime(new Date(lastUpdate).toISOString(), locale, { seconds: true })}
                    </time>
                  ) : (
                    t('monitoring.none')
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('monitoring.realTime.summary.connection')}</dt>
                <dd role="status">
                  <Tag size="small" color={LIVE_STATUS_COLORS[liveStatus]}>
                    {t(`monitoring.live.${liveStatus}` as MonitoringMessageKey)}
                  </Tag>
                </dd>
              </div>
            </dl>
          </section>
        </header>
        <search className="monitoring-filters">
          <Input.Search
            className="monitoring-filters__keyword"
            aria-label={t('monitoring.realTime.filter.keyword')}
            placeholder={t('monitoring.realTime.filter.keyword')}
            allowClear
            maxLength={50}
            value={keyword}
            onChange={(value) => {
              setKeyword(value);
              if (!value) setFilters({ keyword: undefined });
            }}
            onSearch={(value) => setFilters({ keyword: value.trim() || undefined })}
          />
          <TreeSelect
            className="monitoring-filters__region"
            aria-label={t('monitoring.realTime.filter.region')}
            placeholder={t('monitoring.realTime.filter.allRegions')}
            allowClear
            showSearch
            loading={regions.isPending}
            treeData={toTree(regions.data ?? [])}
            filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
            value={filters.regionId ? String(filters.regionId) : undefined}
            onChange={(key: string | undefined) => setFilters({ regionId: key ? Number(key) : undefined })}
          />
          <Select
            className="monitoring-filters__select"
            aria-label={t('monitoring.realTime.filter.station')}
            placeholder={t('monitoring.realTime.filter.allStations')}
            allowClear
            showSearch
            loading={stations.isPending}
            value={filters.stationId}
            onChange={(stationId: number | undefined) => setFilters({ stationId })}
            options={(stations.data ?? [])
              .filter(
                (s) =>
                  !regionScope || (s.regionId !== null && regionScope.has(s.regionId)) || s.id === filters.stationId,
              )
              .map((s) => ({ label: s.name, value: s.id }))}
          />
          <Select
            className="monitoring-filters__select"
            aria-label={t('monitoring.realTime.filter.type')}
            placeholder={t('monitoring.realTime.filter.allTypes')}
            allowClear
            loading={types.isPending}
            value={filters.typeId}
            onChange={(typeId: number | undefined) => setFilters({ typeId })}
            options={(types.data ?? []).map((type) => ({ label: typeName(type, locale), value: type.id }))}
          />
          <Select
            className="monitoring-filters__select"
            aria-label={t('monitoring.realTime.filter.status')}
            placeholder={t('monitoring.realTime.filter.allStatuses')}
            allowClear
            value={filters.status}
            onChange={(status: DeviceStatus | undefined) => setFilters({ status })}
            options={DEVICE_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
          />
          {filtered ? (
            <Button
              type="text"
              onClick={() => {
                setKeyword('');
                setParams(writePointFilters({ pageSize: filters.pageSize }), { replace: true });
              }}
            >
              {t('monitoring.realTime.filter.reset')}
            </Button>
          ) : null}
        </search>
        <div className="monitoring-board" aria-busy={points.isFetching || undefined}>
          {body}
        </div>
      </div>
    </div>
  );
}
