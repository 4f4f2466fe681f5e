import { type EChartsCoreOption, init } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { useSettings } from '../settings/settings-store.ts';

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
  /** The series colours, in the order the chart's palette names them. */
  palette: string[];
}

/** Arco's light values, for a document without its stylesheet (tests). */
const FALLBACK: Record<string, string> = {
  '--primary-6': '#165DFF',
  '--orange-6': '#FF7D00',
  '--green-6': '#00B42A',
  '--purple-6': '#722ED1',
  '--cyan-6': '#14C9C9',
  '--magenta-6': '#F5319D',
  '--gold-6': '#F7BA1E',
  '--lime-6': '#9FDB1D',
  '--pinkpurple-6': '#D91AD9',
};

/** The colours now, with the series colours taken from `paletteVars` (Arco colour variables). */
export function readChartColors(paletteVars: readonly string[]): ChartColors {
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
    palette: paletteVars.map((name) => rgb(name) || FALLBACK[name] || '').filter(Boolean),
  };
}

/**
 * One ECharts instance on a div. The option is rebuilt from the theme's colours whenever the theme
 * or the theme colour changes, so the chart follows light and dark like the rest of the page. The
 * caller's module registers the chart types and components it draws (`use([...])`), so each chart's
 * chunk carries only those.
 */
export function EChartHost<O extends EChartsCoreOption>({
  build,
  height,
  palette,
}: {
  build: (colors: ChartColors) => O;
  height: number;
  palette: readonly string[];
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
    chart.current?.setOption(build(readChartColors(palette)), { notMerge: true });
  }, [build, theme, themeColor, palette]);

  return <div ref={ref} style={{ height, width: '100%' }} />;
}
