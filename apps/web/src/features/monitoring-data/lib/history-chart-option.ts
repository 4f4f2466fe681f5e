import type { History, HistoryPoint, HistoryResolution, HistorySeries } from '@water/contracts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';

/** A chart point: time (ms), value (null breaks the line), and the bucket's band when aggregated. */
export type ChartPoint = [number, number | null, number | null, number | null];

const NOMINAL_BUCKET: Record<HistoryResolution, number> = { raw: 0, '1m': 60, '1h': 3600, bucket: 0 };
const AXIS_OFFSET = 64;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * How far apart two consecutive points may be before the line breaks: twice a bucket when the
 * answer is aggregated; for raw readings three times their median interval (devices report at
 * their own pace). Infinity when there is too little to tell.
 */
export function gapThresholdMs(times: number[], resolution: HistoryResolution, bucketSeconds: number): number {
  if (resolution !== 'raw') {
    const bucket = bucketSeconds || NOMINAL_BUCKET[resolution];
    return bucket > 0 ? 2 * bucket * 1000 : Number.POSITIVE_INFINITY;
  }
  if (times.length < 3) return Number.POSITIVE_INFINITY;
  const intervals: number[] = [];
  for (let i = 1; i < times.length; i += 1) intervals.push((times[i] as number) - (times[i - 1] as number));
  const m = median(intervals);
  return m > 0 ? 3 * m : Number.POSITIVE_INFINITY;
}

/** The series' points in time order, with a null point in every gap so the line shows it. */
export function withGaps(points: HistoryPoint[], resolution: HistoryResolution, bucketSeconds: number): ChartPoint[] {
  const sorted = points
    .map((p): ChartPoint => [Date.parse(p.t), p.v, p.min ?? null, p.max ?? null])
    .filter((p) => Number.isFinite(p[0]))
    .sort((a, b) => a[0] - b[0]);
  const threshold = gapThresholdMs(
    sorted.map((p) => p[0]),
    resolution,
    bucketSeconds,
  );
  const out: ChartPoint[] = [];
  for (const point of sorted) {
    const last = out.at(-1);
    if (last && point[0] - last[0] > threshold) out.push([Math.round((last[0] + point[0]) / 2), null, null, null]);
    out.push(point);
  }
  return out;
}

/** The legend and tooltip name of a series: "code name · metric (unit)". */
export function seriesLabel(s: Pick<HistorySeries, 'code' | 'name' | 'metricName' | 'unit'>): string {
  return `${s.code} ${s.name} · ${s.metricName}${s.unit ? ` (${s.unit})` : ''}`;
}

/** Units in order of first use: one y-axis each. */
export function unitsOf(series: Pick<HistorySeries, 'unit'>[]): string[] {
  return [...new Set(series.map((s) => s.unit))];
}

export interface HistoryChartTexts {
  zoom: string;
  zoomBack: string;
  brush: string;
  clear: string;
  save: string;
  range: string;
  formatTime: (ms: number) => string;
  formatValue: (value: number) => string;
  /** The label of a time-axis tick (see axisTimeLabel). */
  formatAxisTime: (ms: number) => string;
}

/**
 * A time-axis tick in the browser's time, as ECharts places them: a midnight as month and day
 * ("11月25日", "Nov 25"; ECharts' own default is a bare "25"), a new year with its year, other
 * ticks as the time of day.
 */
export function axisTimeLabel(ms: number, locale: string): string {
  const d = new Date(ms);
  const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0;
  if (!midnight)
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  const newYear = d.getDate() === 1 && d.getMonth() === 0;
  return new Intl.DateTimeFormat(
    locale,
    newYear ? { year: 'numeric', month: 'short' } : { month: 'short', day: 'numeric' },
  ).format(d);
}

/**
 * The lowest value an axis may show: the thing models' minimum when every series on it has one
 * (a flow meter's 0), else none. Used only when the data come near it, so a level that moves
 * between 1.2 and 2.0 m keeps its detail rather than being drawn from 0.
 */
export function axisFloor(
  series: Pick<HistorySeries, 'min'>[],
): ((extent: { min: number; max: number }) => number | undefined) | undefined {
  if (series.length === 0 || series.some((s) => s.min === null)) return undefined;
  const floor = Math.min(...series.map((s) => s.min as number));
  return (extent) => (extent.min - floor <= extent.max - extent.min ? floor : undefined);
}

/**
 * The history chart: one y-axis per unit (left, right, then further out on alternate sides), a
 * time axis with inside and slider zoom, a brush, lines that break at gaps and, when the server
 * aggregated, a min–max band under each line (a transparent base plus the spread stacked on it;
 * the band shares its line's name so the legend toggles both).
 */
export function buildHistoryOption(history: History, colors: ChartColors, texts: HistoryChartTexts) {
  const aggregated = history.resolution !== 'raw';
  const units = unitsOf(history.series);
  const color = (i: number) => colors.palette[i % colors.palette.length] as string;
  const sides = units.map((_, i) => (i % 2 === 0 ? 'left' : 'right') as 'left' | 'right');
  const leftAxes = sides.filter((s) => s === 'left').length;
  const rightAxes = sides.filter((s) => s === 'right').length;
  const prepared = history.series.map((s) => ({
    s,
    axis: units.indexOf(s.unit),
    label: seriesLabel(s),
    points: withGaps(s.points, history.resolution, history.bucketSeconds),
  }));

  const yAxis = units.map((unit, i) => ({
    type: 'value' as const,
    name: unit,
    position: sides[i],
    offset: Math.floor(i / 2) * AXIS_OFFSET,
    alignTicks: i > 0,
    scale: true,
    // Without it, aligning this axis's ticks with the first one's could draw a flow below 0.
    min: axisFloor(prepared.filter((p) => p.axis === i).map((p) => p.s)),
    axisLine: { show: true, lineStyle: { color: color(prepared.findIndex((p) => p.axis === i)) } },
    axisLabel: { color: colors.textSecondary },
    nameTextStyle: { color: colors.textSecondary },
    splitLine: { show: i === 0, lineStyle: { color: colors.border, type: 'dashed' as const } },
  }));

  const series = prepared.flatMap(({ axis, label, points }, i) => {
    const line = {
      id: `series-${i}`,
      name: label,
      type: 'line' as const,
      yAxisIndex: axis,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 1.5, color: color(i) },
      itemStyle: { color: color(i) },
      encode: { x: 0, y: 1 },
      data: points,
      z: 3,
    };
    if (!aggregated) return [line];
    const hasBand = points.some((p) => p[2] !== null && p[3] !== null);
    if (!hasBand) return [line];
    const band = {
      name: label,
      type: 'line' as const,
      yAxisIndex: axis,
      stack: `band-${i}`,
      // Stack the spread on the minimum even when that is negative.
      stackStrategy: 'all' as const,
      symbol: 'none',
      silent: true,
      connectNulls: false,
      lineStyle: { opacity: 0 },
      tooltip: { show: false },
      z: 1,
    };
    return [
      line,
      { ...band, id: `band-min-${i}`, data: points.map((p) => [p[0], p[2]]) },
      {
        ...band,
        id: `band-spread-${i}`,
        areaStyle: { color: color(i), opacity: 0.15 },
        data: points.map((p) => [p[0], p[2] !== null && p[3] !== null ? p[3] - p[2] : null]),
      },
    ];
  });

  const byId = new Map(prepared.map((p, i) => [`series-${i}`, p.s]));
  return {
    color: colors.palette,
    animation: false,
    grid: {
      left: 24 + Math.max(1, leftAxes) * 48 + (Math.max(1, leftAxes) - 1) * 16,
      right: 24 + rightAxes * 48 + Math.max(0, rightAxes - 1) * 16,
      top: 72,
      bottom: 72,
    },
    legend: {
      type: 'scroll' as const,
      top: 0,
      left: 0,
      right: 120,
      textStyle: { color: colors.text },
      data: prepared.map((p) => p.label),
    },
    tooltip: {
      trigger: 'axis' as const,
      backgroundColor: colors.background,
      borderColor: colors.border,
      textStyle: { color: colors.text },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as {
          seriesId: string;
          marker: string;
          value: ChartPoint;
        }[];
        const first = list[0];
        if (!first) return '';
        const escapeHtml = (text: string) =>
          text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
        const rows = list
          .filter((p) => byId.has(p.seriesId) && p.value[1] !== null)
          .map((p) => {
            const s = byId.get(p.seriesId) as HistorySeries;
            const [, v, min, max] = p.value;
            const unit = s.unit ? ` ${escapeHtml(s.unit)}` : '';
            const band =
              min !== null && max !== null
                ? ` <span style="opacity:.7">(${escapeHtml(texts.range)} ${texts.formatValue(min)}–${texts.formatValue(max)})</span>`
                : '';
            return `${p.marker}${escapeHtml(seriesLabel(s))}: <b>${texts.formatValue(v as number)}${unit}</b>${band}`;
          });
        return [escapeHtml(texts.formatTime(first.value[0])), ...rows].join('<br/>');
      },
    },
    toolbox: {
      right: 8,
      top: 0,
      iconStyle: { borderColor: colors.textSecondary },
      feature: {
        dataZoom: { yAxisIndex: 'none' as const, title: { zoom: texts.zoom, back: texts.zoomBack } },
        brush: { type: ['lineX', 'clear'], title: { lineX: texts.brush, clear: texts.clear } },
        saveAsImage: { title: texts.save, backgroundColor: colors.background },
      },
    },
    brush: { xAxisIndex: 'all' as const, brushLink: 'all' as const, outOfBrush: { colorAlpha: 0.3 } },
    xAxis: {
      type: 'time' as const,
      axisLine: { lineStyle: { color: colors.border } },
      axisLabel: {
        color: colors.textSecondary,
        hideOverlap: true,
        formatter: (value: number) => texts.formatAxisTime(value),
      },
      splitLine: { show: false },
    },
    yAxis,
    dataZoom: [
      { type: 'inside' as const, xAxisIndex: 0, filterMode: 'none' as const },
      { type: 'slider' as const, xAxisIndex: 0, filterMode: 'none' as const, bottom: 16, height: 24 },
    ],
    series,
  };
}

export type HistoryChartOption = ReturnType<typeof buildHistoryOption>;
