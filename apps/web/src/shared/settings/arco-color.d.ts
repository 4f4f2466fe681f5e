declare module '@arco-design/color' {
  export function generate(
    color: string,
    options?: { list?: boolean; dark?: boolean; index?: number },
  ): string | string[];
  export function getRgbStr(color: string): string;
}
