import type { History } from '@water/contracts/monitoring';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useCallback } from 'react';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';
import { axisTimeLabel, withGaps } from '../../monitoring-data/public.ts';

// Only what the alarm's chart draws: this module is its own chunk, loaded when a drawer shows a chart.
use([LineChart, GridComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['--primary-6', '--red-6', '--orange-6'] as const;

/**
 * A value axis over the readings and the threshold, in round steps (1, 2 or 5 × 10ⁿ, about five of
 * them): ECharts' own nice scale leaves out a threshold no reading came near.
 */
export function niceAxis(values: number[]): { min: number; max: number; interval: number } | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const span = high - low || Math.abs(high) * 0.1 || 1;
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const interval = ([1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? raw) as number;
  const round = (n: number) => Number(n.toPrecision(12));
  return {
    min: round(Math.floor(low / interval) * interval),
    max: round(Math.ceil(high / interval) * interval),
    interval: round(interval),
  };
}

export interface AlarmChartTexts {
  threshold: string;
  alarm: string;
  formatTime: (ms: number) => string;
}

/**
 * The alarm's metric around its time: the line, the alarm's span shaded (raised to cleared, or to
 * now), and the rule's threshold as a line across.
 */
export default function AlarmMetricEChart({
  history,
  threshold,
  raisedAt,
  clearedAt,
  locale,
  texts,
}: {
  history: History;
  threshold: number | null;
  raisedAt: string;
  clearedAt: string | null;
  locale: string;
  texts: AlarmChartTexts;
}) {
  const build = useCallback(
    (colors: ChartColors): EChartsCoreOption => {
      const [line = '#165DFF', red = '#F53F3F'] = colors.palette;
      const series = history.series[0];
      const points = series ? withGaps(series.points, history.resolution, history.bucketSeconds) : [];
      const unit = series?.unit ?? '';
      const digits = series?.precision ?? 2;
      const axis =
        threshold === null
          ? null
          : niceAxis([...points.map((p) => p[1]).filter((v): v is number => v !== null), threshold]);
      const end = clearedAt ? Date.parse(clearedAt) : Date.now();
      return {
        animation: false,
        grid: { left: 48, right: 24, top: 24, bottom: 28 },
        tooltip: {
          trigger: 'axis',
          backgroundColor: colors.background,
          borderColor: colors.border,
          textStyle: { color: colors.text },
          valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(digits)} ${unit}`.trim() : '—'),
        },
        xAxis: {
          type: 'time',
          axisLine: { lineStyle: { color: colors.border } },
          axisLabel: {
            color: colors.textSecondary,
            formatter: (ms: number) => axisTimeLabel(ms, locale),
            hideOverlap: true,
          },
          axisPointer: { label: { formatter: ({ value }: { value: number }) => texts.formatTime(value) } },
        },
        yAxis: {
          type: 'value',
          name: unit,
          nameTextStyle: { color: colors.textSecondary, align: 'right' },
          scale: true,
          // The threshold is always in view, however far the readings stay from it.
          ...(axis ?? {}),
          axisLabel: { color: colors.textSecondary },
          splitLine: { lineStyle: { color: colors.border } },
        },
        series: [
          {
            type: 'line',
            name: series ? `${series.metricName}` : '',
            showSymbol: false,
            connectNulls: false,
            color: line,
            data: points.map((p) => [p[0], p[1]]),
            markArea: {
              silent: true,
              itemStyle: { color: red, opacity: 0.12 },
              label: { show: true, position: 'insideTopRight', color: red, formatter: texts.alarm },
              data: [[{ xAxis: Date.parse(raisedAt) }, { xAxis: end }]],
            },
            markLine:
              threshold === null
                ? undefined
                : {
                    silent: true,
                    symbol: 'none',
                    lineStyle: { color: red, type: 'dashed' },
                    label: {
                      color: red,
                      position: 'insideStartTop',
                      formatter: `${texts.threshold} ${threshold}${unit ? ` ${unit}` : ''}`,
                    },
                    data: [{ yAxis: threshold }],
                  },
          },
        ],
      };
    },
    [history, threshold, raisedAt, clearedAt, locale, texts],
  );
  return <EChartHost build={build} height={220} palette={PALETTE} />;
}
