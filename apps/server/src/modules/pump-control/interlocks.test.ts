import { DEFAULT_CONTROL_SETTINGS } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { checkInterlocks, type PumpSnapshot, runHistory } from './interlocks.ts';

const NOW = Date.parse('2026-06-01T08:00:00Z');

/** A stopped pump in remote manual, controller online, level well above protection and fresh. */
const ok = (over: Partial<PumpSnapshot> = {}): PumpSnapshot => ({
  now: NOW,
  settings: DEFAULT_CONTROL_SETTINGS,
  maintenance: false,
  controllerOnline: true,
  mode: 'remote',
  running: false,
  fault: false,
  level: { value: 3.2, at: NOW - 10_000 },
  protectionLevel: 1,
  lastStopAt: null,
  startsLastHour: 0,
  busy: false,
  ...over,
});

const code = (s: PumpSnapshot, command: string, params: Record<string, unknown> = {}) =>
  checkInterlocks(s, command, params)?.interlock ?? null;

describe('interlocks', () => {
  it('lets a sound start, stop, set frequency and reset go', () => {
    expect(code(ok(), 'start')).toBeNull();
    expect(code(ok({ running: true }), 'stop')).toBeNull();
    expect(code(ok({ running: true }), 'set_frequency', { frequency: 40 })).toBeNull();
    expect(code(ok({ fault: true }), 'reset_fault')).toBeNull();
  });

  it('local_mode: nothing is taken from the console, a mode switch neither', () => {
    for (const c of ['start', 'stop', 'set_mode', 'reset_fault']) {
      expect(code(ok({ mode: 'local', running: true }), c, { mode: 'remote' })).toBe('local_mode');
    }
  });

  it('auto_mode: start and set frequency need remote; stop, set mode and reset are taken in auto', () => {
    const auto = ok({ mode: 'auto' });
    expect(code(auto, 'start')).toBe('auto_mode');
    expect(code(ok({ mode: 'auto', running: true }), 'set_frequency', { frequency: 40 })).toBe('auto_mode');
    expect(code(ok({ mode: 'auto', running: true }), 'stop')).toBeNull();
    expect(code(auto, 'set_mode', { mode: 'remote' })).toBeNull();
    expect(code(ok({ mode: 'auto', fault: true }), 'reset_fault')).toBeNull();
  });

  it('dry_run: a start at or below the protection level, with the figures', () => {
    expect(checkInterlocks(ok({ level: { value: 1, at: NOW } }), 'start')).toEqual({
      interlock: 'dry_run',
      params: { level: 1, protection: 1 },
    });
    expect(code(ok({ level: { value: 1.01, at: NOW } }), 'start')).toBeNull();
    // A stop at a low level is the safe direction.
    expect(code(ok({ level: { value: 0.2, at: NOW }, running: true }), 'stop')).toBeNull();
  });

  it('fault: only a reset is taken', () => {
    expect(code(ok({ fault: true }), 'start')).toBe('fault');
    expect(code(ok({ fault: true, running: true }), 'stop')).toBe('fault');
    expect(code(ok({ fault: true }), 'reset_fault')).toBeNull();
  });

  it('min_off_time: a start within the rest after the last stop, with the seconds left', () => {
    expect(checkInterlocks(ok({ lastStopAt: NOW - 100_000 }), 'start')).toEqual({
      interlock: 'min_off_time',
      params: { minOff: 300, seconds: 200 },
    });
    expect(code(ok({ lastStopAt: NOW - 300_000 }), 'start')).toBeNull();
  });

  it('max_starts: the starts of the last hour at the limit, with the count', () => {
    expect(checkInterlocks(ok({ startsLastHour: 6 }), 'start')).toEqual({
      interlock: 'max_starts',
      params: { count: 6, max: 6 },
    });
    expect(code(ok({ startsLastHour: 5 }), 'start')).toBeNull();
  });

  it('offline: a controller offline, missing or stale refuses any command', () => {
    expect(code(ok({ controllerOnline: false }), 'stop')).toBe('offline');
    expect(code(ok({ controllerOnline: false }), 'custom_command')).toBe('offline');
  });

  it('busy: another open command for the pump', () => {
    expect(code(ok({ busy: true }), 'start')).toBe('busy');
    expect(code(ok({ busy: true, running: true }), 'stop')).toBe('busy');
  });

  it('stale_level: a start on a level older than allowed, or none', () => {
    expect(checkInterlocks(ok({ level: { value: 3, at: NOW - 121_000 } }), 'start')).toEqual({
      interlock: 'stale_level',
      params: { maxAge: 120 },
    });
    expect(code(ok({ level: null }), 'start')).toBe('stale_level');
    expect(code(ok({ level: { value: null, at: NOW } }), 'start')).toBe('stale_level');
    expect(code(ok({ level: null, running: true }), 'stop')).toBeNull();
  });

  it('maintenance: a pump locked out takes nothing, before anything else', () => {
    expect(code(ok({ maintenance: true, controllerOnline: false }), 'stop')).toBe('maintenance');
  });

  it('already: running for a start, stopped for a stop, in the mode asked', () => {
    expect(code(ok({ running: true }), 'start')).toBe('already');
    expect(code(ok({ running: false }), 'stop')).toBe('already');
    expect(code(ok({ mode: 'auto' }), 'set_mode', { mode: 'auto' })).toBe('already');
    expect(code(ok({ mode: 'auto' }), 'set_mode', { mode: 'remote' })).toBeNull();
  });

  it('already: a reset of a pump not in fault (the controller refuses it); unknown fault lets it go', () => {
    expect(code(ok({ fault: false }), 'reset_fault')).toBe('already');
    expect(code(ok({ fault: false, mode: 'auto' }), 'reset_fault')).toBe('already');
    expect(code(ok({ fault: null }), 'reset_fault')).toBeNull();
    expect(code(ok({ fault: true }), 'reset_fault')).toBeNull();
  });

  it('a command the console does not know meets the generic interlocks only', () => {
    expect(code(ok({ fault: true, mode: 'auto' }), 'open_valve')).toBeNull();
    expect(code(ok({ mode: 'local' }), 'open_valve')).toBe('local_mode');
  });
});

describe('runHistory', () => {
  it('counts starts within the hour, the reading before it telling whether the first was one', () => {
    const at = (min: number) => NOW - min * 60_000;
    const history = runHistory(
      [
        { at: at(70), running: false },
        { at: at(50), running: true },
        { at: at(40), running: true },
        { at: at(30), running: false },
        { at: at(20), running: true },
        { at: at(10), running: false },
      ],
      NOW,
    );
    expect(history).toEqual({ startsLastHour: 2, lastStopAt: at(10) });
    expect(runHistory([{ at: at(59), running: true }], NOW)).toEqual({ startsLastHour: 0, lastStopAt: null });
    expect(runHistory([], NOW)).toEqual({ startsLastHour: 0, lastStopAt: null });
  });
});
