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
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useSettings } from '../../../shared/settings/settings-store.ts';
import { type ChartColors, readChartColors } from '../lib/chart-colors.ts';

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

/**
 * One ECharts instance on a div. The option is rebuilt from the theme's colours whenever the theme
 * or the theme colour changes, so the chart follows light and dark like the rest of the page.
 */
export default function HistoryEChart({
  build,
  height,
}: {
  build: (colors: ChartColors) => EChartsCoreOption;
  height: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const theme = useSettings((s) => s.theme);
  const themeColor = useSettings((s) => s.themeColor);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // theme and themeColor are read through the CSS variables they set on <body>.
    void theme;
    void themeColor;
    chart.current?.setOption(build(readChartColors()), { notMerge: true });
  }, [build, theme, themeColor]);

  return <div ref={ref} style={{ height, width: '100%' }} />;
}
