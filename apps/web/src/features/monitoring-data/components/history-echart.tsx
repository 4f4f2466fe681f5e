import { LineChart } from 'echarts/charts';
import {
  BrushComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ChartColors, EChartHost } from '../../../shared/ui/echart-host.tsx';

// Only what the history chart draws; this module is its own chunk, loaded once a chart is shown.
use([
  LineChart,
  GridComponent,
  LegendScrollComponent,
  TooltipComponent,
  ToolboxComponent,
  BrushComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  CanvasRenderer,
]);

// The history chart's series colours, in this order.
const PALETTE = [
  '--primary-6',
  '--orange-6',
  '--green-6',
  '--purple-6',
  '--cyan-6',
  '--magenta-6',
  '--gold-6',
  '--lime-6',
];

/** The history chart: the shared ECharts host with the history palette. */
export default function HistoryEChart({
  build,
  height,
}: {
  build: (colors: ChartColors) => EChartsCoreOption;
  height: number;
}) {
  return <EChartHost build={build} height={height} palette={PALETTE} />;
}
