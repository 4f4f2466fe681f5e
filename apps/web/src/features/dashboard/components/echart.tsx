import type { LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { LineChart, PieChart } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';

export type { ChartColors };

// Only what the Workplace draws: the line and pie charts and their grid, tooltip and legend.
use([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

// The Workplace's series colours, in this order.
const PALETTE = ['--primary-6', '--cyan-6', '--green-6', '--orange-6', '--purple-6', '--gold-6', '--pinkpurple-6'];

/** A Workplace chart: the shared ECharts host with the Workplace's palette. */
export function EChart({ build, height }: { build: (colors: ChartColors) => ChartOption; height: number }) {
  return <EChartHost build={build} height={height} palette={PALETTE} />;
}
