import {
  judgeWaterQuality,
  type MetricSpec,
  thingModelSchema,
  type WqParameter,
  type WqSiteKind,
  wqParameterOfMetric,
} from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { builtinDeviceTypes } from '../db/seed/device-types.ts';
import { WQ_NATIONAL_SETS } from '../db/seed/water-quality-standards.ts';
import { analyserRole, createCity, type SimDevice, type Values, waterTemperature } from './city.ts';

/** The analyser's metrics, as the simulator loads them. */
const metrics = new Map<string, MetricSpec>(
  thingModelSchema
    .parse(builtinDeviceTypes.find((t) => t.code === 'water_quality_analyser')!.model)
    .metrics.map((m) => [m.key, m] as [string, MetricSpec]),
);

const analyser = (code: string, wqSite: WqSiteKind | null = null): SimDevice => ({
  code,
  typeCode: 'water_quality_analyser',
  stationId: null,
  pumps: 0,
  regionId: null,
  longitude: null,
  latitude: null,
  metrics,
  wqSite,
});

/** The demo's analysers: the plant's outlet, a tap, the wastewater plant's discharge, the two river sections. */
const CITY = [
  analyser('WP01-WQ01', 'plant_outlet'),
  analyser('WQ-N01', 'tap'),
  analyser('WW01-WQ01', 'wastewater_discharge'),
  analyser('RV01-WQ01', 'river'),
  analyser('RV02-WQ01', 'river'),
];
const SET: Record<string, string> = {
  'WP01-WQ01': 'gb5749-outlet',
  'WQ-N01': 'gb5749-tap',
  'WW01-WQ01': 'gb18918-1a',
  'RV01-WQ01': 'gb3838-river',
  'RV02-WQ01': 'gb3838-river',
};

const LATE_NOVEMBER = Date.parse('2026-11-20T00:00:00+08:00');
const HOUR = 3_600_000;

/** Each reading's verdict by its site's national set (a river's target: class III). */
function verdicts(code: string, values: Values) {
  const set = WQ_NATIONAL_SETS.find((s) => s.code === SET[code])!;
  const temperature = typeof values.temperature === 'number' ? values.temperature : null;
  const out: Partial<Record<WqParameter, string>> = {};
  for (const [key, value] of Object.entries(values)) {
    const parameter = wqParameterOfMetric(key);
    if (!parameter || typeof value !== 'number') continue;
    out[parameter] = judgeWaterQuality({
      value,
      belowDetection: false,
      limits: set.limits.filter((l) => l.parameter === parameter),
      targetGrade: set.graded ? 3 : null,
      temperature,
    }).verdict;
  }
  return out;
}

/** A day of samples (hourly unless told), the city advanced a minute at a time. */
function day(random: () => number, every = HOUR, startMs = LATE_NOVEMBER) {
  const city = createCity(CITY, random, startMs);
  const samples: { code: string; at: number; values: Values }[] = [];
  for (let t = startMs; t < startMs + 24 * HOUR; t += 60_000) {
    city.advance(60, t);
    if ((t - startMs) % every !== 0) continue;
    for (const d of CITY) samples.push({ code: d.code, at: t, values: city.sample(d)! });
  }
  return samples;
}

const range = (samples: { code: string; values: Values }[], code: string, key: string): [number, number] => {
  const xs = samples.filter((s) => s.code === code).map((s) => Number(s.values[key]));
  return [Math.min(...xs), Math.max(...xs)];
};

describe('the analysers of the water plant, the taps, the wastewater plant and the river', () => {
  it('take their role from their site, else from the demo code; a station’s is its inlet', () => {
    expect(analyserRole({ code: 'X-1', stationId: null, wqSite: 'wastewater_discharge' })).toBe('wastewater_discharge');
    expect(analyserRole({ code: 'X-1', stationId: null, wqSite: 'lake' })).toBe('river');
    expect(analyserRole({ code: 'WP01-WQ01', stationId: null })).toBe('plant_outlet');
    expect(analyserRole({ code: 'RV02-WQ01', stationId: null })).toBe('river');
    expect(analyserRole({ code: 'WQ-N03', stationId: null })).toBe('tap');
    expect(analyserRole({ code: 'PS02-WQ01', stationId: 2, wqSite: 'river' })).toBe('inlet');
  });

  it('report realistic values in late November, each within its site’s standard', () => {
    // No upset, no rain, no noise: the city's normal.
    const samples = day(() => 0.5);
    const between = (code: string, key: string, lo: number, hi: number) => {
      const [min, max] = range(samples, code, key);
      expect(min, `${code} ${key}`).toBeGreaterThanOrEqual(lo);
      expect(max, `${code} ${key}`).toBeLessThanOrEqual(hi);
    };
    between('WP01-WQ01', 'chlorine', 0.5, 0.9);
    between('WP01-WQ01', 'turbidity', 0.1, 0.3);
    between('WP01-WQ01', 'ph', 7, 7.6);
    between('WP01-WQ01', 'codmn', 1, 2);
    between('WP01-WQ01', 'ammonia', 0, 0.1);
    between('WP01-WQ01', 'temperature', 11, 18);
    const outlet = samples.find((s) => s.code === 'WP01-WQ01')!.values;
    expect(Number(outlet.total_chlorine)).toBeGreaterThan(Number(outlet.chlorine));
    between('WQ-N01', 'chlorine', 0.2, 0.5);
    between('WW01-WQ01', 'cod', 18, 35);
    between('WW01-WQ01', 'ammonia', 0.5, 3);
    between('WW01-WQ01', 'tn', 8, 13);
    between('WW01-WQ01', 'tp', 0.15, 0.4);
    between('WW01-WQ01', 'ss', 4, 8);
    between('WW01-WQ01', 'ph', 6.8, 7.4);
    // Near NH3-N's 12 °C threshold at this time of year.
    between('WW01-WQ01', 'temperature', 11, 16);
    for (const river of ['RV01-WQ01', 'RV02-WQ01']) {
      between(river, 'dissolved_oxygen', 5, 8);
      between(river, 'codmn', 3, 6);
      between(river, 'cod', 12, 20);
      between(river, 'ammonia', 0.3, 1);
      between(river, 'tp', 0.08, 0.2);
      between(river, 'ph', 7.2, 8.2);
      // Oxygen swings with the day: most in the afternoon, least before dawn.
      const [min, max] = range(samples, river, 'dissolved_oxygen');
      expect(max - min).toBeGreaterThan(1.5);
    }
    // The lab's BOD5 only; online analysers measure what their probes do.
    expect(samples.every((s) => !('bod5' in s.values))).toBe(true);
    expect(Object.keys(samples.find((s) => s.code === 'RV01-WQ01')!.values)).not.toContain('chlorine');
    for (const s of samples) {
      const judged = verdicts(s.code, s.values);
      for (const [parameter, verdict] of Object.entries(judged)) {
        expect(verdict, `${s.code} ${parameter} ${JSON.stringify(s.values)}`).not.toBe('exceeding');
      }
    }
  });

  it('warms with the season: the wastewater plant’s water near 25 °C in August, near 10 in February', () => {
    const aug = waterTemperature(Date.parse('2026-08-03T12:00:00+08:00'), 17, 8, 0.25);
    const feb = waterTemperature(Date.parse('2026-02-01T12:00:00+08:00'), 17, 8, 0.25);
    expect(aug).toBeGreaterThan(23);
    expect(feb).toBeLessThan(12);
  });

  it('has upsets with physical causes that exceed the standard: dosing, a bypass, run-off, chlorine decay', () => {
    // Every draw at its least at first: each analyser's upset starts at once (the first of its kinds, at
    // its mildest and shortest); then the city's normal, no upset starting again.
    let draws = 0;
    const samples = day(() => (draws++ < 200 ? 0 : 0.5), 10 * 60_000);
    // Half an hour in (a river's run-off: an hour and a half, it comes slowly).
    const after = (code: string) =>
      samples.find((s) => s.code === code && s.at === LATE_NOVEMBER + (code.startsWith('RV') ? 90 : 30) * 60_000)!
        .values;
    // The chlorinator's feed failing at the outlet: free chlorine below the 0.3 mg/L it must keep.
    expect(Number(after('WP01-WQ01').chlorine)).toBeLessThan(0.3);
    expect(verdicts('WP01-WQ01', after('WP01-WQ01')).chlorine_free).toBe('exceeding');
    expect(verdicts('WP01-WQ01', after('WP01-WQ01')).chlorine_total).toBe('exceeding');
    // Water standing at a dead end of the network: the tap's chlorine nearly gone.
    expect(verdicts('WQ-N01', after('WQ-N01')).chlorine_free).toBe('exceeding');
    // Part of the flow bypassing the biology: NH3-N, COD, SS and TP beyond class 1-A.
    const bypass = verdicts('WW01-WQ01', after('WW01-WQ01'));
    expect([bypass.nh3n, bypass.cod, bypass.ss, bypass.tp]).toEqual([
      'exceeding',
      'exceeding',
      'exceeding',
      'exceeding',
    ]);
    // Run-off after rain at the river: COD and TP past class III, oxygen below 5 mg/L.
    const river = after('RV01-WQ01');
    expect(Number(river.dissolved_oxygen)).toBeLessThan(5);
    expect(verdicts('RV01-WQ01', river)).toMatchObject({ cod: 'exceeding', tp: 'exceeding', do: 'exceeding' });
    // …and they pass: a day later each is back to its normal.
    const late = samples.filter((s) => s.at === LATE_NOVEMBER + 23 * HOUR);
    for (const s of late) expect(Object.values(verdicts(s.code, s.values)), s.code).not.toContain('exceeding');
  });
});
