import type { LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { LineChart, PieChart } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useSettings } from '../../../shared/settings/settings-store.ts';

// Only what the Workplace draws: the line and pie charts and their grid, tooltip and legend.
use([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** The theme's colours as ECharts wants them, read from Arco's CSS variables on <body>. */
export interface ChartColors {
  primary: string;
  primaryLight: string;
  text: string;
  textSecondary: string;
  border: string;
  background: string;
  /** The card the chart sits on. */
  surface: string;
  palette: string[];
}

const PALETTE_VARS = ['--primary-6', '--cyan-6', '--green-6', '--orange-6', '--purple-6', '--gold-6', '--pinkpurple-6'];

export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.body);
  const v = (name: string) => style.getPropertyValue(name).trim();
  const rgb = (name: string, alpha = 1) => (v(name) ? `rgba(${v(name)}, ${alpha})` : '');
  return {
    primary: rgb('--primary-6') || '#165DFF',
    primaryLight: rgb('--primary-6', 0.18) || 'rgba(22, 93, 255, 0.18)',
    text: v('--color-text-2') || '#4e5969',
    textSecondary: v('--color-text-3') || '#86909c',
    border: v('--color-border-2') || '#e5e6eb',
    background: v('--color-bg-popup') || '#fff',
    surface: v('--color-bg-2') || '#fff',
    palette: PALETTE_VARS.map((name) => rgb(name)).filter(Boolean),
  };
}

/**
 * One ECharts instance on a div. The option is rebuilt from the theme's colours whenever the
 * theme or the theme colour changes, so the chart follows light and dark like the rest of the page.
 */
export function EChart({ build, height }: { build: (colors: ChartColors) => ChartOption; height: number }) {
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
