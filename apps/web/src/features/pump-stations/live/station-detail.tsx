import { Card, Empty, Radio, Skeleton, Table, Tag } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { CAMERA_GRID_SIZES, type PumpStationDetail, type StationLive } from '@water/contracts';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LIVE_STATUS_COLORS, useLiveStatus, useNow } from '../../../shared/live/live-hooks.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { loadStationAlarms } from '../../alarms/public-lazy.ts';
import { StationPhotoStrip } from '../common/station-photos.tsx';
import { stationConfigQueries } from '../config/station-config-queries.ts';
import { formatNumber, PUMP_STATE_ORDER, timeText } from './live-format.ts';
import { StationStateTag } from './station-card.tsx';
import { listSearch } from './station-links.ts';
import { stationLiveQueries, useLiveStations } from './station-live-queries.ts';
import { StationMimic } from './station-mimic.tsx';
import { StationTrendChart, type TrendLabels } from './station-trend-chart.tsx';
import { type StationLiveI18n, useStationLiveI18n } from './use-station-live-i18n.ts';

/** The trend's periods: the server answers 5-minute buckets up to 24 h, hourly beyond. */
const RANGES = [
  { hours: 24, key: 'live.trend.h24' },
  { hours: 72, key: 'live.trend.h72' },
  { hours: 168, key: 'live.trend.d7' },
] as const;

const DEVICE_LIST = '/device/deviceList';
const CAMERA_LIVE = '/bz/camera';

/** The live view's address for some cameras: one opens a single tile, several the grid that holds them all. */
function liveView(ids: readonly number[]): string {
  const cameras = `cameras=${ids.join(',')}`;
  if (ids.length === 1) return `${CAMERA_LIVE}?${cameras}`;
  const grid = CAMERA_GRID_SIZES.find((n) => n >= ids.length) ?? 16;
  return `${CAMERA_LIVE}?${cameras}&grid=${grid}`;
}
const StationAlarms = lazy(loadStationAlarms);

/**
 * One station live (`?station=<id>` on the real-time screen): its mimic, then its open alarms (the records),
 * devices, cameras and site photos, and its trend. The live state is pushed; the configuration names the devices
 * and cameras. "Back" returns to the list with its filters.
 */
export function StationDetail({ id }: { id: number }) {
  const i18n = useStationLiveI18n();
  const { t, locale } = i18n;
  const [params] = useSearchParams();
  const live = useQuery(stationLiveQueries.detail(id, locale));
  const config = useQuery(stationConfigQueries.detail(id, locale));
  const lastEventAt = useLiveStations([id]);
  const liveStatus = useLiveStatus();
  const now = useNow(15_000);
  const station = live.data;

  const back = (
    <Link to={listSearch(params)} className="station-detail__back">
      <IconLeft aria-hidden /> {t('live.back')}
    </Link>
  );

  if (!station) {
    return (
      <div className="station-detail">
        <nav className="station-detail__nav">{back}</nav>
        <div className="station-detail__panel">
          {live.isError ? (
            <LoadFailedResult
              error={live.error}
              onRetry={() => live.refetch()}
              title={t('live.detail.loadFailed')}
              requestFailed={t('live.requestFailed')}
              retryLabel={t('live.retry')}
            />
          ) : (
            <Skeleton animation text={{ rows: 10 }} />
          )}
        </div>
      </div>
    );
  }

  const lastUpdate = Math.max(live.dataUpdatedAt || 0, lastEventAt ?? 0);
  return (
    <div className="station-detail">
      <header className="station-detail__header">
        <div className="station-detail__heading">
          <nav className="station-detail__nav">{back}</nav>
          <h1 className="station-detail__title">{station.name}</h1>
          <StationStateTag station={station} i18n={i18n} />
          <span className="station-detail__meta">
            <code>{station.code}</code>
            <span>{t(`live.kind.${station.kind}`)}</span>
            {station.regionName ? <span>{station.regionName}</span> : null}
          </span>
        </div>
        <span className="station-live__status">
          {lastUpdate ? (
            <span>{t('live.updatedAt', { time: timeText(new Date(lastUpdate).toISOString(), locale, now) })}</span>
          ) : null}
          <span role="status" aria-label={t('live.channel')}>
            <Tag size="small" color={LIVE_STATUS_COLORS[liveStatus]}>
              {t(`live.channel.${liveStatus}`)}
            </Tag>
          </span>
        </span>
      </header>
      {config.data ? <Facts config={config.data} i18n={i18n} /> : null}

      <Card className="station-detail__panel station-detail__mimic" bordered={false}>
        <h2 className="sr-only">{t('live.detail.mimic')}</h2>
        <StationMimic station={station} config={config.data} i18n={i18n} now={now} />
        <Legend i18n={i18n} />
      </Card>

      <div className="station-detail__grid">
        <div className="station-detail__column">
          <Alarms station={station} i18n={i18n} />
          <Cameras config={config.data} loading={config.isPending} i18n={i18n} />
          <Photos config={config.data} loading={config.isPending} i18n={i18n} />
        </div>
        <Devices station={station} config={config.data} loading={config.isPending} i18n={i18n} />
      </div>

      <Trend station={station} i18n={i18n} />
    </div>
  );
}

function Facts({ config, i18n }: { config: PumpStationDetail; i18n: StationLiveI18n }) {
  const { t, locale } = i18n;
  const n = (v: number | null, digits: number, unit: string) =>
    v === null ? null : `${formatNumber(v, locale, digits)} ${unit}`;
  const facts: [string, string | null][] = [
    [t('live.fact.capacity'), n(config.designCapacity, 0, 'm³/h')],
    [t('live.fact.wellDepth'), n(config.wellDepth, 2, 'm')],
    [t('live.fact.wellArea'), n(config.wellArea, 0, 'm²')],
    [t('live.fact.bottom'), n(config.wellBottomElevation, 2, 'm')],
    [t('live.fact.department'), config.responsibleDepartmentName || null],
    [t('live.fact.person'), config.responsibleUserName || null],
  ];
  const shown = facts.filter(([, v]) => v !== null);
  if (!shown.length) return null;
  return (
    <dl className="station-detail__facts" aria-label={t('live.detail.facts')}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Legend({ i18n }: { i18n: StationLiveI18n }) {
  const { t } = i18n;
  return (
    <ul className="mimic-legend" aria-label={t('live.mimic.legend')}>
      {PUMP_STATE_ORDER.map((state) => (
        <li key={state}>
          <span className={`mimic-legend__swatch mimic-legend__swatch--${state}`} aria-hidden />
          {t(`live.pump.${state}`)}
        </li>
      ))}
      {(['high', 'low', 'protection'] as const).map((kind) => (
        <li key={kind}>
          <span className={`mimic-legend__line mimic-legend__line--${kind}`} aria-hidden />
          {t(`live.mark.${kind}`)}
        </li>
      ))}
      <li>
        <span className="mimic-legend__line mimic-legend__line--start" aria-hidden />
        {t('live.legend.start')}
      </li>
      <li>
        <span className="mimic-legend__line mimic-legend__line--stop" aria-hidden />
        {t('live.legend.stop')}
      </li>
      <li>
        <span className="mimic-legend__stale" aria-hidden>
          12.3
        </span>
        {t('live.stale')}
      </li>
    </ul>
  );
}

function Panel({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card className="station-detail__panel" bordered={false} title={title} extra={extra}>
      {children}
    </Card>
  );
}

/** The station's open alarms: the alarm records, kept live (features/alarms). */
function Alarms({ station, i18n }: { station: StationLive; i18n: StationLiveI18n }) {
  return (
    <Panel title={i18n.t('live.alarms.title')}>
      <Suspense fallback={<Skeleton animation text={{ rows: 3 }} />}>
        <StationAlarms stationId={station.id} />
      </Suspense>
    </Panel>
  );
}

interface DeviceRow {
  id: number;
  code: string;
  name: string;
  roles: string[];
  state: 'fresh' | 'stale' | 'offline';
}

/** The station's devices from its configuration, each with the state its readings show. */
function deviceRows(station: StationLive, config: PumpStationDetail, t: StationLiveI18n['t']): DeviceRow[] {
  const rows = new Map<number, DeviceRow>();
  const add = (id: number, code: string, name: string, role: string, state: DeviceRow['state']) => {
    const row = rows.get(id);
    if (row) {
      row.roles.push(role);
      // One device serving several roles shows its worst state.
      const worse = ['fresh', 'stale', 'offline'];
      if (worse.indexOf(state) > worse.indexOf(row.state)) row.state = state;
    } else rows.set(id, { id, code, name, roles: [role], state });
  };
  for (const pump of config.pumps) {
    if (pump.controllerDeviceId === null) continue;
    const live = station.pumps.find((p) => p.number === pump.number);
    const state = !live || live.state === 'offline' ? 'offline' : 'fresh';
    add(
      pump.controllerDeviceId,
      pump.controllerCode,
      pump.controllerName,
      t('live.devices.controller', { number: pump.number }),
      state,
    );
  }
  const values = { level: station.level, flow: station.flow, outlet_pressure: station.pressure, rain: station.rain };
  for (const sensor of config.sensors) {
    const v = values[sensor.role];
    const role = `${t(`live.role.${sensor.role}`)} · ${sensor.metricName}${sensor.unit ? ` (${sensor.unit})` : ''}`;
    add(sensor.deviceId, sensor.deviceCode, sensor.deviceName, role, v.stale ? 'stale' : 'fresh');
  }
  return [...rows.values()];
}

function Devices({
  station,
  config,
  loading,
  i18n,
}: {
  station: StationLive;
  config: PumpStationDetail | undefined;
  loading: boolean;
  i18n: StationLiveI18n;
}) {
  const { t } = i18n;
  const rows = config ? deviceRows(station, config, t) : [];
  const stateTag = { fresh: 'green', stale: 'gray', offline: 'orange' } as const;
  const stateText = { fresh: t('live.devices.fresh'), stale: t('live.stale'), offline: t('live.devices.offline') };
  return (
    <Panel
      title={t('live.devices.title')}
      extra={
        <Link to={`${DEVICE_LIST}?${new URLSearchParams({ stationId: String(station.id) }).toString()}`}>
          {t('live.devices.all')}
        </Link>
      }
    >
      <Table<DeviceRow>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        data={rows}
        noDataElement={<Empty description={t('live.devices.empty')} />}
        columns={[
          {
            title: t('live.devices.device'),
            dataIndex: 'name',
            render: (_, row) => (
              <span className="station-devices__device">
                <Link
                  to={`${DEVICE_LIST}?${new URLSearchParams({ keyword: row.code }).toString()}`}
                  aria-label={t('live.devices.open', { name: row.name || row.code })}
                >
                  {row.name || row.code}
                </Link>
                <code>{row.code}</code>
              </span>
            ),
          },
          {
            title: t('live.devices.role'),
            dataIndex: 'roles',
            render: (_, row) => (
              <span className="station-devices__roles">
                {row.roles.map((role) => (
                  <span key={role}>{role}</span>
                ))}
              </span>
            ),
          },
          {
            title: t('live.col.state'),
            dataIndex: 'state',
            width: 100,
            render: (_, row) => (
              <Tag size="small" color={stateTag[row.state]}>
                {stateText[row.state]}
              </Tag>
            ),
          },
        ]}
      />
    </Panel>
  );
}

function Cameras({
  config,
  loading,
  i18n,
}: {
  config: PumpStationDetail | undefined;
  loading: boolean;
  i18n: StationLiveI18n;
}) {
  const { t } = i18n;
  const colors = { online: 'green', offline: 'orange', inactive: 'gray', disabled: 'gray' } as const;
  const cameras = config?.cameras ?? [];
  return (
    <Panel
      title={t('live.cameras.title')}
      extra={
        cameras.length ? (
          <Link
            to={liveView(cameras.map((c) => c.id))}
            aria-label={t('live.cameras.playAllLabel', { n: cameras.length })}
          >
            {t('live.cameras.playAll')}
          </Link>
        ) : null
      }
    >
      {loading ? (
        <Skeleton animation text={{ rows: 2 }} />
      ) : cameras.length ? (
        <ul className="station-cameras">
          {cameras.map((c) => (
            <li key={c.id}>
              <Link to={liveView([c.id])} aria-label={t('live.cameras.open', { name: c.name || c.code })}>
                {c.name || c.code}
              </Link>
              <code>{c.code}</code>
              <Tag size="small" color={colors[c.status]}>
                {t(`live.camera.${c.status}`)}
              </Tag>
            </li>
          ))}
        </ul>
      ) : (
        <p className="station-detail__quiet">{t('live.cameras.empty')}</p>
      )}
    </Panel>
  );
}

/** The station's site photos: thumbnails that open larger. */
function Photos({
  config,
  loading,
  i18n,
}: {
  config: PumpStationDetail | undefined;
  loading: boolean;
  i18n: StationLiveI18n;
}) {
  const { t } = i18n;
  const photos = config?.photos ?? [];
  return (
    <Panel
      title={t('live.photos.title')}
      extra={photos.length ? <span className="station-detail__quiet">{t('live.photos.hint')}</span> : null}
    >
      {loading ? (
        <Skeleton animation text={{ rows: 2 }} />
      ) : config && photos.length ? (
        <StationPhotoStrip
          stationId={config.id}
          photos={photos}
          labels={{ open: (photo) => photo.name, failed: t('live.photos.failed') }}
        />
      ) : (
        <p className="station-detail__quiet">{t('live.photos.empty')}</p>
      )}
    </Panel>
  );
}

function Trend({ station, i18n }: { station: StationLive; i18n: StationLiveI18n }) {
  const { t, locale } = i18n;
  const [hours, setHours] = useState<number>(24);
  const trend = useQuery(stationLiveQueries.trend(station.id, hours, locale));
  const labels = useMemo<TrendLabels>(
    () => ({
      level: t('live.trend.level'),
      levelMax: t('live.trend.levelMax'),
      flow: t('live.trend.flow'),
      pumps: t('live.trend.pumps'),
      rain: t('live.trend.rain'),
      high: t('live.mark.high'),
      low: t('live.mark.low'),
      protection: t('live.mark.protection'),
    }),
    [t],
  );
  const range = RANGES.find((r) => r.hours === hours) ?? RANGES[0];
  return (
    <Panel
      title={t('live.trend.title')}
      extra={
        <Radio.Group
          type="button"
          size="small"
          aria-label={t('live.trend.range')}
          value={hours}
          onChange={(value: number) => setHours(value)}
        >
          {RANGES.map((r) => (
            <Radio key={r.hours} value={r.hours}>
              {t(r.key)}
            </Radio>
          ))}
        </Radio.Group>
      }
    >
      {trend.isError && !trend.data ? (
        <LoadFailedResult
          error={trend.error}
          onRetry={() => trend.refetch()}
          title={t('live.trend.loadFailed')}
          requestFailed={t('live.requestFailed')}
          retryLabel={t('live.retry')}
        />
      ) : !trend.data ? (
        <Skeleton animation text={{ rows: 6 }} />
      ) : trend.data.points.length === 0 ? (
        <Empty description={t('live.trend.empty')} />
      ) : (
        <figure
          className="station-detail__chart"
          role="img"
          aria-label={t('live.trend.label', { name: station.name, range: t(range.key) })}
        >
          <StationTrendChart trend={trend.data} station={station} labels={labels} height={380} />
        </figure>
      )}
    </Panel>
  );
}
