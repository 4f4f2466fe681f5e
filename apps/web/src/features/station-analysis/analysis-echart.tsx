import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ChartColors, EChartHost } from '../../shared/ui/echart-host.tsx';

// Only what the analysis charts draw; this module is its own chunk, loaded once a chart is shown.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The analysis charts' series colours: primary, orange, green, purple (Arco colour variables). */
export const ANALYSIS_PALETTE = ['--primary-6', '--orange-6', '--green-6', '--purple-6'] as const;

/** An analysis chart on the shared ECharts host. */
export default function AnalysisEChart({
  build,
  height,
}: {
  build: (colors: ChartColors) => EChartsCoreOption;
  height: number;
}) {
  return <EChartHost build={build} height={height} palette={ANALYSIS_PALETTE} />;
}
