import type { HistorySeries, StationHistory } from '@water/contracts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';
import { withGaps } from '../../monitoring-data/public.ts';

/**
 * The chart's colours, in this order (Arco colour variables, so light and dark follow the theme):
 * level, flow, pressure, rain, a pump running (the live screens' running green), high alarm, low
 * alarm, dry-run protection.
 */
export const STATION_HISTORY_PALETTE = [
  '--primary-6',
  '--purple-6',
  '--magenta-6',
  '--cyan-6',
  '--green-6',
  '--red-6',
  '--orange-6',
  '--gold-6',
] as const;
const FALLBACK = ['#165DFF', '#722ED1', '#F5319D', '#14C9C9', '#00B42A', '#F53F3F', '#FF7D00', '#F7BA1E'];

const LEGEND_H = 52;
const MAIN_H = 250;
const GAP_H = 28;
const ROW_H = 24;
const BOTTOM_H = 64;

/** The chart's height for a station with `pumps` pumps: the main grid, a band row per pump, the zoom slider. */
export function stationChartHeight(pumps: number): number {
  return LEGEND_H + MAIN_H + GAP_H + Math.max(1, pumps) * ROW_H + BOTTOM_H;
}

export interface StationChartTexts {
  level: string;
  flow: string;
  pressure: string;
  rain: string;
  alarms: string;
  pumpLevels: string;
  high: string;
  low: string;
  protection: string;
  start: (pump: string) => string;
  stop: (pump: string) => string;
  pump: (p: StationHistory['pumps'][number]) => string;
  /** A run's tooltip: the pump, its period and, from rollups, its share of it. */
  run: (pump: string, from: number, to: number, duty: number) => string;
  zoom: string;
  zoomBack: string;
  save: string;
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number) => string;
  formatValue: (value: number, precision: number) => string;
}

/** The next round number at or above `v` (1, 2, 5 × a power of ten): an axis end a reader takes in. */
export function niceCeil(v: number): number {
  const power = 10 ** Math.floor(Math.log10(v));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= v - 1e-9) ?? 10;
  return step * power;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

interface Rendered {
  coordSys: { x: number; y: number; width: number; height: number };
}
interface RenderApi {
  value: (dimension: number) => number;
  coord: (point: [number, number]) => [number, number];
  size: (size: [number, number]) => [number, number];
}

/**
 * The station's chart: the level (left axis) with its alarm and protection lines and each pump's
 * start and stop level, the outlet flow and pressure on axes of their own, rain as bars hanging from
 * the top on an inverted axis (the hydrograph's habit), and under it a band per pump, its runs as
 * bars (shaded by their duty where the data are averages), sharing the time axis, the zoom and the
 * pointer with the chart above.
 */
export function buildStationHistoryOption(h: StationHistory, colors: ChartColors, texts: StationChartTexts) {
  const palette = colors.palette.length === STATION_HISTORY_PALETTE.length ? colors.palette : FALLBACK;
  const [levelColor, flowColor, pressureColor, rainColor, runColor, highColor, lowColor, protectionColor] = palette as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const from = Date.parse(h.from);
  const to = Date.parse(h.to);
  const line = (s: HistorySeries) => withGaps(s.points, h.resolution, h.bucketSeconds).map((p) => [p[0], p[1]]);

  // Right-hand axes, inner to outer: flow, rain, pressure (only those the station has).
  const right = [h.flow && 'flow', h.rain && 'rain', h.pressure && 'pressure'].filter(Boolean) as string[];
  const rightWidth = 20 + right.length * 56;
  const grid = { left: 64, right: rightWidth };
  const bandTop = LEGEND_H + MAIN_H + GAP_H;
  const rows = Math.max(1, h.pumps.length);
  const axisText = { color: colors.textSecondary };
  const axisName = (name: string, unit: string) => (unit ? `${name} (${unit})` : name);
  const sp = h.setPoints;

  const yAxis: Record<string, unknown>[] = [
    {
      type: 'value',
      gridIndex: 0,
      name: axisName(texts.level, h.level?.unit ?? 'm'),
      nameTextStyle: { ...axisText, align: 'left' },
      position: 'left',
      min: 0,
      // The high alarm stays in view even when the well never came near it.
      max: (extent: { max: number }) => {
        const top = Math.max(extent.max, sp.highAlarm ?? 0, 0.5) * 1.12;
        // Whole metres above 3 m, so the end falls on a tick rather than half a step past it.
        return top > 3 ? Math.ceil(top) : Math.ceil(top * 2) / 2;
      },
      axisLine: { show: true, lineStyle: { color: levelColor } },
      axisLabel: axisText,
      splitLine: { lineStyle: { color: colors.border, type: 'dashed' } },
    },
  ];
  const axisOf: Record<string, number> = {};
  right.forEach((kind, i) => {
    axisOf[kind] = yAxis.length;
    const s = (kind === 'flow' ? h.flow : kind === 'rain' ? h.rain : h.pressure) as HistorySeries;
    const color = kind === 'flow' ? flowColor : kind === 'rain' ? rainColor : pressureColor;
    const label = kind === 'flow' ? texts.flow : kind === 'rain' ? texts.rain : texts.pressure;
    // Right-hand axes 56 px apart carry their unit only (the legend names them): full names would overlap.
    yAxis.push({
      type: 'value',
      gridIndex: 0,
      name: s.unit || label,
      nameTextStyle: axisText,
      nameLocation: kind === 'rain' ? 'start' : 'end',
      position: 'right',
      offset: i * 56,
      min: 0,
      inverse: kind === 'rain',
      // Rain keeps to the top third, above the level it fills.
      ...(kind === 'rain' ? { max: (extent: { max: number }) => niceCeil(Math.max(extent.max, 1) * 3) } : {}),
      axisLine: { show: true, lineStyle: { color } },
      axisLabel: axisText,
      splitLine: { show: false },
    });
  });
  const bandAxis = yAxis.length;
  yAxis.push({
    type: 'category',
    gridIndex: 1,
    data: h.pumps.map((p) => texts.pump(p)),
    inverse: true,
    axisTick: { show: false },
    axisLine: { lineStyle: { color: colors.border } },
    axisLabel: { color: colors.text },
    splitLine: { show: true, lineStyle: { color: colors.border } },
  });

  const markLine = (data: Record<string, unknown>[]) => ({
    symbol: 'none',
    silent: false,
    animation: false,
    data,
  });
  // The protection level sits just under the low alarm: its label goes under its line.
  const alarmLines = [
    [sp.highAlarm, texts.high, highColor, 'dashed', 'insideEndTop'],
    [sp.lowAlarm, texts.low, lowColor, 'dashed', 'insideEndTop'],
    [sp.protection, texts.protection, protectionColor, 'dotted', 'insideEndBottom'],
  ]
    .filter(([value]) => value !== null)
    .map(([value, name, color, type, position]) => ({
      yAxis: value,
      name,
      lineStyle: { color, type, width: 1.5 },
      // On the card's colour, so the flow drawn behind does not cross the text.
      label: {
        formatter: `${name} ${value}`,
        position,
        color,
        fontSize: 11,
        backgroundColor: colors.surface,
        padding: [1, 4],
        borderRadius: 2,
      },
    }));
  // Start levels are labelled; stop levels (close together above the protection level, where their
  // labels would pile up) show theirs on hover.
  const pumpLines = h.pumps.flatMap((p) =>
    (
      [
        [p.startLevel, texts.start(texts.pump(p)), true],
        [p.stopLevel, texts.stop(texts.pump(p)), false],
      ] as const
    )
      .filter(([value]) => value !== null)
      .map(([value, name, shown]) => {
        const label = {
          show: shown,
          formatter: `${name} ${value}`,
          position: 'insideStartTop',
          color: colors.textSecondary,
          fontSize: 10,
          backgroundColor: colors.surface,
          padding: [0, 3],
        };
        return {
          yAxis: value,
          name,
          lineStyle: { color: colors.textSecondary, type: 'dotted', width: 1, opacity: 0.7 },
          label,
          emphasis: { label: { ...label, show: true } },
        };
      }),
  );

  const series: Record<string, unknown>[] = [];
  const byId = new Map<string, HistorySeries>();
  if (h.level) {
    byId.set('level', h.level);
    series.push({
      id: 'level',
      name: texts.level,
      type: 'line',
      xAxisIndex: 0,
      yAxisIndex: 0,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 2, color: levelColor },
      itemStyle: { color: levelColor },
      data: line(h.level),
      z: 4,
    });
    // Averages hide the wet well's swing: where the answer is bucketed, the least and greatest level
    // of each bucket shade a band under the line (a transparent base with the spread stacked on it).
    const points = withGaps(h.level.points, h.resolution, h.bucketSeconds);
    if (h.resolution !== 'raw' && points.some((p) => p[2] !== null && p[3] !== null)) {
      const band = {
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        name: texts.level,
        stack: 'level-band',
        symbol: 'none',
        silent: true,
        connectNulls: false,
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
        z: 1,
      };
      series.push(
        { ...band, id: 'level-min', data: points.map((p) => [p[0], p[2]]) },
        {
          ...band,
          id: 'level-spread',
          areaStyle: { color: levelColor, opacity: 0.14 },
          data: points.map((p) => [p[0], p[2] !== null && p[3] !== null ? p[3] - p[2] : null]),
        },
      );
    }
  }
  // Set-points as series of their own (no data, only lines), so the legend can hide each group.
  if (alarmLines.length) {
    series.push({
      id: 'alarms',
      name: texts.alarms,
      type: 'line',
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: [],
      itemStyle: { color: highColor },
      markLine: markLine(alarmLines),
    });
  }
  if (pumpLines.length) {
    series.push({
      id: 'pump-levels',
      name: texts.pumpLevels,
      type: 'line',
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: [],
      itemStyle: { color: colors.textSecondary },
      markLine: markLine(pumpLines),
    });
  }
  if (h.flow) {
    byId.set('flow', h.flow);
    series.push({
      id: 'flow',
      name: texts.flow,
      type: 'line',
      xAxisIndex: 0,
      yAxisIndex: axisOf.flow,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 1.2, color: flowColor, opacity: 0.85 },
      itemStyle: { color: flowColor },
      areaStyle: { color: flowColor, opacity: 0.06 },
      data: line(h.flow),
      z: 3,
    });
  }
  if (h.pressure) {
    byId.set('pressure', h.pressure);
    series.push({
      id: 'pressure',
      name: texts.pressure,
      type: 'line',
      xAxisIndex: 0,
      yAxisIndex: axisOf.pressure,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 1.5, color: pressureColor },
      itemStyle: { color: pressureColor },
      data: line(h.pressure),
      z: 3,
    });
  }
  if (h.rain) {
    byId.set('rain', h.rain);
    series.push({
      id: 'rain',
      name: texts.rain,
      type: 'bar',
      xAxisIndex: 0,
      yAxisIndex: axisOf.rain,
      barMaxWidth: 8,
      itemStyle: { color: rainColor, opacity: 0.7 },
      data: line(h.rain).filter((p) => (p[1] ?? 0) > 0),
      z: 2,
    });
  }

  const runs = h.pumps.flatMap((p, row) =>
    p.runs.map((r) => [row, Date.parse(r.from), Date.parse(r.to), r.duty, texts.pump(p)] as const),
  );
  series.push({
    id: 'runs',
    type: 'custom',
    xAxisIndex: 1,
    yAxisIndex: bandAxis,
    encode: { x: [1, 2], y: 0 },
    data: runs,
    renderItem: (params: Rendered, api: RenderApi) => {
      const row = api.value(0);
      const [x0, y] = api.coord([api.value(1), row]);
      const [x1] = api.coord([api.value(2), row]);
      const height = api.size([0, 1])[1] * 0.56;
      const box = params.coordSys;
      const left = Math.max(x0, box.x);
      const right = Math.min(x1, box.x + box.width);
      if (right <= left) return null;
      return {
        type: 'rect',
        shape: { x: left, y: y - height / 2, width: Math.max(right - left, 1), height },
        // A bucket it ran only part of is paler: the share, not a guess at when.
        style: { fill: runColor, opacity: 0.3 + 0.7 * api.value(3) },
      };
    },
    tooltip: {
      formatter: (p: { value: readonly [number, number, number, number, string] }) =>
        escapeHtml(texts.run(p.value[4], p.value[1], p.value[2], p.value[3])),
    },
  });

  const timeAxis = (gridIndex: number, labels: boolean) => ({
    type: 'time',
    gridIndex,
    min: from,
    max: to,
    axisLine: { lineStyle: { color: colors.border } },
    axisTick: { show: labels },
    axisLabel: labels
      ? { color: colors.textSecondary, hideOverlap: true, formatter: (v: number) => texts.formatAxisTime(v) }
      : { show: false },
    splitLine: { show: false },
  });

  return {
    animation: false,
    legend: {
      top: 0,
      left: 0,
      right: 96,
      type: 'scroll',
      textStyle: { color: colors.text },
      pageTextStyle: { color: colors.textSecondary },
      data: [...new Set(series.filter((s) => s.name).map((s) => s.name as string))],
    },
    grid: [
      { ...grid, top: LEGEND_H + 8, height: MAIN_H - 8, tooltip: { trigger: 'axis' } },
      { ...grid, top: bandTop, height: rows * ROW_H, tooltip: { trigger: 'item' } },
    ],
    axisPointer: { link: [{ xAxisIndex: 'all' }], lineStyle: { color: colors.textSecondary } },
    tooltip: {
      confine: true,
      backgroundColor: colors.background,
      borderColor: colors.border,
      textStyle: { color: colors.text },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as {
          seriesId: string;
          marker: string;
          seriesName: string;
          value: [number, number | null];
        }[];
        const first = list[0];
        if (!first) return '';
        const rows = list
          .filter((p) => byId.has(p.seriesId) && Array.isArray(p.value) && p.value[1] !== null)
          .map((p) => {
            const s = byId.get(p.seriesId) as HistorySeries;
            const unit = s.unit ? ` ${escapeHtml(s.unit)}` : '';
            return `${p.marker}${escapeHtml(p.seriesName)}: <b>${texts.formatValue(p.value[1] as number, s.precision)}${unit}</b>`;
          });
        if (rows.length === 0) return '';
        return [escapeHtml(texts.formatTime(first.value[0])), ...rows].join('<br/>');
      },
    },
    toolbox: {
      right: 8,
      top: 0,
      iconStyle: { borderColor: colors.textSecondary },
      feature: {
        dataZoom: { yAxisIndex: 'none', title: { zoom: texts.zoom, back: texts.zoomBack } },
        saveAsImage: { title: texts.save, backgroundColor: colors.surface },
      },
    },
    xAxis: [timeAxis(0, false), timeAxis(1, true)],
    yAxis,
    dataZoom: [
      { type: 'inside', xAxisIndex: [0, 1], filterMode: 'none' },
      {
        type: 'slider',
        xAxisIndex: [0, 1],
        filterMode: 'none',
        bottom: 8,
        height: 20,
        borderColor: colors.border,
        textStyle: { color: colors.textSecondary },
        labelFormatter: (v: number) => texts.formatAxisTime(v),
      },
    ],
    series,
  };
}
