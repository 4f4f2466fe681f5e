import type { FastifyInstance } from 'fastify';
import type { LatestReadings } from '../telemetry/telemetry.writer.ts';
import { createStationLiveRepository } from './station-live.repository.ts';
import type { StationLiveService } from './station-live.service.ts';

/** At most one live station event per station this often; readings in between fold into it. */
export const STATION_LIVE_MIN_GAP_MS = 1000;
/** How long the map of devices to the stations that read them is trusted (a configuration change shows within it). */
const MAPPING_TTL_MS = 30_000;

/**
 * Pushes a station's live state to the connections subscribed to it (`subscribe-stations`) as its
 * devices' readings commit, throttled per station like the devices' live readings: the first change
 * goes at once, later ones within the gap are folded into one event sent when the gap has passed.
 * Nothing is derived for a station nobody watches. Returns the stop function.
 */
export function startStationLivePush(app: FastifyInstance, service: StationLiveService): () => void {
  let mapping: { at: number; byDevice: Map<number, number[]> } | null = null;
  let loading: Promise<Map<number, number[]>> | null = null;
  const lastSent = new Map<number, number>();
  const due = new Set<number>();
  const timers = new Map<number, NodeJS.Timeout>();
  let stopped = false;

  async function stationsByDevice(): Promise<Map<number, number[]>> {
    if (mapping && Date.now() - mapping.at < MAPPING_TTL_MS) return mapping.byDevice;
    loading ??= (async () => {
      const rows = await createStationLiveRepository(app.db).stationsOfDevices(null);
      const byDevice = new Map<number, number[]>();
      for (const r of rows) byDevice.set(r.deviceId, [...(byDevice.get(r.deviceId) ?? []), r.stationId]);
      mapping = { at: Date.now(), byDevice };
      return byDevice;
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  async function flush() {
    const ids = [...due];
    due.clear();
    if (stopped || ids.length === 0) return;
    const now = Date.now();
    for (const id of ids) lastSent.set(id, now);
    for (const station of await service.stations(ids)) {
      app.realtime.toStationSubscribers(station.id, { type: 'station', station });
    }
  }

  function schedule(stationId: number) {
    if (timers.has(stationId)) return;
    const wait = (lastSent.get(stationId) ?? 0) + STATION_LIVE_MIN_GAP_MS - Date.now();
    const fire = () => {
      timers.delete(stationId);
      due.add(stationId);
      // Stations due together are derived together (one set of queries).
      queueMicrotask(() => {
        flush().catch((err: unknown) => app.log.warn({ err }, 'station live push failed'));
      });
    };
    if (wait <= 0) fire();
    else timers.set(stationId, setTimeout(fire, wait).unref());
  }

  const unsubscribe = app.telemetry.onLatest((fresh: LatestReadings[]) => {
    if (stopped) return;
    stationsByDevice()
      .then((byDevice) => {
        for (const { deviceId } of fresh) {
          for (const stationId of byDevice.get(deviceId) ?? []) {
            if (app.realtime.hasStationSubscribers(stationId)) schedule(stationId);
          }
        }
      })
      .catch((err: unknown) => app.log.warn({ err }, 'station live push: mapping failed'));
  });

  return () => {
    stopped = true;
    unsubscribe();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
