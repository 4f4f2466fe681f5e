import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';
import { HISTORY_PALETTE } from './history-option.ts';

// Only what the water-quality history draws; this module is its own chunk, loaded once a chart is shown.
use([LineChart, ScatterChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** The water-quality history chart on the shared ECharts host. */
export default function HistoryChart({
  build,
  height,
}: {
  build: (colors: ChartColors) => EChartsCoreOption;
  height: number;
}) {
  return <EChartHost build={build} height={height} palette={HISTORY_PALETTE} />;
}
