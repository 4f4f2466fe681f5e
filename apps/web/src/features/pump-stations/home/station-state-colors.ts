import { STATION_STATES } from '@water/contracts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';

export const STATES = STATION_STATES;

/**
 * One colour per station state, everywhere on the home (tiles, legend, map): running green,
 * stopped grey, fault red, offline orange. Arco's colour variables, so they follow the theme.
 */
export const STATE_COLOR_VARS = ['--green-6', '--gray-6', '--red-6', '--orange-6'] as const;
const FALLBACK = ['#00B42A', '#86909C', '#F53F3F', '#FF7D00'];

export function stateColors(colors: ChartColors): string[] {
  return colors.palette.length === STATE_COLOR_VARS.length ? colors.palette : FALLBACK;
}
