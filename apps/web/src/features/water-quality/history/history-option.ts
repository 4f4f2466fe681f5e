import { WQ_ONLINE_STORE_MINUTES, type WqHistory, type WqLimit } from '@water/contracts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';

/**
 * The chart's colours, in this order (Arco colour variables, so light and dark follow the theme):
 * online, lab, beyond the limit, the cold-water limit.
 */
export const HISTORY_PALETTE = ['--primary-6', '--purple-6', '--red-6', '--orange-6'] as const;
const FALLBACK = ['#165DFF', '#722ED1', '#F53F3F', '#FF7D00'];

export interface HistoryChartTexts {
  online: string;
  onlineHourly: string;
  onlineExceeding: string;
  lab: string;
  limits: string;
  upper: (value: string) => string;
  lower: (value: string) => string;
  cold: (value: string) => string;
  /** A class's name (III类 / Class III) and, for the lines of the other classes, its numeral alone. */
  grade: (grade: number) => string;
  numeral: (grade: number) => string;
  target: (grade: string) => string;
  notDetected: string;
  exceededOf: (exceeding: number, count: number) => string;
  range: (min: string, max: string) => string;
  formatTime: (ms: number) => string;
  unit: string;
}

/** A step of 1, 2 or 5 × a power of ten giving about five intervals over `span`: the axis ends fall on ticks. */
function niceStep(span: number): number {
  const power = 10 ** Math.floor(Math.log10(span || 1));
  const step = [0.1, 0.2, 0.5, 1, 2, 5].find((m) => m * power * 5 >= span) ?? 10;
  return step * power;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

type Point = [number, number | null];

/** A line that breaks where the analyser was silent, instead of drawing a straight line across the gap. */
function withGaps<T extends unknown[]>(
  points: T[],
  at: (p: T) => number,
  gapMs: number,
  empty: (ms: number) => T,
): T[] {
  const out: T[] = [];
  let previous: number | null = null;
  for (const p of points) {
    const ms = at(p);
    if (previous !== null && ms - previous > gapMs) out.push(empty(previous + 1));
    out.push(p);
    previous = ms;
  }
  return out;
}

/** The limits drawn: the one that applies (the target class's in a graded set) and, for a graded set, the other classes'. */
export function limitsOf(h: WqHistory): { applied: WqLimit | null; others: WqLimit[] } {
  if (h.targetGrade === null)
    return { applied: h.limits.find((l) => l.grade === null) ?? h.limits[0] ?? null, others: [] };
  const graded = h.limits.filter((l) => l.grade !== null).sort((a, b) => (a.grade ?? 0) - (b.grade ?? 0));
  return {
    applied: graded.find((l) => l.grade === h.targetGrade) ?? null,
    others: graded.filter((l) => l.grade !== h.targetGrade),
  };
}

/**
 * One parameter of one site over a range: online results as a line (hourly means with the hour's
 * least and greatest as a band, when bucketed), the online readings beyond the limit marked, lab
 * results as points (red beyond the limit, hollow below detection), and the limit lines: the one
 * that applies in red, the cold-water NH3-N limit, and for surface water the other classes' light
 * lines labelled I–V where they fall inside the chart.
 */
export function buildHistoryOption(
  h: WqHistory,
  range: { from: number; to: number },
  colors: ChartColors,
  texts: HistoryChartTexts,
) {
  const palette = colors.palette.length === HISTORY_PALETTE.length ? colors.palette : FALLBACK;
  const [onlineColor, labColor, exceedColor, coldColor] = palette as [string, string, string, string];
  const decimals = h.parameter.decimals;
  const show = (v: number) => Number(v.toFixed(decimals)).toString();
  const hourly = h.onlineBucket === 'hour';
  const online = h.online.map((o) => ({ ...o, ms: Date.parse(o.at) }));
  const { applied, others } = limitsOf(h);

  // The axis spans the data and the limit that applies, so that limit is always in view.
  const values = [...online.flatMap((o) => (hourly ? [o.min, o.max] : [o.value])), ...h.lab.map((l) => l.value)];
  const bounds = [applied?.lower, applied?.upper, applied?.coldUpper].filter((v): v is number => v != null);
  // For a graded set, the next class's line beyond the values too, so a value's class band shows.
  const classBounds = others.flatMap((l) => [l.lower, l.upper]).filter((v): v is number => v !== null);
  const dataHi = values.length ? Math.max(...values) : null;
  const dataLo = values.length ? Math.min(...values) : null;
  const above =
    dataHi === null
      ? []
      : classBounds
          .filter((v) => v > dataHi)
          .sort((a, b) => a - b)
          .slice(0, 1);
  const below =
    dataLo === null
      ? []
      : classBounds
          .filter((v) => v < dataLo)
          .sort((a, b) => b - a)
          .slice(0, 1);
  const all = [...values, ...bounds, ...above, ...below];
  const hi = all.length ? Math.max(...all) : 1;
  const lo = all.length ? Math.min(...all) : 0;
  // From zero unless the values sit far from it (pH, conductivity): then around them.
  const fromZero = lo <= 0 || lo < (hi - lo) * 1.5;
  const span = Math.max(hi - (fromZero ? 0 : lo), hi * 0.05, 10 ** -decimals);
  const step = niceStep(span);
  // Rounded to the step's decimals: 5.8, not 5.800000000000001.
  const places = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const round = (v: number) => Number(v.toFixed(places));
  const yMax = round(Math.ceil((hi + span * 0.08) / step) * step);
  const yMin = fromZero ? 0 : round(Math.max(0, Math.floor((lo - span * 0.08) / step) * step));
  const inView = (v: number) => v >= yMin && v <= yMax;

  const label = (text: string, color: string, position: string) => ({
    formatter: text,
    position,
    color,
    fontSize: 11,
    backgroundColor: colors.surface,
    padding: [1, 4],
    borderRadius: 2,
  });
  const appliedName = applied?.grade != null ? texts.target(texts.grade(applied.grade)) : '';
  const limitLines: Record<string, unknown>[] = [];
  if (applied?.upper != null)
    limitLines.push({
      yAxis: applied.upper,
      name: 'upper',
      lineStyle: { color: exceedColor, type: 'solid', width: 1.5 },
      label: label(`${appliedName} ${texts.upper(show(applied.upper))}`.trim(), exceedColor, 'insideEndTop'),
    });
  if (applied?.lower != null)
    limitLines.push({
      yAxis: applied.lower,
      name: 'lower',
      lineStyle: { color: exceedColor, type: 'solid', width: 1.5 },
      label: label(`${appliedName} ${texts.lower(show(applied.lower))}`.trim(), exceedColor, 'insideEndBottom'),
    });
  if (applied?.coldUpper != null)
    limitLines.push({
      yAxis: applied.coldUpper,
      name: 'cold',
      lineStyle: { color: coldColor, type: 'dashed', width: 1.2 },
      label: label(texts.cold(show(applied.coldUpper)), coldColor, 'insideEndTop'),
    });
  // The other classes: one light line per value (I and II share COD's 15), labelled with their numerals.
  const taken = new Set(bounds);
  const byValue = new Map<number, number[]>();
  for (const l of others) {
    for (const v of [l.lower, l.upper]) {
      if (v === null || taken.has(v) || !inView(v)) continue;
      byValue.set(v, [...(byValue.get(v) ?? []), l.grade as number]);
    }
  }
  for (const [v, grades] of byValue) {
    limitLines.push({
      yAxis: v,
      name: 'class',
      lineStyle: { color: colors.textSecondary, type: 'dashed', width: 1, opacity: 0.45 },
      label: label(grades.map(texts.numeral).join('/'), colors.textSecondary, 'insideStartTop'),
    });
  }

  // A gap is three times the usual spacing of the results (the analyser's own cadence), at least
  // three storage intervals (three hours when bucketed).
  const steps = online.slice(1).map((o, i) => o.ms - (online[i] as { ms: number }).ms);
  const usual = steps.length ? ([...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)] as number) : 0;
  const gapMs = Math.max(3 * usual, hourly ? 3 * 3_600_000 : 3 * WQ_ONLINE_STORE_MINUTES * 60_000);
  const onlineLine = withGaps<Point>(
    online.map((o) => [o.ms, o.value]),
    (p) => p[0],
    gapMs,
    (ms) => [ms, null],
  );
  const series: Record<string, unknown>[] = [];
  if (online.length) {
    series.push({
      id: 'online',
      name: hourly ? texts.onlineHourly : texts.online,
      type: 'line',
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 1.5, color: onlineColor },
      itemStyle: { color: onlineColor },
      data: onlineLine,
      z: 3,
    });
    if (hourly) {
      // The hour's least and greatest shade a band: a transparent base with the spread stacked on it.
      const band = {
        type: 'line',
        stack: 'online-band',
        symbol: 'none',
        silent: true,
        connectNulls: false,
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
        z: 1,
      };
      const spread = withGaps<Point>(
        online.map((o) => [o.ms, o.max - o.min]),
        (p) => p[0],
        gapMs,
        (ms) => [ms, null],
      );
      const base = withGaps<Point>(
        online.map((o) => [o.ms, o.min]),
        (p) => p[0],
        gapMs,
        (ms) => [ms, null],
      );
      series.push(
        { ...band, id: 'online-min', name: texts.onlineHourly, data: base },
        {
          ...band,
          id: 'online-spread',
          name: texts.onlineHourly,
          areaStyle: { color: onlineColor, opacity: 0.15 },
          data: spread,
        },
      );
    }
    const beyond = online.filter((o) => o.exceeding > 0);
    if (beyond.length)
      series.push({
        id: 'online-exceeding',
        name: texts.onlineExceeding,
        type: 'scatter',
        symbolSize: 5,
        itemStyle: { color: exceedColor },
        data: beyond.map((o) => ({ value: [o.ms, o.value], exceeding: o.exceeding, count: o.count })),
        z: 4,
      });
  }
  if (h.lab.length)
    series.push({
      id: 'lab',
      name: texts.lab,
      type: 'scatter',
      symbolSize: 9,
      itemStyle: { color: labColor },
      data: h.lab.map((l) => ({
        value: [Date.parse(l.at), l.value],
        belowDetection: l.belowDetection,
        sampleId: l.sampleId,
        itemStyle: l.belowDetection
          ? { color: colors.surface, borderColor: l.verdict === 'exceeding' ? exceedColor : labColor, borderWidth: 1.5 }
          : { color: l.verdict === 'exceeding' ? exceedColor : labColor },
      })),
      z: 5,
    });
  if (limitLines.length)
    series.push({
      id: 'limits',
      name: texts.limits,
      type: 'line',
      data: [],
      itemStyle: { color: exceedColor },
      markLine: { symbol: 'none', silent: true, animation: false, data: limitLines },
    });

  const unit = texts.unit;
  const tooltipLine = (p: { marker: string; seriesName: string; value: [number, number]; data: unknown }) => {
    const d = p.data as { belowDetection?: boolean; exceeding?: number; count?: number; sampleId?: string | null };
    const value = `${show(p.value[1])}${unit ? ` ${unit}` : ''}`;
    const notes = [
      d.belowDetection ? texts.notDetected : '',
      d.sampleId ? d.sampleId : '',
      d.exceeding ? texts.exceededOf(d.exceeding, d.count ?? 0) : '',
    ].filter(Boolean);
    return `${p.marker}${escapeHtml(p.seriesName)}: ${escapeHtml(d.belowDetection ? `<${value}` : value)}${notes.length ? ` (${escapeHtml(notes.join(', '))})` : ''}`;
  };

  return {
    animation: false,
    color: [onlineColor, labColor, exceedColor],
    grid: { left: 56, right: 24, top: 44, bottom: 32 },
    legend: {
      top: 0,
      textStyle: { color: colors.text },
      data: series.filter((s) => !String(s.id).startsWith('online-m') && s.id !== 'online-spread').map((s) => s.name),
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      backgroundColor: colors.background,
      borderColor: colors.border,
      textStyle: { color: colors.text },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as Parameters<typeof tooltipLine>[0][];
        const shown = list.filter((p) => Array.isArray(p.value) && p.value[1] !== null && p.value[1] !== undefined);
        if (!shown.length) return '';
        const bandOf = hourly ? online.find((o) => o.ms === shown[0]?.value[0]) : undefined;
        return [
          escapeHtml(texts.formatTime(shown[0]?.value[0] as number)),
          ...shown.map(tooltipLine),
          ...(bandOf ? [escapeHtml(texts.range(show(bandOf.min), show(bandOf.max)))] : []),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: range.from,
      max: range.to,
      axisLabel: { color: colors.textSecondary, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.border } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: unit,
      nameTextStyle: { color: colors.textSecondary, align: 'right' },
      min: yMin,
      max: yMax,
      axisLabel: { color: colors.textSecondary },
      splitLine: { lineStyle: { color: colors.border, type: 'dashed' } },
    },
    series,
  };
}
