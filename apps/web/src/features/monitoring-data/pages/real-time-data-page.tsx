import { Button, Empty, Input, Pagination, Select, Skeleton, Tag, TreeSelect } from '@arco-design/web-react';
import { IconCaretRight } from '@arco-design/web-react/icon';
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
import type { LiveStatus } from '../../../shared/live/live-channel.ts';
import { monitoringQueries, type PointFilters } from '../api/monitoring-queries.ts';
import { useLivePoints, useLiveStatus, useNow } from '../api/use-live-points.ts';
import { PointCard, statusText } from '../components/point-card.tsx';
import { isChartableMetric, isStale, typeName } from '../lib/metric-format.ts';
import { BOARD_PAGE_SIZE, readPointFilters, writePointFilters } from '../lib/url-state.ts';
import { type MonitoringI18n, type MonitoringMessageKey, useMonitoringI18n } from '../use-monitoring-i18n.ts';
import '../monitoring.css';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';

const LIVE_COLORS: Record<LiveStatus, string> = {
  ready: 'green',
  connecting: 'arcoblue',
  waiting: 'orange',
  idle: 'gray',
  unauthorized: 'red',
};

interface StationGroup {
  key: string;
  name: string;
  points: MonitoringPoint[];
}
interface RegionGroup {
  key: string;
  name: string;
  stations: StationGroup[];
  count: number;
}

/** Points by region, then station, in the server's order (region, station, code). */
export function groupPoints(points: MonitoringPoint[], t: MonitoringI18n['t']): RegionGroup[] {
  const regions = new Map<string, RegionGroup>();
  for (const point of points) {
    const regionKey = String(point.regionId ?? 'none');
    let region = regions.get(regionKey);
    if (!region) {
      region = { key: regionKey, name: point.regionName || t('monitoring.realTime.noRegion'), stations: [], count: 0 };
      regions.set(regionKey, region);
    }
    const stationKey = String(point.stationId ?? 'none');
    let station = region.stations.find((s) => s.key === stationKey);
    if (!station) {
      station = { key: stationKey, name: point.stationName || t('monitoring.realTime.noStation'), points: [] };
      region.stations.push(station);
    }
    station.points.push(point);
    region.count += 1;
  }
  return [...regions.values()];
}

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

/** A collapsible group: a native disclosure, so it needs no script to be keyboard-usable. */
function Group({
  level,
  name,
  count,
  t,
  children,
}: {
  level: 2 | 3;
  name: string;
  count: number;
  t: MonitoringI18n['t'];
  children: React.ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <details className={`monitoring-group monitoring-group--${level}`} open aria-label={name}>
      <summary className="monitoring-group__summary">
        <IconCaretRight className="monitoring-group__caret" aria-hidden />
        <Heading className="monitoring-group__title">{name}</Heading>
        <span className="monitoring-group__count">{t('monitoring.realTime.groupCount', { n: count })}</span>
      </summary>
      <div className="monitoring-group__body">{children}</div>
    </details>
  );
}

/**
 * The real-time board (`/timeData/realTimeData`): every monitoring point by region and station
 * with its latest readings, kept current by the live channel. The filters live in the address, so
 * the tab, a reload and a shared link keep them.
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
  const lastEventAt = useLivePoints(list.map((p) => p.deviceId));
  const liveStatus = useLiveStatus();
  const now = useNow(30_000);

  const setFilters = (change: Partial<PointFilters>) => {
    // Any filter but the page goes back to the first page.
    const next = { ...filters, ...change, page: change.page ?? 1 };
    setParams(writePointFilters(next), { replace: true });
  };
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
  const groups = groupPoints(list, t);

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
        {groups.map((region) => (
          <Group key={region.key} level={2} name={region.name} count={region.count} t={t}>
            {region.stations.map((station) => (
              <Group key={station.key} level={3} name={station.name} count={station.points.length} t={t}>
                <div className="monitoring-grid">
                  {station.points.map((point) => {
                    const type = typesById.get(point.typeId);
                    return (
                      <PointCard
                        key={point.deviceId}
                        point={point}
                        type={type}
                        stale={staleOf(point)}
                        i18n={i18n}
                        onHistory={() => openHistory(point, type)}
                      />
                    );
                  })}
                </div>
              </Group>
            ))}
          </Group>
        ))}
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
                  <Tag size="small" color={LIVE_COLORS[liveStatus]}>
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
