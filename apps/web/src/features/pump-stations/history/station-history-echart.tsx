import { BarChart, CustomChart, LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  MarkLineComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';
import { STATION_HISTORY_PALETTE } from './station-history-chart-option.ts';

// Only what the station chart draws; this module is its own chunk, loaded once a chart is shown.
use([
  LineChart,
  BarChart,
  CustomChart,
  GridComponent,
  LegendScrollComponent,
  MarkLineComponent,
  TooltipComponent,
  ToolboxComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  CanvasRenderer,
]);

/** The station history chart on the shared ECharts host, with the station palette. */
export default function StationHistoryEChart({
  build,
  height,
}: {
  build: (colors: ChartColors) => EChartsCoreOption;
  height: number;
}) {
  return <EChartHost build={build} height={height} palette={STATION_HISTORY_PALETTE} />;
}
