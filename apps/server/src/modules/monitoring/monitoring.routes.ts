import {
  type DeviceStatus,
  type HistoryResolution,
  type HistorySeries,
  type MetricSpec,
  monitoringApi,
  thingModelSchema,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dataScope, inRegionScope, withinRegions } from '../../lib/data-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { shownValue } from '../telemetry/telemetry.parse.ts';
import { createMonitoringRepository, type SeriesRow } from './monitoring.repository.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** A type's metrics by key (a model that no longer parses names nothing). */
function metricsOf(model: unknown): Map<string, MetricSpec> {
  const parsed = thingModelSchema.safeParse(model ?? {});
  return new Map((parsed.success ? parsed.data.metrics : []).map((m) => [m.key, m]));
}

/** Buckets of `size` ms that [from, to] touches (the bounds count, as the queries take them). */
const slots = (from: number, to: number, size: number) => Math.floor(to / size) - Math.floor(from / size) + 1;

/**
 * The resolution a history answers in: raw points when every series has at most `maxPoints` of them;
 * else the 1-minute rollups, else the 1-hour ones, when the buckets the range touches fit; else
 * 1-hour rollups merged into buckets of whole hours, the narrowest that fit. The bound holds by
 * construction: a tier is chosen by the buckets the range can hold, not by the rows it has.
 */
export function chooseResolution(
  from: number,
  to: number,
  maxPoints: number,
  rawFits: boolean,
): { resolution: HistoryResolution; bucketSeconds: number } {
  if (rawFits) return { resolution: 'raw', bucketSeconds: 0 };
  if (slots(from, to, MINUTE) <= maxPoints) return { resolution: '1m', bucketSeconds: 60 };
  if (slots(from, to, HOUR) <= maxPoints) return { resolution: '1h', bucketSeconds: 3600 };
  let hours = Math.ceil(slots(from, to, HOUR) / maxPoints);
  while (slots(from, to, hours * HOUR) > maxPoints) hours++;
  return { resolution: 'bucket', bucketSeconds: hours * 3600 };
}

/**
 * Live data and history of the devices (issue 7): the real-time board and the history chart.
 * Both read within the caller's region limit.
 */
export async function monitoringRoutes(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createMonitoringRepository(req.tx ?? app.db);

  route(app, monitoringApi.points, { access: 'session' }, async (req) => {
    const q = req.query;
    const requested =
      q.regionId === undefined ? undefined : await createDevicesRepository(req.tx ?? app.db).regionSubtree(q.regionId);
    const regionIds = withinRegions(await dataScope(app, req), requested);
    const { total, rows } = await repo(req).page({ ...q, regionIds, now: app.clock.now() });
    const latest = await repo(req).latest(rows.map((r) => r.id));
    const byDevice = new Map<number, typeof latest>();
    for (const l of latest) byDevice.set(l.deviceId, [...(byDevice.get(l.deviceId) ?? []), l]);
    const models = new Map<number, Map<string, MetricSpec>>();
    const list = rows.map((r) => {
      const metrics = models.get(r.typeId) ?? metricsOf(r.model);
      models.set(r.typeId, metrics);
      return {
        deviceId: r.id,
        code: r.code,
        name: r.name,
        typeId: r.typeId,
        typeName: req.locale === 'en-US' ? r.typeEn : r.typeZh,
        regionId: r.regionId,
        regionName: r.regionName ?? '',
        stationId: r.stationId,
        stationName: r.stationName ?? '',
        status: r.status as DeviceStatus,
        lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
        stale: Boolean(r.stale),
        readings: (byDevice.get(r.id) ?? []).map((l) => ({
          key: l.metric,
          value: shownValue(metrics.get(l.metric), l.value, l.textValue),
          ts: l.ts.toISOString(),
          quality: l.quality,
        })),
      };
    });
    return { total, page: q.page, pageSize: q.pageSize, list };
  });

  route(app, monitoringApi.history, { access: 'session' }, async (req) => {
    const { from: fromText, to: toText, maxPoints } = req.query;
    const wanted = [...new Set(req.query.series)].map((key) => {
      const at = key.indexOf(':');
      return { deviceId: Number(key.slice(0, at)), metric: key.slice(at + 1) };
    });
    const from = new Date(fromText);
    const to = new Date(toText);
    const scope = await dataScope(app, req);
    const found = new Map(
      (await repo(req).devicesById([...new Set(wanted.map((w) => w.deviceId))])).map((d) => [d.id, d]),
    );
    // A device the caller may not see does not exist for them, so the whole answer is a 404, as
    // for a detail page: a chart silently missing a line would read as "no data".
    for (const w of wanted) {
      const device = found.get(w.deviceId);
      if (!device || !inRegionScope(scope, device.regionId)) throw notFound();
    }

    const counts = await Promise.all(
      wanted.map((w) => repo(req).countRaw(w.deviceId, w.metric, from, to, maxPoints + 1)),
    );
    const { resolution, bucketSeconds } = chooseResolution(
      from.getTime(),
      to.getTime(),
      maxPoints,
      counts.every((n) => n <= maxPoints),
    );
    // Rollup tiers read the buckets that start in the range, from the one holding `from`.
    const floorTo = (size: number) => new Date(Math.floor(from.getTime() / size) * size);
    const read = (w: (typeof wanted)[number]): Promise<SeriesRow[]> => {
      switch (resolution) {
        case 'raw':
          return repo(req).raw(w.deviceId, w.metric, from, to);
        case '1m':
          return repo(req).rollups('1m', w.deviceId, w.metric, floorTo(MINUTE), to);
        case '1h':
          return repo(req).rollups('1h', w.deviceId, w.metric, floorTo(HOUR), to);
        case 'bucket':
          return repo(req).buckets(w.deviceId, w.metric, floorTo(HOUR), to, bucketSeconds);
      }
    };
    const series: HistorySeries[] = [];
    for (const w of wanted) {
      const device = found.get(w.deviceId)!;
      const spec = metricsOf(device.model).get(w.metric);
      const rows = await read(w);
      series.push({
        deviceId: device.id,
        code: device.code,
        name: device.name,
        metric: w.metric,
        metricName: spec ? (req.locale === 'en-US' ? spec.nameEn : spec.nameZh) : w.metric,
        unit: spec?.unit ?? '',
        points: rows.map((r) => ({ ...r, t: r.t.toISOString() })),
      });
    }
    return { resolution, bucketSeconds, series };
  });
}
