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

/** An axis end a little beyond the value, in round figures. */
function pad(value: number, extent: { min: number; max: number }, direction: 1 | -1): number {
  const span = Math.max(Math.abs(extent.max - extent.min), Math.abs(value) * 0.1, 0.1);
  const step = 10 ** Math.floor(Math.log10(span / 5));
  const end =
    direction > 0 ? Math.ceil((value + span * 0.08) / step) * step : Math.floor((value - span * 0.08) / step) * step;
  return Number(end.toPrecision(12));
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
          ...(threshold === null
            ? {}
            : {
                min: (e: { min: number; max: number }) => pad(Math.min(e.min, threshold), e, -1),
                max: (e: { min: number; max: number }) => pad(Math.max(e.max, threshold), e, 1),
              }),
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
              itemStyle: { color: red, opacity: 0.08 },
              label: { show: true, position: 'insideTopLeft', color: red, formatter: texts.alarm },
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
                      position: 'insideEndTop',
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
