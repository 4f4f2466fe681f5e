import type {
  LiveFlag,
  LiveValue,
  PumpLive,
  PumpState,
  StationKind,
  StationLive,
  StationState,
  StationStateCounts,
} from '@water/contracts';
import type { DeviceInfo, LatestRow, StationConfigs } from './station-live.repository.ts';

/**
 * Live state derived from a station's configuration and the latest telemetry (issue 14). Nothing is
 * per station: which device and metric give each point comes from station_pumps and station_sensors.
 *
 * Staleness: a reading is stale when it is older than its device type's offline window
 * (`offlineAfterSeconds` of the thing model, 600 s unless set: the same figure the offline sweep and
 * the monitoring board's stale badge use). A device is silent when it has not been heard within that
 * window (or the sweep marked it offline). A silent level sensor or pump controller makes the station
 * `offline`, and a station with neither configured is `offline` too: no data never reads as normal.
 *
 * A pump under maintenance (locked out and tagged out in its configuration) reads `maintenance`
 * whatever its controller says: its controller being silent or faulted is expected then, so it takes
 * the station neither `offline` nor `fault`, and raises no derived alarm.
 */

/** A latest reading as the live state uses it: its time as sent (ISO) and in ms, made once per read. */
export interface LatestPoint {
  value: number | null;
  textValue: string | null;
  ts: string;
  at: number;
}

/** Latest readings by device, then by metric. */
export type LatestIndex = Map<number, Map<string, LatestPoint>>;

/** Indexes latest readings (into `index`, replacing what it holds for the same device and metric). */
export function indexLatest(rows: LatestRow[], index: LatestIndex = new Map()): LatestIndex {
  for (const r of rows) {
    let byMetric = index.get(r.deviceId);
    if (!byMetric) {
      byMetric = new Map();
      index.set(r.deviceId, byMetric);
    }
    byMetric.set(r.metric, { value: r.value, textValue: r.textValue, ts: new Date(r.at).toISOString(), at: r.at });
  }
  return index;
}

export interface LiveInputs {
  configs: StationConfigs;
  devices: Map<number, DeviceInfo>;
  latest: LatestIndex;
  /** The time staleness is judged against: the answer's. */
  now: Date;
}

const EMPTY: LiveValue = { value: null, ts: null, stale: true };
const EMPTY_FLAG: LiveFlag = { value: null, ts: null, stale: true };

/** The device ids a set of configurations reads. */
export function devicesOf(configs: StationConfigs): number[] {
  const ids = new Set<number>();
  for (const p of configs.pumps) if (p.controllerDeviceId !== null) ids.add(p.controllerDeviceId);
  for (const s of configs.sensors) ids.add(s.deviceId);
  return [...ids];
}

const silent = (d: DeviceInfo | undefined, now: number) =>
  !d ||
  d.status === 'offline' ||
  d.status === 'disabled' ||
  d.lastSeenAt === null ||
  now - d.lastSeenAt.getTime() > d.windowSeconds * 1000;

/** A text reading as a flag: remote/auto/on/true/1 are true, local/off/false/0 false. */
function flagOfText(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (['true', '1', 'on', 'yes', 'remote', 'auto', 'running', 'run'].includes(t)) return true;
  if (['false', '0', 'off', 'no', 'local', 'manual', 'stopped', 'stop'].includes(t)) return false;
  return null;
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export function deriveStations(input: LiveInputs): StationLive[] {
  const now = input.now.getTime();
  // The newest reading of any of the station's points, in ms (reset per station).
  let lastUpdate = 0;
  const reading = (deviceId: number | null, metric: string | null): LatestPoint | undefined => {
    if (deviceId === null || metric === null) return undefined;
    const r = input.latest.get(deviceId)?.get(metric);
    if (r && r.at > lastUpdate) lastUpdate = r.at;
    return r;
  };
  const isStale = (deviceId: number, at: number) => {
    const d = input.devices.get(deviceId);
    return !d || now - at > d.windowSeconds * 1000;
  };
  const value = (deviceId: number | null, metric: string | null): LiveValue => {
    const r = reading(deviceId, metric);
    if (!r || deviceId === null) return EMPTY;
    return { value: r.value, ts: r.ts, stale: r.value === null || isStale(deviceId, r.at) };
  };
  const flag = (deviceId: number | null, metric: string | null): LiveFlag => {
    const r = reading(deviceId, metric);
    if (!r || deviceId === null) return EMPTY_FLAG;
    const v = r.value !== null ? r.value !== 0 : r.textValue !== null ? flagOfText(r.textValue) : null;
    return { value: v, ts: r.ts, stale: v === null || isStale(deviceId, r.at) };
  };
  /** A fresh flag's value; a stale one counts as unknown. */
  const fresh = (f: LiveFlag) => (f.stale ? null : f.value);

  const pumpsBy = groupBy(input.configs.pumps, (p) => p.stationId);
  const sensorsBy = groupBy(input.configs.sensors, (s) => s.stationId);

  return input.configs.rows.map(({ station: s, regionName }) => {
    const sensors = new Map((sensorsBy.get(s.id) ?? []).map((x) => [x.role, x]));
    const sensorValue = (role: string) => {
      const x = sensors.get(role);
      return x ? value(x.deviceId, x.metric) : EMPTY;
    };
    lastUpdate = 0;

    const pumps: PumpLive[] = (pumpsBy.get(s.id) ?? []).map((p) => {
      const c = p.controllerDeviceId;
      const running = flag(c, p.runningMetric);
      const fault = flag(c, p.faultMetric);
      const remote = flag(c, p.remoteMetric);
      const points = {
        frequency: value(c, p.frequencyMetric),
        current: value(c, p.currentMetric),
        power: value(c, p.powerMetric),
        runHours: value(c, p.runHoursMetric),
      };
      const state: PumpState = p.maintenance
        ? 'maintenance'
        : c === null || silent(input.devices.get(c), now)
          ? 'offline'
          : fresh(fault) === true
            ? 'fault'
            : fresh(running) === true
              ? 'running'
              : fresh(remote) === false
                ? 'local'
                : 'stopped';
      return {
        id: p.id,
        number: p.number,
        name: p.name,
        drive: p.drive === 'vfd' ? 'vfd' : 'fixed',
        state,
        startLevel: p.startLevel,
        stopLevel: p.stopLevel,
        running,
        fault,
        remote,
        ...points,
      };
    });

    const level = sensorValue('level');
    const flow = sensorValue('flow');
    const pressure = sensorValue('outlet_pressure');
    const rain = sensorValue('rain');

    const levelSensor = sensors.get('level');
    const controlled = (pumpsBy.get(s.id) ?? []).filter((p) => p.controllerDeviceId !== null);
    // A controller counts as configured whatever its pump's state; only those of pumps in service must speak.
    const inService = controlled.flatMap((p) =>
      p.maintenance || p.controllerDeviceId === null ? [] : [p.controllerDeviceId],
    );
    const offline =
      (!levelSensor && controlled.length === 0) ||
      (levelSensor !== undefined && silent(input.devices.get(levelSensor.deviceId), now)) ||
      inService.some((c) => silent(input.devices.get(c), now));
    const pumpsRunning = pumps.filter((p) => p.state === 'running').length;
    const state: StationState = offline
      ? 'offline'
      : pumps.some((p) => p.state === 'fault')
        ? 'fault'
        : pumpsRunning > 0
          ? 'running'
          : 'stopped';
    const powers = pumps.filter((p) => p.state === 'running' && !p.power.stale && p.power.value !== null);

    return {
      id: s.id,
      code: s.code,
      name: s.name,
      kind: s.kind as StationKind,
      regionId: s.regionId,
      regionName: regionName ?? '',
      longitude: s.longitude,
      latitude: s.latitude,
      state,
      level,
      setPoints: {
        wellDepth: s.wellDepth,
        highAlarm: s.highAlarmLevel,
        lowAlarm: s.lowAlarmLevel,
        protection: s.protectionLevel,
      },
      pumpsRunning,
      pumpsTotal: pumps.length,
      pumps,
      flow,
      pressure,
      rain,
      power: powers.length ? powers.reduce((a, p) => a + (p.power.value ?? 0), 0) : null,
      lastUpdate: lastUpdate ? new Date(lastUpdate).toISOString() : null,
    };
  });
}

export function countStates(list: { state: StationState }[]): StationStateCounts {
  const counts: StationStateCounts = { running: 0, stopped: 0, fault: 0, offline: 0 };
  for (const s of list) counts[s.state]++;
  return counts;
}
