import { generate, getRgbStr } from '@arco-design/color';

/** The ten shades Arco derives from one colour (its own generator), as "r,g,b" for --arcoblue-N. */
export function themePalette(color: string, dark: boolean): string[] {
  return (generate(color, { list: true, dark }) as string[]).map((shade) => getRgbStr(shade));
}
