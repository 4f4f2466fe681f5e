import type { StationLive, StationTrend } from '@water/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useCallback } from 'react';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';

// Only what the trend draws: this module is part of the live screen's chunk.
use([LineChart, BarChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['--primary-6', '--purple-6', '--green-6', '--cyan-6', '--red-6', '--orange-6', '--magenta-6'] as const;
const FALLBACK = ['#165DFF', '#722ED1', '#00B42A', '#14C9C9', '#F53F3F', '#FF7D00', '#F5319D'];

export interface TrendLabels {
  level: string;
  levelMax: string;
  flow: string;
  pumps: string;
  rain: string;
  high: string;
  low: string;
  protection: string;
}

type Point = StationTrend['points'][number];
type Row = [number, number | null];

/**
 * The series of one field, with a null wherever buckets are missing: the server sends buckets with
 * data only, and a line drawn across an outage would invent the readings it lacks.
 */
function series(points: Point[], bucketMs: number, pick: (p: Point) => number | null): Row[] {
  const rows: Row[] = [];
  let last: number | null = null;
  for (const p of points) {
    const t = Date.parse(p.t);
    if (last !== null && t - last > bucketMs * 1.5) rows.push([last + bucketMs, null]);
    rows.push([t, pick(p)]);
    last = t;
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The smallest of 1, 2 or 5 times a power of ten at or above `n`. */
function niceStep(n: number): number {
  const power = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= n) ?? n) as number;
}

/**
 * A station's last hours: the wet-well level against its set-points and the outlet flow above, the
 * pumps running (a step area) and the rain below, on one time axis.
 */
export function StationTrendChart({
  trend,
  station,
  labels,
  height,
}: {
  trend: StationTrend;
  station: Pick<StationLive, 'setPoints' | 'pumpsTotal'>;
  labels: TrendLabels;
  height: number;
}) {
  // Primitives, not the station object: a live event replaces the object every few seconds, and the
  // chart should redraw only when its own data changes.
  const { highAlarm, lowAlarm, protection: protectionLevel, wellDepth } = station.setPoints;
  const { pumpsTotal } = station;
  const build = useCallback(
    (colors: ChartColors): EChartsCoreOption => {
      const [level, flow, pumps, rain, high, low, protection] = (
        colors.palette.length === PALETTE.length ? colors.palette : FALLBACK
      ) as [string, string, string, string, string, string, string];
      const bucketMs = trend.bucketSeconds * 1000;
      const from = Date.parse(trend.from);
      const to = Date.parse(trend.to);
      const long = to - from > 26 * 3600_000;
      const timeLabel = (value: number) => {
        const d = new Date(value);
        const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
        return long ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}\n${hm}` : hm;
      };
      const axisText = { color: colors.textSecondary, fontSize: 11 };
      const split = { lineStyle: { color: colors.border, type: 'dashed' as const } };
      const setPoints = [
        // Low alarm and dry-run protection usually sit close together: their labels take opposite ends.
        { value: highAlarm, color: high, name: labels.high, position: 'insideEndTop' },
        { value: lowAlarm, color: low, name: labels.low, position: 'insideEndTop' },
        { value: protectionLevel, color: protection, name: labels.protection, position: 'insideStartBottom' },
      ].filter((s) => s.value !== null);
      const levelTop = Math.max(
        wellDepth ?? 0,
        ...setPoints.map((s) => s.value ?? 0),
        ...trend.points.map((p) => p.levelMax ?? p.level ?? 0),
      );
      const rainMax = Math.max(1, ...trend.points.map((p) => p.rain ?? 0));
      const rainStep = niceStep(rainMax / 2);
      const xAxis = (gridIndex: number, show: boolean) => ({
        type: 'time',
        gridIndex,
        min: from,
        max: to,
        axisLabel: { ...axisText, show, formatter: timeLabel, hideOverlap: true },
        axisLine: { lineStyle: { color: colors.border } },
        axisTick: { show },
        splitLine: { show: false },
      });
      return {
        animation: false,
        textStyle: { color: colors.text },
        color: [level, level, flow, pumps, rain],
        legend: { top: 0, textStyle: { color: colors.text }, itemWidth: 14, itemHeight: 8 },
        tooltip: {
          trigger: 'axis',
          backgroundColor: colors.background,
          borderColor: colors.border,
          textStyle: { color: colors.text },
          axisPointer: { type: 'line', link: [{ xAxisIndex: 'all' }] },
          valueFormatter: (v: number | null) =>
            v === null || v === undefined ? '—' : String(Math.round(v * 100) / 100),
        },
        axisPointer: { link: [{ xAxisIndex: 'all' }] },
        grid: [
          { left: 56, right: 64, top: 36, height: '52%' },
          { left: 56, right: 64, bottom: 28, height: '22%' },
        ],
        xAxis: [xAxis(0, false), xAxis(1, true)],
        yAxis: [
          {
            type: 'value',
            gridIndex: 0,
            name: labels.level,
            min: 0,
            max: levelTop ? Math.ceil(levelTop * 1.05 * 2) / 2 : undefined,
            nameTextStyle: axisText,
            axisLabel: axisText,
            splitLine: split,
          },
          {
            type: 'value',
            gridIndex: 0,
            name: labels.flow,
            min: 0,
            nameTextStyle: axisText,
            axisLabel: axisText,
            splitLine: { show: false },
          },
          {
            type: 'value',
            gridIndex: 1,
            name: labels.pumps,
            min: 0,
            max: Math.max(1, pumpsTotal),
            interval: pumpsTotal > 6 ? 2 : 1,
            nameTextStyle: axisText,
            axisLabel: axisText,
            splitLine: split,
          },
          {
            type: 'value',
            gridIndex: 1,
            name: labels.rain,
            min: 0,
            // Two or three steps: the lower grid is short, and ECharts would crowd it with ticks.
            max: rainStep * Math.max(1, Math.ceil(rainMax / rainStep)),
            interval: rainStep,
            nameTextStyle: axisText,
            axisLabel: axisText,
            splitLine: { show: false },
          },
        ],
        series: [
          {
            type: 'line',
            name: labels.level,
            xAxisIndex: 0,
            yAxisIndex: 0,
            showSymbol: false,
            lineStyle: { width: 2, color: level },
            itemStyle: { color: level },
            areaStyle: { color: level, opacity: 0.12 },
            data: series(trend.points, bucketMs, (p) => p.level),
            markLine: {
              symbol: 'none',
              silent: true,
              data: setPoints.map((s) => ({
                yAxis: s.value,
                lineStyle: { color: s.color, type: 'dashed', width: 1.5 },
                label: { formatter: s.name, color: s.color, position: s.position, fontSize: 11 },
              })),
            },
          },
          {
            type: 'line',
            name: labels.levelMax,
            xAxisIndex: 0,
            yAxisIndex: 0,
            showSymbol: false,
            lineStyle: { width: 1, type: 'dotted', color: level, opacity: 0.7 },
            itemStyle: { color: level },
            data: series(trend.points, bucketMs, (p) => p.levelMax),
          },
          {
            type: 'line',
            name: labels.flow,
            xAxisIndex: 0,
            yAxisIndex: 1,
            showSymbol: false,
            lineStyle: { width: 1.5, color: flow },
            itemStyle: { color: flow },
            data: series(trend.points, bucketMs, (p) => p.flow),
          },
          {
            type: 'line',
            name: labels.pumps,
            xAxisIndex: 1,
            yAxisIndex: 2,
            step: 'end',
            showSymbol: false,
            lineStyle: { width: 1, color: pumps },
            itemStyle: { color: pumps },
            areaStyle: { color: pumps, opacity: 0.25 },
            data: series(trend.points, bucketMs, (p) => p.pumpsRunning),
          },
          {
            type: 'bar',
            name: labels.rain,
            xAxisIndex: 1,
            yAxisIndex: 3,
            barMaxWidth: 6,
            itemStyle: { color: rain, opacity: 0.8 },
            data: series(trend.points, bucketMs, (p) => p.rain).filter(([, v]) => v !== null && v > 0),
          },
        ],
      };
    },
    [trend, highAlarm, lowAlarm, protectionLevel, wellDepth, pumpsTotal, labels],
  );
  return <EChartHost build={build} height={height} palette={PALETTE} />;
}
