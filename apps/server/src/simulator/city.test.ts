import { type MetricSpec, thingModelSchema } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { builtinDeviceTypes } from '../db/seed/device-types.ts';
import {
  type CityCommand,
  type CityStart,
  createCity,
  initialMode,
  type SimDevice,
  type StationPlant,
} from './city.ts';

/** Each built-in type's metrics by key, as the simulator loads them. */
const metricsOf = (type: string) =>
  new Map<string, MetricSpec>(
    thingModelSchema
      .parse(builtinDeviceTypes.find((t) => t.code === type)!.model)
      .metrics.map((m) => [m.key, m] as [string, MetricSpec]),
  );

/**
 * A sewage station of its own: a 60 m² wet well, dry-run protection at 0.8 m, pump 1 (remote, the
 * journeys' PS01-P1) and pump 2 (auto) on drives, pump 3 at fixed speed, and a flow meter.
 */
function ps01(): SimDevice[] {
  const plant: StationPlant = {
    kind: 'sewage',
    wellArea: 60,
    wellDepth: 7,
    protectionLevel: 0.8,
    highAlarmLevel: 4.5,
    rainGaugeCode: null,
    pumps: [1, 2, 3].map((n) => ({
      ratedFlow: 350,
      ratedPower: 15.8,
      drive: n === 3 ? 'fixed' : 'vfd',
      startLevel: 2.2 + 0.5 * (n - 1),
      stopLevel: 1 + 0.2 * (n - 1),
      controllerCode: `PS01-P${n}`,
    })),
  };
  const device = (code: string, typeCode: string): SimDevice => ({
    code,
    typeCode,
    stationId: 1,
    pumps: 3,
    regionId: null,
    longitude: null,
    latitude: null,
    metrics: metricsOf(typeCode),
    plant,
  });
  return [
    device('PS01-LT01', 'level_gauge'),
    device('PS01-FM01', 'flow_meter'),
    device('PS01-P1', 'pump_controller'),
    device('PS01-P2', 'pump_controller'),
    device('PS01-P3', 'pump_controller'),
  ];
}

/** 03:00 in China: the night's low inflow, so that one pump empties the well. */
const NIGHT = Date.parse('2026-07-01T19:00:00Z');

/** The city with a fixed random (no rain, no trips, no mains failures, no silences) from `level`. */
function city(level: number, start: CityStart = {}) {
  const list = ps01();
  let chance = 0.5;
  const c = createCity(list, () => chance, NIGHT, { 'PS01-LT01': { level }, ...start });
  let now = NIGHT;
  const byCode = (code: string) => list.find((d) => d.code === code)!;
  let seq = 0;
  return {
    c,
    /** What every random draw gives (0.5: the middle of every range, no chance comes up). */
    set chance(value: number) {
      chance = value;
    },
    /** Moves the city on by whole seconds, a tick of at most 60 s at a time. */
    run(seconds: number) {
      for (let left = seconds; left > 0; left -= Math.min(60, left)) {
        now += Math.min(60, left) * 1000;
        c.advance(Math.min(60, left), now);
      }
    },
    send(code: string, command: string, params: CityCommand['params'] = {}, ttlMs = 30_000) {
      return c.command(code, { id: ++seq, command, params, expiresAt: now + ttlMs }, now);
    },
    sample: (code: string) => c.sample(byCode(code))!,
    station: () => c.station(1)!,
  };
}

describe('the pump controllers’ modes', () => {
  it('PS01-P1 is in remote, one or two other demo pumps at local, PS01’s never', () => {
    expect(initialMode('PS01-P1')).toBe('remote');
    const codes = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 2 + (i % 3) }, (_, p) => `PS${String(i + 1).padStart(2, '0')}-P${p + 1}`),
    ).flat();
    const local = codes.filter((code) => initialMode(code) === 'local');
    expect(local.length).toBeGreaterThanOrEqual(1);
    expect(local.length).toBeLessThanOrEqual(2);
    expect(local.some((code) => code.startsWith('PS01-'))).toBe(false);
    expect(codes.filter((code) => initialMode(code) === 'auto').length).toBeGreaterThan(codes.length / 2);
  });

  it('each controller reports its mode, start counter and energy counter', () => {
    const t = city(1.5, { 'PS01-P2': { run_hours: 100, starts: 42, energy: 1234.5 } });
    expect(t.sample('PS01-P1')).toMatchObject({ mode: 'remote', running: false });
    expect(t.sample('PS01-P2')).toMatchObject({ mode: 'auto', starts: 42, energy: 1234.5, run_hours: 100 });
  });
});

describe('a start in remote', () => {
  it('soft-starts in 1–3 s, then the pump runs, draws current, moves water and the level falls', () => {
    const t = city(2);
    const before = t.sample('PS01-P1');
    const answer = t.send('PS01-P1', 'start');
    expect(answer).toEqual({ status: 'accepted', settleMs: expect.any(Number) });
    const settleMs = (answer as { settleMs: number }).settleMs;
    expect(settleMs).toBeGreaterThanOrEqual(1000);
    expect(settleMs).toBeLessThanOrEqual(3000);
    // Still soft-starting: not running, no result yet; another command meets it busy.
    expect(t.sample('PS01-P1').running).toBe(false);
    expect(t.send('PS01-P1', 'stop')).toEqual({ status: 'rejected', reason: 'busy' });
    expect(t.c.takeReplies()).toEqual([]);
    t.run(Math.ceil(settleMs / 1000));
    expect(t.c.takeReplies()).toEqual([
      { code: 'PS01-P1', id: 1, status: 'succeeded', result: { running: true, frequency: expect.any(Number) } },
    ]);
    const running = t.sample('PS01-P1');
    expect(running).toMatchObject({ running: true, mode: 'remote', starts: (before.starts as number) + 1 });
    expect(running.frequency).toBeGreaterThan(30);
    expect(running.current).toBeGreaterThan(0);
    expect(running.power).toBeGreaterThan(0);
    expect(t.sample('PS01-FM01').flow).toBeGreaterThan(0);
    const level = t.station().level;
    const energy = t.station().energy[0]!;
    t.run(10 * 60);
    expect(t.station().level).toBeLessThan(level - 0.2);
    expect(t.station().running[0]).toBe(true);
    // Ten minutes at ~40 Hz of a 15.8 kW pump: a few kWh.
    expect(t.station().energy[0]! - energy).toBeGreaterThan(1);
    expect(t.station().energy[0]! - energy).toBeLessThan(4);
  });

  it('runs on in remote until dry-run protection stops it, and stays stopped; a start then is refused', () => {
    const t = city(1.5);
    t.send('PS01-P1', 'start');
    t.run(5);
    expect(t.station().running[0]).toBe(true);
    // Below its auto stop level (1.0 m) it runs on: only the protection stops it.
    let passedStopLevel = false;
    for (let minute = 0; minute < 60 && t.station().running[0]; minute++) {
      t.run(60);
      if (t.station().level < 1 && t.station().running[0]) passedStopLevel = true;
    }
    expect(passedStopLevel).toBe(true);
    expect(t.station().running[0]).toBe(false);
    expect(t.station().level).toBeLessThan(0.85);
    expect(t.station().mode[0]).toBe('remote');
    expect(t.send('PS01-P1', 'start')).toEqual({ status: 'rejected', reason: 'min_off_time' });
    // The well fills again; the remote pump is left to the console.
    t.run(30 * 60);
    expect(t.station().level).toBeGreaterThan(0.8);
    expect(t.station().running[0]).toBe(false);
  });

  it('is refused at or below the dry-run protection level', () => {
    const t = city(0.8);
    expect(t.send('PS01-P1', 'start')).toEqual({ status: 'rejected', reason: 'dry_run' });
    t.run(60);
    expect(t.station().level).toBeGreaterThan(0.8);
    expect(t.send('PS01-P1', 'start').status).toBe('accepted');
  });

  it('is refused inside the minimum off-time, already running, and in auto', () => {
    const t = city(2);
    t.send('PS01-P1', 'start');
    t.run(3);
    expect(t.send('PS01-P1', 'start')).toEqual({ status: 'rejected', reason: 'already' });
    t.send('PS01-P1', 'stop');
    t.run(2);
    expect(t.c.takeReplies().map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(t.send('PS01-P1', 'start')).toEqual({ status: 'rejected', reason: 'min_off_time' });
    t.run(120);
    expect(t.send('PS01-P1', 'start').status).toBe('accepted');
    expect(t.send('PS01-P2', 'start')).toEqual({ status: 'rejected', reason: 'auto_mode' });
  });

  it('fails when the mains fails during the soft start', () => {
    const t = city(2);
    expect(t.send('PS01-P1', 'start')).toEqual({ status: 'accepted', settleMs: 2000 });
    // Every chance comes up in the next second: the station's mains fails.
    t.chance = 0;
    t.run(1);
    t.chance = 0.5;
    expect(t.station().mains).toBe(false);
    t.run(1);
    expect(t.c.takeReplies()).toEqual([{ code: 'PS01-P1', id: 1, status: 'failed', reason: 'mains_out' }]);
    expect(t.station().running[0]).toBe(false);
    expect(t.send('PS01-P1', 'start')).toEqual({ status: 'rejected', reason: 'mains_out' });
  });
});

describe('a stop', () => {
  it('in remote stops the running pump after 1–2 s; a stopped one is already stopped', () => {
    const t = city(2);
    t.send('PS01-P1', 'start');
    t.run(3);
    t.c.takeReplies();
    const answer = t.send('PS01-P1', 'stop');
    expect(answer.status).toBe('accepted');
    expect((answer as { settleMs: number }).settleMs).toBeGreaterThanOrEqual(1000);
    expect((answer as { settleMs: number }).settleMs).toBeLessThanOrEqual(2000);
    expect(t.sample('PS01-P1').running).toBe(true);
    t.run(2);
    expect(t.c.takeReplies()).toEqual([
      { code: 'PS01-P1', id: 2, status: 'succeeded', result: { running: false, mode: 'remote' } },
    ]);
    expect(t.sample('PS01-P1')).toMatchObject({ running: false, frequency: 0, current: 0, power: 0 });
    expect(t.sample('PS01-FM01').flow).toBe(0);
    expect(t.send('PS01-P1', 'stop')).toEqual({ status: 'rejected', reason: 'already' });
  });

  it('in auto takes the pump to remote and stops it: it stays stopped however high the level', () => {
    const t = city(3);
    t.run(60);
    expect(t.station().running[1]).toBe(true);
    expect(t.station().mode[1]).toBe('auto');
    expect(t.send('PS01-P2', 'stop').status).toBe('accepted');
    // Out of the loop at once.
    expect(t.station().mode[1]).toBe('remote');
    t.run(2);
    expect(t.c.takeReplies()).toEqual([
      { code: 'PS01-P2', id: 1, status: 'succeeded', result: { running: false, mode: 'remote' } },
    ]);
    for (let minute = 0; minute < 30; minute++) {
      t.run(60);
      expect(t.station().running[1]).toBe(false);
    }
    // Back to auto: the loop starts it again on its set-points.
    expect(t.send('PS01-P2', 'set_mode', { mode: 'auto' }).status).toBe('accepted');
    t.run(1);
    expect(t.station().mode[1]).toBe('auto');
    const starts = t.station().starts[1]!;
    for (let minute = 0; minute < 120 && !t.station().running[1]; minute++) t.run(60);
    expect(t.station().running[1]).toBe(true);
    expect(t.station().starts[1]).toBe(starts + 1);
  });
});

describe('set_frequency, set_mode, reset_fault and what is ignored', () => {
  it('set_frequency in remote: the drive holds it instead of the level curve, and the flow follows', () => {
    const t = city(2.5);
    t.send('PS01-P1', 'start');
    t.run(3);
    const flowBefore = t.sample('PS01-FM01').flow as number;
    expect(t.sample('PS01-P1').frequency).toBeGreaterThan(40);
    const answer = t.send('PS01-P1', 'set_frequency', { frequency: 30 });
    expect(answer.status).toBe('accepted');
    t.run(1);
    expect(t.c.takeReplies().at(-1)).toEqual({
      code: 'PS01-P1',
      id: 2,
      status: 'succeeded',
      result: { frequency: 30 },
    });
    expect(t.sample('PS01-P1').frequency).toBe(30);
    const flowAfter = t.sample('PS01-FM01').flow as number;
    expect(flowAfter).toBeLessThan(flowBefore * 0.75);
    expect(flowAfter).toBeCloseTo(350 * (30 / 50), -1);
    // It holds as the level falls.
    t.run(5 * 60);
    expect(t.sample('PS01-P1').frequency).toBe(30);
    expect(t.send('PS01-P1', 'set_frequency', { frequency: 55 })).toEqual({ status: 'rejected', reason: 'bad_param' });
    expect(t.send('PS01-P3', 'set_frequency', { frequency: 40 })).toEqual({ status: 'rejected', reason: 'auto_mode' });
    t.send('PS01-P3', 'set_mode', { mode: 'remote' });
    t.run(1);
    expect(t.send('PS01-P3', 'set_frequency', { frequency: 40 })).toEqual({
      status: 'rejected',
      reason: 'fixed_speed',
    });
  });

  it('set_mode switches auto ↔ remote, refuses the mode it is in and local', () => {
    const t = city(1.5);
    expect(t.send('PS01-P1', 'set_mode', { mode: 'remote' })).toEqual({ status: 'rejected', reason: 'already' });
    expect(t.send('PS01-P1', 'set_mode', { mode: 'local' })).toEqual({ status: 'rejected', reason: 'local_mode' });
    const answer = t.send('PS01-P1', 'set_mode', { mode: 'auto' });
    expect(answer.status).toBe('accepted');
    expect((answer as { settleMs: number }).settleMs).toBeLessThanOrEqual(400);
    t.run(1);
    expect(t.c.takeReplies()).toEqual([{ code: 'PS01-P1', id: 3, status: 'succeeded', result: { mode: 'auto' } }]);
    expect(t.sample('PS01-P1').mode).toBe('auto');
  });

  it('reset_fault without a fault is already done; an expired command or an unknown pump is ignored', () => {
    const t = city(2);
    expect(t.send('PS01-P1', 'reset_fault')).toEqual({ status: 'rejected', reason: 'already' });
    expect(t.send('PS01-P1', 'start', {}, 0)).toEqual({ status: 'ignored', reason: 'expired' });
    expect(t.send('PS09-P1', 'start')).toEqual({ status: 'ignored', reason: 'unknown_pump' });
    expect(t.send('PS01-P1', 'open_valve')).toEqual({ status: 'rejected', reason: 'unknown_command' });
    expect(t.station().running[0]).toBe(false);
  });
});

describe('a controller at local', () => {
  it('obeys nothing from the console', () => {
    const local = ps01().map((d) => (d.code === 'PS01-P2' ? { ...d, code: 'PS05-P3' } : d));
    for (const d of local)
      d.plant = {
        ...d.plant!,
        pumps: d.plant!.pumps.map((p, i) => (i === 1 ? { ...p, controllerCode: 'PS05-P3' } : p)),
      };
    expect(initialMode('PS05-P3')).toBe('local');
    const c = createCity(local, () => 0.5, NIGHT, { 'PS01-LT01': { level: 3 } });
    for (const [command, params] of [
      ['start', {}],
      ['stop', {}],
      ['set_mode', { mode: 'remote' }],
      ['set_frequency', { frequency: 30 }],
      ['reset_fault', {}],
    ] as const) {
      expect(c.command('PS05-P3', { id: 1, command, params }, NIGHT)).toEqual({
        status: 'rejected',
        reason: 'local_mode',
      });
    }
    // Its panel's own level control runs it.
    c.advance(60, NIGHT + 60_000);
    expect(c.station(1)!.running[1]).toBe(true);
    expect(c.station(1)!.mode[1]).toBe('local');
  });
});
