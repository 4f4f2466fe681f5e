import type { PublicOverview } from '@water/contracts';
import { BarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useCallback } from 'react';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';
import { STATE_COLOR_VARS, STATES, stateColors } from './station-state-colors.ts';

// Only what the home's two charts draw: this module is part of the home's chunk.
use([ScatterChart, BarChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

const LEVEL_PALETTE = ['--primary-6', '--orange-6', '--red-6'] as const;
const LEVEL_FALLBACK = ['#165DFF', '#FF7D00', '#F53F3F'];

/**
 * The stations on their coordinates, one series per state. A plain projection on lng/lat: the
 * public page has no base map (the map configuration needs a session) and the wall display runs
 * offline, so the points are the map.
 */
export function StationMapChart({
  points,
  stateLabel,
  height,
}: {
  points: PublicOverview['map'];
  stateLabel: (state: (typeof STATES)[number]) => string;
  height: number;
}) {
  const build = useCallback(
    (colors: ChartColors): EChartsCoreOption => {
      const palette = stateColors(colors);
      const lngs = points.map((p) => p.lng);
      const lats = points.map((p) => p.lat);
      const pad = (values: number[]) => {
        const min = Math.min(...values);
        const max = Math.max(...values);
        const margin = Math.max((max - min) * 0.08, 0.005);
        return { min: min - margin, max: max + margin };
      };
      const axis = { type: 'value', scale: true, show: false, splitLine: { show: false } };
      return {
        animation: false,
        textStyle: { color: colors.text },
        legend: { bottom: 0, textStyle: { color: colors.text }, itemWidth: 12, itemHeight: 12 },
        tooltip: {
          trigger: 'item',
          backgroundColor: colors.background,
          borderColor: colors.border,
          textStyle: { color: colors.text },
          formatter: (p: { data: { name: string; state: string } }) => `${p.data.name}<br/>${p.data.state}`,
        },
        grid: { left: 24, right: 110, top: 24, bottom: 48 },
        xAxis: { ...axis, ...(points.length ? pad(lngs) : {}) },
        yAxis: { ...axis, ...(points.length ? pad(lats) : {}) },
        series: STATES.map((state, i) => ({
          type: 'scatter',
          name: stateLabel(state),
          symbolSize: 16,
          labelLayout: { hideOverlap: true },
          itemStyle: { color: palette[i], borderColor: colors.surface, borderWidth: 2 },
          label: { show: true, position: 'right', color: colors.textSecondary, formatter: '{b}', fontSize: 11 },
          data: points
            .filter((p) => p.state === state)
            .map((p) => ({ name: p.name, state: stateLabel(state), value: [p.lng, p.lat] })),
        })),
      };
    },
    [points, stateLabel],
  );
  return <EChartHost build={build} height={height} palette={STATE_COLOR_VARS} />;
}

/** Wet-well levels as a share of their high alarm level, highest first, with the high line at 100 %. */
export function LevelRankingChart({
  levels,
  highLabel,
  height,
}: {
  levels: PublicOverview['levels'];
  highLabel: string;
  height: number;
}) {
  const build = useCallback(
    (colors: ChartColors): EChartsCoreOption => {
      const [normal, warn, high] = colors.palette.length === 3 ? colors.palette : LEVEL_FALLBACK;
      // Whole tens past the highest bar, and past the high line.
      const max = Math.max(110, ...levels.map((l) => Math.ceil(l.ratio * 10 + 0.5) * 10));
      return {
        animation: false,
        textStyle: { color: colors.text },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          backgroundColor: colors.background,
          borderColor: colors.border,
          textStyle: { color: colors.text },
          formatter: (items: { dataIndex: number }[]) => {
            const l = levels[items[0]?.dataIndex ?? 0];
            return l ? `${l.name}<br/>${l.level.toFixed(2)} m / ${l.high.toFixed(2)} m` : '';
          },
        },
        grid: { left: 8, right: 56, top: 32, bottom: 8, containLabel: true },
        xAxis: {
          type: 'value',
          max,
          axisLabel: { color: colors.textSecondary, formatter: '{value}%' },
          splitLine: { lineStyle: { color: colors.border } },
        },
        yAxis: {
          type: 'category',
          inverse: true,
          data: levels.map((l) => l.name),
          axisLabel: { color: colors.text, width: 120, overflow: 'truncate' },
          axisLine: { lineStyle: { color: colors.border } },
          axisTick: { show: false },
        },
        series: [
          {
            type: 'bar',
            barMaxWidth: 18,
            data: levels.map((l) => ({
              value: Math.round(l.ratio * 1000) / 10,
              itemStyle: { color: l.ratio >= 1 ? high : l.ratio >= 0.8 ? warn : normal, borderRadius: [0, 3, 3, 0] },
            })),
            label: { show: true, position: 'right', color: colors.text, formatter: '{c}%' },
            markLine: {
              symbol: 'none',
              silent: true,
              lineStyle: { color: high, type: 'dashed', width: 2 },
              // The category axis is inverted: 'start' is the top of the line, clear of the axis labels.
              label: { formatter: highLabel, color: high, position: 'start' },
              data: [{ xAxis: 100 }],
            },
          },
        ],
      };
    },
    [levels, highLabel],
  );
  return <EChartHost build={build} height={height} palette={LEVEL_PALETTE} />;
}
