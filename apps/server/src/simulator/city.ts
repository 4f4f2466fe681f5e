import type { MetricSpec } from '@water/contracts';

/** A device the simulator speaks for. */
export interface SimDevice {
  code: string;
  typeCode: string;
  stationId: number | null;
  /** Pumps of its station (0 away from a station). */
  pumps: number;
  metrics: Map<string, MetricSpec>;
}

type Values = Record<string, number | boolean | string>;

/** Wet well of a lift station: level in m, each pump on its own start and stop level. */
interface Station {
  level: number;
  running: boolean[];
  frequency: number[];
  runHours: number[];
  /** m³ per metre of level: the plan area of the wet well. */
  area: number;
  /** m³/h one pump moves at 50 Hz. */
  pumpFlow: number;
  sewage: boolean;
  total: number;
}

const HOUR_S = 3600;
/** Chance per device report of a reading beyond its range, and of the device falling silent. */
const OUT_OF_RANGE_CHANCE = 0.002;
const SILENCE_CHANCE = 0.0007;

/**
 * The state of the demo city that readings come from: one rain process over the whole city, a wet
 * well per lift station filling with the daily sewage curve and the rain and emptied by pumps that
 * start and stop on staggered levels, and per-device slow drifts. Time is the server clock's, so the
 * daily curves follow the hour of day in China (UTC+8).
 */
export function createCity(list: SimDevice[], random: () => number, startMs: number) {
  const around = (mid: number, spread: number) => mid + (random() * 2 - 1) * spread;
  const rain = { intensity: 0, peak: 0, elapsed: 0, duration: 0 };
  const stations = new Map<number, Station>();
  for (const d of list) {
    if (d.stationId === null || stations.has(d.stationId)) continue;
    const pumps = Math.max(1, d.pumps);
    const sewage = list.some((o) => o.stationId === d.stationId && o.typeCode === 'water_quality_analyser');
    stations.set(d.stationId, {
      level: around(1.6, 0.4),
      running: Array.from({ length: pumps }, () => false),
      frequency: Array.from({ length: pumps }, () => 0),
      runHours: Array.from({ length: pumps }, () => Math.round(around(6000, 4000))),
      area: around(60, 15),
      pumpFlow: around(sewage ? 350 : 700, 80),
      sewage,
      total: Math.round(around(2_000_000, 1_000_000)),
    });
  }
  const devices = new Map(
    list.map((d) => [
      d.code,
      {
        silentUntil: 0,
        bias: around(0, 1),
        battery: around(85, 12),
        openFor: 0,
        uptime: Math.round(around(400_000, 300_000)),
      },
    ]),
  );
  let now = startMs;

  /** Share of the day's peak (0.35 at night, 1 in the morning and evening peaks), by hour in UTC+8. */
  const dailyCurve = (ms: number) => {
    const h = (((ms / 3_600_000 + 8) % 24) + 24) % 24;
    const peak = (at: number, width: number) => Math.exp(-(((h - at) / width) ** 2));
    return 0.35 + 0.65 * Math.max(peak(7.5, 1.6), 0.9 * peak(19.5, 2), 0.6 * peak(12, 1.5));
  };

  function advance(seconds: number, clockMs: number) {
    now = clockMs;
    const dt = Math.min(seconds, 60);
    // Rain: an event about every three hours on average, 20–60 minutes, a bell-shaped intensity.
    if (rain.duration === 0) {
      if (random() < dt / (3 * HOUR_S)) {
        rain.duration = around(40, 20) * 60;
        rain.peak = random() < 0.1 ? around(60, 15) : around(15, 10);
        rain.elapsed = 0;
      }
    } else {
      rain.elapsed += dt;
      if (rain.elapsed >= rain.duration) rain.duration = 0;
    }
    rain.intensity =
      rain.duration === 0 ? 0 : Math.max(0, rain.peak * Math.sin((Math.PI * rain.elapsed) / rain.duration));

    for (const s of stations.values()) {
      // Inflow in m³/h: the daily sewage curve, plus run-off for a rain-water station.
      const inflow = s.pumpFlow * (s.sewage ? 0.9 * dailyCurve(now) : 0.15 + rain.intensity / 12) * around(1, 0.05);
      s.running.forEach((on, p) => {
        // Staggered set-points: pump p starts at 2.2 + 0.5·p m and stops at 1.0 + 0.2·p m.
        if (!on && s.level > 2.2 + 0.5 * p) s.running[p] = true;
        if (on && s.level < 1.0 + 0.2 * p) s.running[p] = false;
        s.frequency[p] = s.running[p] ? Math.min(50, 38 + (s.level - 1) * 4) : 0;
        if (s.running[p]) s.runHours[p]! += dt / HOUR_S;
      });
      const outflow = s.frequency.reduce((n, f) => n + (s.pumpFlow * f) / 50, 0);
      s.total += (outflow * dt) / HOUR_S;
      s.level = Math.min(9.5, Math.max(0.3, s.level + ((inflow - outflow) * dt) / HOUR_S / s.area));
    }
  }

  const round = (spec: MetricSpec | undefined, v: number) => {
    const f = 10 ** (spec?.precision ?? 2);
    return Math.round(v * f) / f;
  };

  function readings(d: SimDevice, dev: NonNullable<ReturnType<typeof devices.get>>): Values {
    const station = d.stationId === null ? undefined : stations.get(d.stationId);
    const curve = dailyCurve(now);
    switch (d.typeCode) {
      case 'level_gauge':
        return { level: (station?.level ?? 1.5) + around(0, 0.01) };
      case 'flow_meter': {
        const flow = station ? station.frequency.reduce((n, f) => n + (station.pumpFlow * f) / 50, 0) : 0;
        // Outlet main DN600: 0.283 m².
        return { flow: flow * around(1, 0.02), total: station?.total ?? 0, velocity: flow / HOUR_S / 0.283 };
      }
      case 'pump_controller': {
        const p = Math.max(0, Number(/-P(\d)$/.exec(d.code)?.[1] ?? 1) - 1);
        const running = station?.running[p] ?? false;
        const frequency = station?.frequency[p] ?? 0;
        const current = running ? (frequency / 50) ** 2 * around(95, 5) + 8 : 0;
        const voltage = around(380, 6);
        return {
          running,
          frequency,
          current,
          voltage,
          power: (Math.sqrt(3) * voltage * current * 0.85) / 1000,
          run_hours: Math.floor(station?.runHours[p] ?? 0),
          fault: false,
          mode: dev.bias > 0.8 ? 'remote' : 'auto',
        };
      }
      case 'pressure_transmitter':
        // Supply pressure sags with demand: about 0.42 MPa at night, 0.28 at the peaks.
        return { pressure: 0.48 - 0.2 * curve + dev.bias * 0.02 + around(0, 0.005) };
      case 'water_quality_analyser':
        return station
          ? // Sewage at the station's inlet (GB 18918 is for what leaves the plant, not this).
            {
              ph: 7.3 + dev.bias * 0.2 + around(0, 0.05),
              turbidity: 60 + 20 * curve + around(0, 5),
              chlorine: 0,
              cod: 220 + 140 * curve + around(0, 15),
              ammonia: 22 + 8 * curve + around(0, 1.5),
              dissolved_oxygen: 1.2 + around(0, 0.3),
            }
          : // Drinking water in the network (GB 5749-2022: turbidity ≤ 1 NTU, free chlorine ≥ 0.05 mg/L at the tap).
            {
              ph: 7.4 + dev.bias * 0.15 + around(0, 0.03),
              turbidity: 0.25 + rain.intensity / 200 + around(0, 0.05),
              chlorine: 0.35 + dev.bias * 0.08 + around(0, 0.02),
              cod: 1.5 + around(0, 0.3),
              ammonia: 0.08 + around(0, 0.02),
              dissolved_oxygen: 8.2 + around(0, 0.3),
            };
      case 'rain_gauge': {
        const intensity = rain.intensity * (1 + dev.bias * 0.15);
        return { intensity, rainfall: (intensity * 20) / HOUR_S };
      }
      case 'manhole_cover_sensor': {
        // A cover lifted now and then (roadworks, theft): open for a few reports.
        if (dev.openFor === 0 && random() < 0.0005) dev.openFor = 3 + Math.floor(random() * 6);
        const open = dev.openFor > 0;
        if (open) dev.openFor--;
        dev.battery = Math.max(5, dev.battery - 0.0005);
        return {
          tilt: open ? around(45, 15) : Math.abs(around(1, 0.6)),
          open,
          water_level: Math.min(4.8, 0.5 + dev.bias * 0.2 + rain.intensity / 20 + around(0, 0.02)),
          battery: dev.battery,
        };
      }
      case 'camera':
        return { online: true };
      case 'gateway':
        dev.uptime += 20;
        return { signal: -72 + dev.bias * 8 + around(0, 3), uptime: dev.uptime, supply_voltage: around(24, 0.3) };
      default:
        return {};
    }
  }

  /** A device's report now, or null while it is silent (a dead battery, a lost link: it goes offline). */
  function report(d: SimDevice): Values | null {
    const dev = devices.get(d.code);
    if (!dev) return null;
    if (dev.silentUntil > now) return null;
    if (random() < SILENCE_CHANCE) {
      // Longer than the default offline timeout, so the sweep marks it offline and data brings it back.
      dev.silentUntil = now + around(25, 10) * 60_000;
      return null;
    }
    const raw = readings(d, dev);
    const values: Values = {};
    for (const [key, value] of Object.entries(raw)) {
      values[key] = typeof value === 'number' ? round(d.metrics.get(key), value) : value;
    }
    // Now and then an instrument glitch beyond its range, so that quality flags and alarms get exercised.
    if (random() < OUT_OF_RANGE_CHANCE) {
      const bounded = [...d.metrics.values()].filter(
        (m) => (m.dataType === 'number' || m.dataType === 'integer') && m.max !== null && m.key in values,
      );
      const spec = bounded[Math.floor(random() * bounded.length)];
      if (spec) values[spec.key] = round(spec, spec.max! * 1.1 + 1);
    }
    return values;
  }

  return { advance, report, rain: () => rain.intensity };
}
