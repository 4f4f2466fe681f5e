import type { CommandSpec, Locale, PumpCommand, PumpCommandState, PumpInterlock, PumpState } from '@water/contracts';
import type { PumpControlI18n } from './use-pump-control-i18n.ts';

/** Arco tag colours of a command's state: open ones blue, success green, the refusals warm. */
export const COMMAND_STATE_COLORS: Record<PumpCommandState, string> = {
  awaiting_approval: 'purple',
  pending: 'arcoblue',
  sent: 'arcoblue',
  acknowledged: 'cyan',
  succeeded: 'green',
  failed: 'red',
  timed_out: 'orangered',
  cancelled: 'gray',
  blocked: 'orange',
  refused: 'magenta',
  expired: 'gray',
};

/** Arco tag colours of a pump's state, the mimic's hues. */
export const PUMP_TAG_COLORS: Record<PumpState, string> = {
  running: 'green',
  stopped: 'gray',
  fault: 'red',
  local: 'gold',
  offline: 'orange',
  maintenance: 'purple',
};

/** A thing-model name in the reader's language. */
export const nameOf = (spec: { nameZh: string; nameEn: string }, locale: Locale) =>
  locale === 'zh-CN' ? spec.nameZh || spec.nameEn : spec.nameEn || spec.nameZh;

/** An interlock's reason in the reader's language. */
export const interlockText = (code: PumpInterlock, t: PumpControlI18n['t']) => t(`pumpControl.interlock.${code}`);

/** A countdown as m:ss (h:mm:ss beyond an hour): the same in both languages. */
export function countdown(until: string | null, now: number): string {
  if (!until) return '';
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A command's parameters as "Frequency 42 Hz", named from the pump's thing model where it declares them. */
export function paramsText(
  command: Pick<PumpCommand, 'params'>,
  spec: CommandSpec | undefined,
  locale: Locale,
): string {
  return Object.entries(command.params)
    .map(([key, value]) => {
      const param = spec?.params.find((p) => p.key === key);
      if (!param) return `${key} ${String(value)}`;
      const option = param.options.find((o) => o.value === String(value));
      const shown = option ? nameOf(option, locale) : String(value);
      return `${nameOf(param, locale)} ${shown}${param.unit && !option ? ` ${param.unit}` : ''}`;
    })
    .join(', ');
}

/** The steps an open command walks, and where it stands on them. */
export const COMMAND_STEPS = ['pending', 'sent', 'acknowledged', 'result'] as const;
export function stepOf(state: PumpCommandState): number {
  if (state === 'awaiting_approval' || state === 'pending') return 0;
  if (state === 'sent') return 1;
  if (state === 'acknowledged') return 2;
  return 3;
}
