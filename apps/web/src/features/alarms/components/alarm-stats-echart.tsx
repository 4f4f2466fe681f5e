import { ALARM_SEVERITIES, type AlarmStats } from '@water/contracts/alarms';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useCallback } from 'react';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';
import { ALARM_SEVERITY_COLORS, ALARM_SEVERITY_HEX } from '../../alarm-rules/public.ts';

// Only what the statistics chart draws: its own chunk, with the records page.
use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The severities' colours, in ALARM_SEVERITIES' order: the alarm rules' (their hex where the page has no theme). */
const PALETTE = ALARM_SEVERITIES.map((s) => `--${ALARM_SEVERITY_COLORS[s]}-6`);
const FALLBACK = ALARM_SEVERITIES.map((s) => ALARM_SEVERITY_HEX[s]);

/** Alarms raised per day, stacked by severity. */
export default function AlarmStatsEChart({
  perDay,
  severityNames,
  dayLabel,
  height,
}: {
  perDay: AlarmStats['perDay'];
  severityNames: Record<(typeof ALARM_SEVERITIES)[number], string>;
  dayLabel: (day: string) => string;
  height: number;
}) {
  const build = useCallback(
    (colors: ChartColors): EChartsCoreOption => {
      const palette = colors.palette.length === PALETTE.length ? colors.palette : FALLBACK;
      return {
        animation: false,
        color: palette,
        grid: { left: 32, right: 8, top: 28, bottom: 20 },
        legend: {
          top: 0,
          right: 0,
          itemWidth: 10,
          itemHeight: 10,
          textStyle: { color: colors.textSecondary, fontSize: 11 },
        },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          backgroundColor: colors.background,
          borderColor: colors.border,
          textStyle: { color: colors.text },
        },
        xAxis: {
          type: 'category',
          data: perDay.map((d) => dayLabel(d.day)),
          axisLine: { lineStyle: { color: colors.border } },
          axisTick: { show: false },
          axisLabel: { color: colors.textSecondary, fontSize: 11, hideOverlap: true },
        },
        yAxis: {
          type: 'value',
          minInterval: 1,
          axisLabel: { color: colors.textSecondary, fontSize: 11 },
          splitLine: { lineStyle: { color: colors.border } },
        },
        series: ALARM_SEVERITIES.map((s) => ({
          type: 'bar',
          name: severityNames[s],
          stack: 'alarms',
          barMaxWidth: 24,
          data: perDay.map((d) => d[s]),
        })),
      };
    },
    [perDay, severityNames, dayLabel],
  );
  return <EChartHost build={build} height={height} palette={PALETTE} />;
}
