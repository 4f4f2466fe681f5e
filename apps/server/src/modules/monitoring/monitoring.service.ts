import { Readable } from 'node:stream';
import {
  type DeviceStatus,
  type HistoryResolution,
  type HistorySeries,
  type MetricSpec,
  type monitoringApi,
  TOTAL_ROWS_HEADER,
  thingModelSchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { t } from '../../i18n/messages.ts';
import { UTILITY_OFFSET_MS } from '../../lib/clock.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { csvText } from '../../lib/csv.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { attachmentDisposition } from '../../lib/downloads.ts';
import { businessError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
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
  minuteCovers = true,
): { resolution: HistoryResolution; bucketSeconds: number } {
  if (rawFits) return { resolution: 'raw', bucketSeconds: 0 };
  if (minuteCovers && slots(from, to, MINUTE) <= maxPoints) return { resolution: '1m', bucketSeconds: 60 };
  if (slots(from, to, HOUR) <= maxPoints) return { resolution: '1h', bucketSeconds: 3600 };
  let hours = Math.ceil(slots(from, to, HOUR) / maxPoints);
  while (slots(from, to, hours * HOUR) > maxPoints) hours++;
  return { resolution: 'bucket', bucketSeconds: hours * 3600 };
}

type Query<K extends keyof typeof monitoringApi> = z.output<NonNullable<(typeof monitoringApi)[K]['query']>>;

/**
 * Live data and history of the devices (issue 7): the real-time board, the history chart and its
 * export. Each reads within the caller's region limit.
 */
export function createMonitoringService(app: FastifyInstance) {
  const repo = (ctx: Context) => createMonitoringRepository(ctx.db);

  /** A page of the real-time board: devices in service with their latest readings. */
  async function points(ctx: Context, q: Query<'points'>) {
    const regionIds = await regionFilter(ctx.db, await ctx.scope(), q.regionId);
    const { total, rows } = await repo(ctx).page({ ...q, regionIds, now: app.clock.now() });
    const latest = await repo(ctx).latest(rows.map((r) => r.id));
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
        typeName: ctx.locale === 'en-US' ? r.typeEn : r.typeZh,
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
  }

  /**
   * The series a history or an export asks for, each with its device and metric spec. A device the
   * caller may not see does not exist for them, so the whole answer is a 404, as for a detail page:
   * a chart silently missing a line would read as "no data".
   */
  async function seriesOf(ctx: Context, keys: string[]) {
    const wanted = [...new Set(keys)].map((key) => {
      const at = key.indexOf(':');
      return { deviceId: Number(key.slice(0, at)), metric: key.slice(at + 1) };
    });
    const scope = await ctx.scope();
    const found = new Map(
      (await repo(ctx).devicesById([...new Set(wanted.map((w) => w.deviceId))])).map((d) => [d.id, d]),
    );
    return wanted.map((w) => {
      const device = found.get(w.deviceId);
      if (!device || !inRegionScope(scope, device.regionId)) throw notFound();
      return { ...w, device, spec: metricsOf(device.model).get(w.metric) };
    });
  }

  /**
   * Whether a finer tier covers the range as far back as the 1-hour rollups do (a bucket's worth of
   * slack): raw points are kept 90 days and 1-minute rollups a year, and a backfill may write only
   * rollups, so a tier that fits may still start late and would draw a fraction of the range.
   */
  async function covers(ctx: Context, tier: 'raw' | '1m', wanted: Series[], from: Date, to: Date) {
    const checks = await Promise.all(
      wanted.map(async (w) => {
        const [fine, coarse] = await Promise.all([
          repo(ctx).earliest(tier, w.deviceId, w.metric, from, to),
          repo(ctx).earliest('1h', w.deviceId, w.metric, from, to),
        ]);
        return coarse === null || (fine !== null && fine.getTime() <= coarse.getTime() + HOUR);
      }),
    );
    return checks.every(Boolean);
  }

  /** What the chart shows for these series and `maxPoints`. */
  async function autoResolution(ctx: Context, wanted: Series[], from: Date, to: Date, maxPoints: number) {
    const counts = await Promise.all(
      wanted.map((w) => repo(ctx).countRaw(w.deviceId, w.metric, from, to, maxPoints + 1)),
    );
    const rawFits = counts.every((n) => n <= maxPoints) && (await covers(ctx, 'raw', wanted, from, to));
    return chooseResolution(
      from.getTime(),
      to.getTime(),
      maxPoints,
      rawFits,
      rawFits || (await covers(ctx, '1m', wanted, from, to)),
    );
  }
  type Series = Awaited<ReturnType<typeof seriesOf>>[number];

  /** The history chart's series, in the resolution that keeps each within `maxPoints`. */
  async function history(ctx: Context, q: Query<'history'>) {
    const { from: fromText, to: toText, maxPoints } = q;
    const from = new Date(fromText);
    const to = new Date(toText);
    const wanted = await seriesOf(ctx, q.series);
    const { resolution, bucketSeconds } = await autoResolution(ctx, wanted, from, to, maxPoints);
    // Rollup tiers read the buckets that start in the range, from the one holding `from`.
    const floorTo = (size: number) => new Date(Math.floor(from.getTime() / size) * size);
    const read = (w: (typeof wanted)[number]): Promise<SeriesRow[]> => {
      switch (resolution) {
        case 'raw':
          return repo(ctx).raw(w.deviceId, w.metric, from, to);
        case '1m':
          return repo(ctx).rollups('1m', w.deviceId, w.metric, floorTo(MINUTE), to);
        case '1h':
          return repo(ctx).rollups('1h', w.deviceId, w.metric, floorTo(HOUR), to);
        case 'bucket':
          return repo(ctx).buckets(w.deviceId, w.metric, floorTo(HOUR), to, bucketSeconds);
      }
    };
    const series: HistorySeries[] = [];
    for (const w of wanted) {
      const rows = await read(w);
      series.push({
        deviceId: w.device.id,
        code: w.device.code,
        name: w.device.name,
        metric: w.metric,
        metricName: metricLabel(w, ctx.locale),
        unit: w.spec?.unit ?? '',
        min: w.spec?.min ?? null,
        max: w.spec?.max ?? null,
        precision: w.spec?.precision ?? DEFAULT_PRECISION,
        points: rows.map((r) => ({ ...r, t: r.t.toISOString() })),
      });
    }
    return { resolution, bucketSeconds, series };
  }

  /** Sends the history export on `ctx.reply`: CSV streamed a slice at a time, XLSX built in memory (hence its cap). */
  async function exportHistory(ctx: RouteContext, q: Query<'historyExport'>) {
    const { from: fromText, to: toText, maxPoints, format } = q;
    const { reply } = ctx;
    const from = new Date(fromText);
    const to = new Date(toText);
    const wanted = await seriesOf(ctx, q.series);
    const { resolution, bucketSeconds } =
      q.resolution === 'auto'
        ? await autoResolution(ctx, wanted, from, to, maxPoints)
        : { resolution: q.resolution, bucketSeconds: { raw: 0, '1m': 60, '1h': 3600 }[q.resolution] };
    // Rollup tiers read the buckets that start in the range, from the one holding `from` (as the chart).
    const start =
      resolution === 'raw'
        ? from
        : new Date(Math.floor(from.getTime() / (bucketSeconds * 1000)) * bucketSeconds * 1000);
    const hourStart = new Date(Math.floor(from.getTime() / HOUR) * HOUR);
    const r = repo(ctx);

    const counts = await Promise.all(
      wanted.map((w) =>
        resolution === 'bucket'
          ? r.countBuckets(w.deviceId, w.metric, hourStart, to, bucketSeconds)
          : r.countRows(resolution, w.deviceId, w.metric, start, to),
      ),
    );
    const total = counts.reduce((a, n) => a + n, 0);
    const xlsxMax = app.config.HISTORY_XLSX_MAX_ROWS;
    if (format === 'xlsx' && total > xlsxMax) {
      throw businessError(400, 'monitoring.export.xlsxTooLarge', { rows: total, max: xlsxMax });
    }

    const locale = ctx.locale;
    const aggregated = resolution !== 'raw';
    const col = (key: 'time' | 'code' | 'name' | 'metric' | 'unit' | 'value' | 'avg' | 'min' | 'max' | 'count') =>
      t(locale, `monitoring.export.col.${key}`);
    const header = [
      col('time'),
      col('code'),
      col('name'),
      col('metric'),
      col('unit'),
      ...(aggregated ? [col('avg'), col('min'), col('max'), col('count')] : [col('value')]),
    ];

    /** Each series in time order, a slice at a time: keyset on the time, so every slice is an index range. */
    async function* slices(w: Series): AsyncGenerator<ExportRow[]> {
      const label = [w.device.code, w.device.name, metricLabel(w, locale), w.spec?.unit ?? ''] as const;
      // Averages come out of the database with every digit (1.8741666666666665): the metric's decimals.
      const round = roundTo(w.spec?.precision ?? DEFAULT_PRECISION);
      const aggregate = (p: SeriesRow): ExportRow => [
        p.t,
        ...label,
        round(p.v),
        round(p.min ?? null),
        round(p.max ?? null),
        p.count ?? null,
      ];
      if (resolution === 'bucket') {
        const rows = await r.buckets(w.deviceId, w.metric, hourStart, to, bucketSeconds);
        yield rows.map(aggregate);
        return;
      }
      let after: Date | null = null;
      for (;;) {
        const rows: { t: Date }[] =
          resolution === 'raw'
            ? await r.rawSlice(w.deviceId, w.metric, start, to, after, EXPORT_SLICE)
            : await r.rollupSlice(resolution, w.deviceId, w.metric, start, to, after, EXPORT_SLICE);
        if (rows.length === 0) return;
        yield resolution === 'raw'
          ? (rows as Awaited<ReturnType<typeof r.rawSlice>>).map((p) => [p.t, ...label, p.v ?? p.text])
          : (rows as SeriesRow[]).map(aggregate);
        if (rows.length < EXPORT_SLICE) return;
        after = rows[rows.length - 1]!.t;
      }
    }

    const day = (d: Date) => utilityTime(d).slice(0, 10).replaceAll('-', '');
    const fileName = `${t(locale, 'monitoring.export.fileName')}-${day(from)}-${day(to)}.${format}`;
    reply.header(TOTAL_ROWS_HEADER, String(total));

    if (format === 'xlsx') {
      const rows: ExportRow[] = [];
      for (const w of wanted) for await (const slice of slices(w)) rows.push(...slice);
      await sendXlsx(reply, fileName, header, rows, { dateFormat: 'yyyy-mm-dd hh:mm:ss' });
      return;
    }

    async function* csv() {
      yield Buffer.from(csvText([header], true));
      for (const w of wanted) {
        for await (const slice of slices(w)) {
          yield Buffer.from(csvText(slice.map(([time, ...rest]) => [utilityTime(time), ...rest])));
        }
      }
    }
    const body = Readable.from(csv());
    // A failure after the head went out cannot become an error answer: the cut file is the sign.
    body.on('error', (err) => ctx.log.error({ err }, 'history export failed while streaming'));
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  }

  return { points, history, exportHistory };
}

type ExportRow = [Date, ...(string | number | null)[]];

/** Decimals of a metric whose model does not say (the thing model's own default). */
const DEFAULT_PRECISION = 2;

/** A number to so many decimals, as a number (so XLSX keeps it numeric); null stays null. */
export const roundTo =
  (decimals: number) =>
  (v: number | null): number | null =>
    v === null ? null : Number(v.toFixed(decimals));

/** Rows an export reads per query. */
const EXPORT_SLICE = 5000;

/** ISO 8601 in the utility's zone (Asia/Shanghai, no DST): `2026-06-01T08:00:00+08:00`, ms when there are any. */
export function utilityTime(d: Date): string {
  const wall = new Date(d.getTime() + UTILITY_OFFSET_MS).toISOString();
  return `${wall.slice(0, d.getUTCMilliseconds() ? 23 : 19)}+08:00`;
}

const metricLabel = (w: { metric: string; spec?: MetricSpec | undefined }, locale: string) =>
  w.spec ? (locale === 'en-US' ? w.spec.nameEn : w.spec.nameZh) : w.metric;
