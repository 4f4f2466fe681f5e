import type {
  LiveValue,
  PumpLive,
  PumpStationDetail,
  StationLive,
  StationLiveList,
  StationTrend,
} from '@water/contracts';
import { isUnmapped } from './live-format.ts';
import { toSummary } from './station-live-queries.ts';

/**
 * Stations, configurations and a scripted live channel for the real-time screens' tests, typed by
 * the contracts so that they cannot drift from the wire.
 */
export const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

export const fresh = (value: number, minutes = 1): LiveValue => ({ value, ts: minutesAgo(minutes), stale: false });
export const stale = (value: number, minutes = 40): LiveValue => ({ value, ts: minutesAgo(minutes), stale: true });
export const unmapped: LiveValue = { value: null, ts: null, stale: true };
const flag = (value: boolean) => ({ value, ts: minutesAgo(1), stale: false });

export function pump(number: number, state: PumpLive['state'], extra: Partial<PumpLive> = {}): PumpLive {
  const running = state === 'running';
  return {
    id: 100 + number,
    number,
    name: `${number}号泵`,
    drive: 'vfd',
    state,
    startLevel: 2 + number * 0.5,
    stopLevel: 0.8 + number * 0.2,
    running: flag(running),
    fault: flag(state === 'fault'),
    remote: flag(state !== 'local'),
    frequency: fresh(running ? 40 + number : 0),
    current: fresh(running ? 30 + number : 0),
    power: fresh(running ? 45 : 0),
    runHours: fresh(1200 + number * 10),
    ...extra,
  };
}

export function station(id: number, name: string, extra: Partial<StationLive> = {}): StationLive {
  const pumps = extra.pumps ?? [pump(1, 'running'), pump(2, 'stopped')];
  return {
    id,
    code: `PS0${id}`,
    name,
    kind: 'rainwater',
    regionId: 10,
    regionName: '东湖区',
    longitude: 114.3,
    latitude: 30.5,
    state: 'running',
    level: fresh(2.35),
    setPoints: { wellDepth: 5, highAlarm: 4, lowAlarm: 0.6, protection: 0.5 },
    pumpsRunning: pumps.filter((p) => p.state === 'running').length,
    pumpsTotal: pumps.length,
    pumps,
    flow: fresh(1234),
    pressure: unmapped,
    rain: fresh(2.4),
    power: 45,
    lastUpdate: minutesAgo(1),
    ...extra,
  };
}

export function listOf(stations: StationLive[], counts?: Partial<StationLiveList['counts']>): StationLiveList {
  const tally = { running: 0, stopped: 0, fault: 0, offline: 0 };
  for (const s of stations) tally[s.state]++;
  return {
    list: stations.map(toSummary),
    total: stations.length,
    counts: { ...tally, ...counts },
    at: new Date().toISOString(),
  };
}

const sensor = (
  role: PumpStationDetail['sensors'][number]['role'],
  deviceId: number,
  deviceCode: string,
  deviceName: string,
  metricName: string,
  unit: string,
) => ({ role, deviceId, deviceCode, deviceName, metric: role, metricName, unit });

/** The configuration a live station is drawn from: each pump with its controller, sensors by role. */
export function configOf(s: StationLive, extra: Partial<PumpStationDetail> = {}): PumpStationDetail {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    kind: s.kind,
    regionId: s.regionId,
    regionName: s.regionName,
    longitude: s.longitude,
    latitude: s.latitude,
    address: '',
    designCapacity: 3600,
    pumpCount: s.pumps.length,
    deviceCount: s.pumps.length + 2,
    responsibleUserId: 1,
    responsibleUserName: '张伟',
    updatedAt: '2026-11-01T00:00:00.000Z',
    wellArea: 120,
    wellBottomElevation: 12.5,
    wellDepth: s.setPoints.wellDepth,
    highAlarmLevel: s.setPoints.highAlarm,
    lowAlarmLevel: s.setPoints.lowAlarm,
    protectionLevel: s.setPoints.protection,
    responsibleDepartmentId: 2,
    responsibleDepartmentName: '泵站运维班',
    pumps: s.pumps.map((p) => ({
      id: p.id,
      number: p.number,
      name: p.name,
      ratedPower: 55,
      ratedFlow: 800,
      ratedHead: 12,
      drive: p.drive,
      startLevel: p.startLevel,
      stopLevel: p.stopLevel,
      controllerDeviceId: 200 + p.number,
      controllerCode: `${s.code}-PC0${p.number}`,
      controllerName: `${p.number}#泵控制柜`,
      metrics: {
        running: 'running',
        fault: 'fault',
        remote: 'remote',
        frequency: 'frequency',
        current: 'current',
        power: 'power',
        energy: null,
        runHours: 'run_hours',
      },
      maintenance: p.state === 'maintenance',
    })),
    sensors: [
      sensor('level', 301, `${s.code}-LT01`, '前池液位计', '液位', 'm'),
      sensor('flow', 302, `${s.code}-FT01`, '出水流量计', '瞬时流量', 'm³/h'),
      // The gauges the live state shows as mapped.
      ...(isUnmapped(s.pressure)
        ? []
        : [sensor('outlet_pressure', 303, `${s.code}-PT01`, '出口压力表', '压力', 'MPa')]),
      ...(isUnmapped(s.rain) ? [] : [sensor('rain', 304, 'RG-01', '东湖雨量计', '雨强', 'mm/h')]),
    ],
    cameras: [{ id: 401, code: `${s.code}-CAM01`, name: '前池摄像头', status: 'online' }],
    photos: [],
    ...extra,
  };
}

export function trendOf(hours = 24): StationTrend {
  const to = Date.now();
  const from = to - hours * 3600_000;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    bucketSeconds: 300,
    points: [0, 1, 2].map((i) => ({
      t: new Date(from + i * 300_000).toISOString(),
      level: 2 + i * 0.1,
      levelMax: 2.1 + i * 0.1,
      flow: 1000,
      pumpsRunning: 1,
      rain: 0,
    })),
  };
}
