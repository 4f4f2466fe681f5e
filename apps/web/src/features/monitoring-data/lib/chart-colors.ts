/** The theme's colours as ECharts wants them, read from Arco's CSS variables on <body>. */
export interface ChartColors {
  text: string;
  textSecondary: string;
  border: string;
  background: string;
  palette: string[];
}

// The Workplace reads the same variables (features/dashboard): features do not import each other.
const PALETTE_VARS = [
  '--primary-6',
  '--orange-6',
  '--green-6',
  '--purple-6',
  '--cyan-6',
  '--magenta-6',
  '--gold-6',
  '--lime-6',
];
const FALLBACK = ['#165DFF', '#FF7D00', '#00B42A', '#722ED1', '#14C9C9', '#F5319D', '#F7BA1E', '#9FDB1D'];

export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.body);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: v('--color-text-2') || '#4e5969',
    textSecondary: v('--color-text-3') || '#86909c',
    border: v('--color-border-2') || '#e5e6eb',
    background: v('--color-bg-popup') || '#fff',
    palette: PALETTE_VARS.map((name, i) => (v(name) ? `rgb(${v(name)})` : (FALLBACK[i] as string))),
  };
}
