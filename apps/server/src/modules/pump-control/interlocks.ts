import type { ControlSettings, PumpInterlock, PumpMode } from '@water/contracts';

/**
 * The server's interlocks (issue 17), as pure functions over a snapshot of one pump taken when a
 * command is sent, approved, or shown on the control screen. The controller checks again on its
 * own: this is the console's half of the safety, not all of it.
 */

/** What the interlocks judge: one pump, its station's level and settings, at `now`. */
export interface PumpSnapshot {
  /** Epoch ms the judgement is made at. */
  now: number;
  settings: ControlSettings;
  /** Locked out and tagged out in the station's configuration. */
  maintenance: boolean;
  /**
   * Whether the pump's controller can be commanded: it has one, it is not offline or disabled, and its
   * readings (the running flag) are fresh. False: the `offline` interlock.
   */
  controllerOnline: boolean;
  /** The controller's mode (the enum text of its remote metric), null when not reported or stale. */
  mode: PumpMode | null;
  /** Fresh running and fault flags; null when not reported. */
  running: boolean | null;
  fault: boolean | null;
  /** The wet-well level (m) and when it was measured (epoch ms); null when the station has none. */
  level: { value: number | null; at: number } | null;
  /** The station's dry-run protection level (m), null when not set. */
  protectionLevel: number | null;
  /** When the pump last stopped (epoch ms), from its running flag's points; null if not within reach. */
  lastStopAt: number | null;
  /** Starts (running going true) within the last 60 minutes. */
  startsLastHour: number;
  /** Whether another command for the pump is still open. */
  busy: boolean;
}

export interface Refusal {
  interlock: PumpInterlock;
  /** The message's parameters (pump and command names are added by the caller). */
  params: Record<string, string | number>;
}

/** Commands a pump controller's mode governs: start and set frequency need remote manual. */
const NEEDS_REMOTE = new Set(['start', 'set_frequency']);
/** Commands the interlocks know (contracts PUMP_COMMAND_KEYS); others meet the generic ones only. */
const KNOWN = new Set(['start', 'stop', 'set_frequency', 'reset_fault', 'set_mode']);

const round = (v: number, digits = 2) => Number(v.toFixed(digits));

export const interlocks = {
  maintenance: (s: PumpSnapshot): Refusal | null => (s.maintenance ? { interlock: 'maintenance', params: {} } : null),

  offline: (s: PumpSnapshot): Refusal | null => (s.controllerOnline ? null : { interlock: 'offline', params: {} }),

  busy: (s: PumpSnapshot): Refusal | null => (s.busy ? { interlock: 'busy', params: {} } : null),

  local_mode: (s: PumpSnapshot): Refusal | null =>
    s.mode === 'local' ? { interlock: 'local_mode', params: {} } : null,

  fault: (s: PumpSnapshot, command: string): Refusal | null =>
    s.fault === true && command !== 'reset_fault' ? { interlock: 'fault', params: {} } : null,

  auto_mode: (s: PumpSnapshot, command: string): Refusal | null =>
    s.mode === 'auto' && NEEDS_REMOTE.has(command) ? { interlock: 'auto_mode', params: {} } : null,

  already: (s: PumpSnapshot, command: string, params: Record<string, unknown>): Refusal | null => {
    const same =
      (command === 'start' && s.running === true) ||
      (command === 'stop' && s.running === false) ||
      // A reset of a pump not in fault: the controller refuses it as done already.
      (command === 'reset_fault' && s.fault === false) ||
      (command === 'set_mode' && typeof params.mode === 'string' && s.mode === params.mode);
    return same ? { interlock: 'already', params: {} } : null;
  },

  stale_level: (s: PumpSnapshot, command: string): Refusal | null => {
    if (command !== 'start') return null;
    const maxAge = s.settings.levelMaxAgeSeconds;
    const fresh = s.level !== null && s.level.value !== null && s.now - s.level.at <= maxAge * 1000;
    return fresh ? null : { interlock: 'stale_level', params: { maxAge } };
  },

  dry_run: (s: PumpSnapshot, command: string): Refusal | null => {
    if (command !== 'start' || s.protectionLevel === null || s.level?.value == null) return null;
    return s.level.value <= s.protectionLevel
      ? { interlock: 'dry_run', params: { level: round(s.level.value), protection: round(s.protectionLevel) } }
      : null;
  },

  min_off_time: (s: PumpSnapshot, command: string): Refusal | null => {
    if (command !== 'start' || s.lastStopAt === null) return null;
    const until = s.lastStopAt + s.settings.minOffSeconds * 1000;
    return s.now < until
      ? {
          interlock: 'min_off_time',
          params: { minOff: s.settings.minOffSeconds, seconds: Math.ceil((until - s.now) / 1000) },
        }
      : null;
  },

  max_starts: (s: PumpSnapshot, command: string): Refusal | null =>
    command === 'start' && s.startsLastHour >= s.settings.maxStartsPerHour
      ? { interlock: 'max_starts', params: { count: s.startsLastHour, max: s.settings.maxStartsPerHour } }
      : null,
} as const;

/**
 * The first interlock `command` meets on this pump, or null: it may be sent. The order goes from what
 * makes any command pointless (maintenance, no controller, another command open, local) to what a
 * start alone must pass. A command the console does not know (another a thing model declares) meets
 * the generic ones only.
 */
export function checkInterlocks(
  s: PumpSnapshot,
  command: string,
  params: Record<string, unknown> = {},
): Refusal | null {
  const generic = [interlocks.maintenance, interlocks.offline, interlocks.busy, interlocks.local_mode];
  for (const check of generic) {
    const refusal = check(s);
    if (refusal) return refusal;
  }
  if (!KNOWN.has(command)) return null;
  return (
    interlocks.fault(s, command) ??
    interlocks.auto_mode(s, command) ??
    interlocks.already(s, command, params) ??
    interlocks.stale_level(s, command) ??
    interlocks.dry_run(s, command) ??
    interlocks.min_off_time(s, command) ??
    interlocks.max_starts(s, command)
  );
}

/** A running flag's points in time order, with the one before the window first: starts and the last stop. */
export function runHistory(
  points: { at: number; running: boolean | null }[],
  now: number,
): { startsLastHour: number; lastStopAt: number | null } {
  const hourAgo = now - 3_600_000;
  let previous: boolean | null = null;
  let startsLastHour = 0;
  let lastStopAt: number | null = null;
  for (const p of [...points].sort((a, b) => a.at - b.at)) {
    if (p.running === null) continue;
    if (previous !== null && p.running !== previous) {
      if (p.running && p.at > hourAgo) startsLastHour++;
      if (!p.running) lastStopAt = p.at;
    }
    previous = p.running;
  }
  return { startsLastHour, lastStopAt };
}
