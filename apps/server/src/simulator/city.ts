import { createHash } from 'node:crypto';
import type { MetricSpec, WqSiteKind } from '@water/contracts';

/** A device the simulator speaks for. */
export interface SimDevice {
  code: string;
  typeCode: string;
  stationId: number | null;
  /** Pumps of its station (0 away from a station). */
  pumps: number;
  regionId: number | null;
  longitude: number | null;
  latitude: number | null;
  metrics: Map<string, MetricSpec>;
  /** Its station's configuration, when the station has one (pump-station setup, issue 14). */
  plant?: StationPlant | null;
  /**
   * A water-quality analyser's site kind (issue 18), when it measures at a site: the water it sees (a
   * plant's outlet, a tap, a wastewater plant's discharge, a river or lake). Without one, the demo's
   * code says (`analyserRole`).
   */
  wqSite?: WqSiteKind | null;
}

/** A pump as its station's configuration describes it (station_pumps). */
export interface PlantPump {
  ratedFlow: number | null;
  ratedPower: number | null;
  /** fixed | vfd */
  drive: string;
  startLevel: number | null;
  stopLevel: number | null;
  /** The code of its controller device, whose readings speak for it. */
  controllerCode: string | null;
  /** Under maintenance (locked out): it never starts. The simulator reads it again every few minutes. */
  maintenance?: boolean;
}

/**
 * What the simulator takes from a station's configuration, the one source of a station's plant: the
 * wet well, the dry-run protection level, the pumps in number order and the rain gauge of its rain
 * sensor. A value left empty there falls back to the demo plant of the station's code.
 */
export interface StationPlant {
  /** rainwater | sewage | combined | booster: what flows in. */
  kind: string;
  wellArea: number | null;
  wellDepth: number | null;
  protectionLevel: number | null;
  /** The wet well's high-alarm level: its gauge reports `high_level` when the water rises past it. */
  highAlarmLevel?: number | null;
  rainGaugeCode: string | null;
  pumps: PlantPump[];
}

export type Values = Record<string, number | boolean | string>;

/** A thing-model event a device reports (`devices/{code}/events`), at the city's time. */
export interface CityEvent {
  code: string;
  event: string;
  ts: number;
  params: Record<string, number | boolean | string>;
}

/** Counters and levels a restarted simulator carries on from (the devices' latest readings). */
export interface CityStart {
  /**
   * By device code, then metric: `level` of a level gauge, `total` of a flow meter, `run_hours`,
   * `starts` and `energy` of a pump controller, and its `mode` (a PLC keeps its mode over a restart).
   */
  [code: string]: Record<string, number | string> | undefined;
}

/** Wet well of a lift station: level in m, each pump on its own start and stop level. */
interface Station {
  level: number;
  /** Highest level the well holds (its depth): above it the well spills back into the sewer. */
  depth: number;
  /** Below this level no pump runs (dry-run protection), whatever its stop level. */
  protect: number;
  running: boolean[];
  frequency: number[];
  runHours: number[];
  /** Epoch ms before which a stopped pump may not start again (anti-short-cycle). */
  restAt: number[];
  /** Epoch ms until which a tripped pump stays faulted (0: healthy). */
  faultUntil: number[];
  /**
   * Rags wound round a running pump's impeller (wet wipes in sewage): until when (0: clean), the
   * extra load as a share of its rated power at full speed, and whether the motor protection trips
   * it at the end (overload) rather than the rags coming free.
   */
  clogUntil: number[];
  clogLoad: number[];
  clogTrips: boolean[];
  /** The controller device of each pump (null: none speaks for it). */
  controllers: (string | null)[];
  /** Each pump under maintenance (locked out): it never starts. */
  lockedOut: boolean[];
  /** m³ per metre of level: the plan area of the wet well. */
  area: number;
  /** m³/h each pump moves at 50 Hz. */
  flow: number[];
  /** kW each pump draws at 50 Hz. */
  ratedKw: number[];
  /** Each pump's start and stop level, m. */
  start: number[];
  stop: number[];
  /** Each pump on a variable-frequency drive (else it runs at 50 Hz). */
  vfd: boolean[];
  /** What flows in: the sewage of the daily curve, rain run-off, or both. */
  inflow: 'sewage' | 'rain' | 'combined';
  total: number;
  /** The rain gauge whose catchment drains into the wet well. */
  gauge: Gauge | null;
  /** The high-alarm level, and whether its crossing is reported again (after the level fell 0.1 m below). */
  high: number;
  highArmed: boolean;
  /** The station's level gauge and gateway, which report its events. */
  levelCode: string | null;
  gatewayCode: string | null;
  /** Epoch ms until which the station's mains supply is lost (0: on mains): no pump runs meanwhile. */
  powerOutUntil: number;
  /** Each pump's control mode at its controller (see `PumpMode`). */
  mode: PumpMode[];
  /** A drive's frequency set-point in remote (set_frequency), Hz; null: the level curve. */
  hold: (number | null)[];
  /** Each pump's start counter and energy counter (kWh), as its controller counts them. */
  starts: number[];
  energy: number[];
  /** The console's command each pump's controller is carrying out (a soft start, a ramp down), or null. */
  acting: (Acting | null)[];
}

/**
 * A pump controller's control mode: `auto`, its PLC starts and stops the pump on the well's
 * set-points; `remote` (remote manual), the console's commands start and stop it and the loop does
 * not; `local`, switched at the panel: the panel's own level control runs it and the console is not
 * obeyed. In every mode the local protections act: dry-run protection, the motor's trips, mains loss.
 */
export type PumpMode = 'auto' | 'remote' | 'local';

/** A command as the controller receives it (`devices/{code}/commands`). */
export interface CityCommand {
  id: number;
  command: string;
  params: Record<string, number | boolean | string>;
  /** Epoch ms after which the controller must not act on it. */
  expiresAt?: number;
}

/**
 * A controller's first answer to a command: `accepted` (it acts on it; its result follows, see
 * `takeReplies`, after `settleMs`), `rejected` by its own interlocks with a short reason code, or
 * `ignored` (expired, or for no pump of this city): no answer at all.
 */
export type CityCommandAnswer =
  | { status: 'accepted'; settleMs: number }
  | { status: 'rejected'; reason: string }
  | { status: 'ignored'; reason: string };

/** A command's result, once the controller has carried it out or could not. */
export interface CityCommandReply {
  code: string;
  id: number;
  status: 'succeeded' | 'failed';
  reason?: string;
  result?: Values;
}

interface Acting {
  id: number;
  command: string;
  /** City time (epoch ms) when it is done; `finish` completes it sooner (the simulator's own timer). */
  due: number;
  params: CityCommand['params'];
}

/** A rain gauge and where it stands: a station takes its rain from its catchment's gauge. */
interface Gauge {
  code: string;
  regionId: number | null;
  lng: number;
  lat: number;
  intensity: number;
}

const HOUR_S = 3600;
/**
 * What upsets an analyser's water: see NETWORK_UPSET_PER_HOUR, INLET_SLUG_PER_HOUR, OUTLET_UPSET_PER_HOUR,
 * DISCHARGE_UPSET_PER_HOUR and RIVER_RUNOFF_PER_HOUR.
 */
type Upset =
  | 'chlorine'
  | 'turbidity'
  | 'acid'
  | 'alkaline'
  | 'ammonia'
  | 'dosing'
  | 'filter'
  | 'bypass'
  | 'cold'
  | 'runoff';

/**
 * The water an analyser sees: a sewage station's inlet (its station's), and for the others the kind of
 * the site it measures at: the water plant's outlet, a tap in the network, the wastewater plant's
 * discharge, a river or lake section.
 */
export type AnalyserRole = 'inlet' | 'plant_outlet' | 'tap' | 'wastewater_discharge' | 'river';

/**
 * An analyser's role: its station's inlet; else its site's kind (a lake is judged like a river here);
 * else the demo city's code (`WP..` the water plant, `WW..` the wastewater plant, `RV..` the river);
 * else a tap in the network.
 */
export function analyserRole(d: Pick<SimDevice, 'code' | 'stationId' | 'wqSite'>): AnalyserRole {
  if (d.stationId !== null) return 'inlet';
  if (d.wqSite) return d.wqSite === 'lake' ? 'river' : d.wqSite;
  if (/^WP\d+-/.test(d.code)) return 'plant_outlet';
  if (/^WW\d+-/.test(d.code)) return 'wastewater_discharge';
  if (/^RV\d+-/.test(d.code)) return 'river';
  return 'tap';
}

/**
 * Water temperature by the season, °C: coldest in early February, warmest in early August (day 215),
 * with a few days' weather on top (a period of 5.3 days, its phase the place's).
 */
export function waterTemperature(ms: number, mean: number, amplitude: number, phase = 0): number {
  const day = (ms + 8 * 3_600_000) / 86_400_000;
  const season = Math.cos((2 * Math.PI * (day - 215 - Math.floor((day - 215) / 365.25) * 365.25)) / 365.25);
  return mean + amplitude * season + 1.2 * Math.sin((2 * Math.PI * day) / 5.3 + phase * 2 * Math.PI);
}
const WEEK_MS = 7 * 86_400_000;
/** Chance per device report of a reading beyond its range. */
const OUT_OF_RANGE_CHANCE = 0.002;
/**
 * Silences per device-hour (a lost 4G link, a modem hanging) of 40–120 minutes, longer than any
 * offline timeout: over about 150 devices one or two are offline at any moment.
 */
const SILENCE_PER_HOUR = 1 / 150;
/** Trips from the supply side (phase loss) per running pump-hour. */
const TRIP_PER_RUN_HOUR = 0.025;
/**
 * Rags per running pump-hour at a sewage station (half that with combined inflow, a quarter for
 * rain water): the draw rises for 5–25 minutes, then the rags come free or the pump trips on
 * overload. With the phase losses, a pump trips somewhere in the city every few hours.
 */
const CLOG_PER_RUN_HOUR = 0.1;
/** Mains failures per station-hour (about one a month a station), 10–40 minutes without pumps. */
const POWER_LOSS_PER_HOUR = 1 / (24 * 30);
/** Manhole covers lifted (roadworks, theft) per cover-hour: a few a day over the city's 40. */
const COVER_OPEN_PER_HOUR = 1 / 160;
/**
 * Water-quality upsets per analyser-hour. In the supply network (every four days or so at each
 * point): residual chlorine sagging below 0.05 mg/L (a dosing upset, water standing in a dead end)
 * or turbidity above 1 NTU (a main repaired or flushed nearby). At a sewage station's inlet (every
 * three days or so): an industrial discharge, acid or alkaline beyond pH 6.5–9.5, or ammonia
 * beyond 45 mg/L (GB/T 31962-2015).
 */
const NETWORK_UPSET_PER_HOUR = 1 / 96;
const INLET_SLUG_PER_HOUR = 1 / 72;
/**
 * At the water plant's outlet (about once a week): a dosing upset, the chlorinator's feed failing or
 * its set-point wrong, free chlorine sagging below the 0.3 mg/L the outlet must keep (GB 5749-2022
 * 表2), total chlorine with it; or a filter breaking through after a backwash, turbidity above 1 NTU.
 */
const OUTLET_UPSET_PER_HOUR = 1 / (24 * 7);
/**
 * At the wastewater plant's discharge (about every four days): a bypass of part of the flow (a storm's
 * inflow beyond the biology, or a blower down) raising NH3-N, COD, SS and TP past class 1-A, or a
 * cold snap slowing nitrification, the water a few degrees colder for a day or two and NH3-N rising
 * (GB 18918's limit is 5 mg/L above 12 °C, 8 at or below: near the threshold in late autumn).
 */
const DISCHARGE_UPSET_PER_HOUR = 1 / 96;
/**
 * At a river section (about every four days): run-off after rain washing the streets and fields into
 * the river for some hours, COD, CODMn, NH3-N and TP past class III, dissolved oxygen below 5 mg/L.
 */
const RIVER_RUNOFF_PER_HOUR = 1 / 96;
const UPSET_PER_HOUR: Record<AnalyserRole, number> = {
  inlet: INLET_SLUG_PER_HOUR,
  tap: NETWORK_UPSET_PER_HOUR,
  plant_outlet: OUTLET_UPSET_PER_HOUR,
  wastewater_discharge: DISCHARGE_UPSET_PER_HOUR,
  river: RIVER_RUNOFF_PER_HOUR,
};
/** Events held for devices that cannot send them now (silent), at most. */
const MAX_PENDING_EVENTS = 2000;
/** Below this wet-well level no pump runs (dry-run protection), whatever its stop level. */
const PROTECT_LEVEL = 0.8;
/** The highest level a well without a configured depth reaches. */
const SPILL_LEVEL = 9.5;
/** A stopped pump rests this long before it may start again (anti-short-cycle). */
const MIN_OFF_MS = 120_000;
/** The drive's frequency set-point range in remote, Hz. */
const HOLD_MIN_HZ = 20;
const HOLD_MAX_HZ = 50;
/**
 * Pump controllers switched to local at their panel in the demo: those whose code hashes below this
 * (PS05-P3 and PS11-P2 of the demo city), never PS01's, whose pumps the journeys command.
 */
const LOCAL_SHARE = 0.08;
/** Where the demo city lies, for rain cells without located gauges. */
const CITY_CENTRE = { lng: 119.68, lat: 29.11 };

/** A number in [0, 1) fixed by a device code and a salt: the same city every run, live or backfilled. */
export function stable(code: string, salt: string): number {
  return createHash('sha256').update(`${code}|${salt}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** Share of the day's peak (0.35 at night, 1 in the morning and evening peaks), by hour in UTC+8. */
export function dailyCurve(ms: number): number {
  const h = (((ms / 3_600_000 + 8) % 24) + 24) % 24;
  const peak = (at: number, width: number) => Math.exp(-(((h - at) / width) ** 2));
  return 0.35 + 0.65 * Math.max(peak(7.5, 1.6), 0.9 * peak(19.5, 2), 0.6 * peak(12, 1.5));
}

/**
 * A controller's mode when the city starts: PS01-P1 in remote (the journeys command it), the demo's
 * one or two controllers at local (by a hash of the code, never PS01's), one in ten others in
 * remote manual, the rest in auto.
 */
export function initialMode(code: string): PumpMode {
  if (code === 'PS01-P1') return 'remote';
  if (!code.startsWith('PS01-') && stable(code, 'local') < LOCAL_SHARE) return 'local';
  return stable(code, 'bias') * 2 - 1 > 0.8 ? 'remote' : 'auto';
}

/** Pump p of a station from its controller's code (`PS03-P2` → 1), for a station without a configuration. */
const pumpIndex = (code: string) => Math.max(0, Number(/-P(\d)$/.exec(code)?.[1] ?? 1) - 1);

const tenths = (n: number) => Math.round(n * 10) / 10;

/**
 * The demo city's plant, derived from a station's code: what the seed configures each demo station
 * with (db/seed/demo-pump-stations.ts) and what the simulator falls back on where a configuration
 * leaves a value empty. Pump p starts at 2.2 + 0.5·p m and stops at 1.0 + 0.2·p m, so they stagger;
 * power is roughly ρ·g·Q·H / η for an 11.6 m lift at 70 %: 0.045 kW per m³/h.
 */
export function demoPlant(code: string, sewage: boolean, pumps: number) {
  const fixed = (salt: string, mid: number, spread: number) => mid + (stable(code, salt) * 2 - 1) * spread;
  const ratedFlow = Math.round(fixed('pump-flow', sewage ? 350 : 700, 80));
  const ratedPower = tenths(ratedFlow * 0.045);
  const wellDepth = tenths(fixed('depth', 7, 1));
  const startLevel = (p: number) => tenths(2.2 + 0.5 * p);
  return {
    wellArea: tenths(fixed('area', 60, 15)),
    wellDepth,
    wellBottomElevation: Math.round((fixed('ground', 6.5, 1) - wellDepth) * 100) / 100,
    protectionLevel: PROTECT_LEVEL,
    lowAlarmLevel: 0.9,
    highAlarmLevel: tenths(startLevel(pumps - 1) + 0.8),
    designCapacity: ratedFlow * pumps,
    pumps: Array.from({ length: pumps }, (_, p) => ({
      number: p + 1,
      ratedFlow,
      ratedPower,
      // H = P·η / (ρ·g·Q)
      ratedHead: tenths((ratedPower * 0.7 * 3600) / (9.81 * ratedFlow)),
      drive: 'vfd' as const,
      startLevel: startLevel(p),
      stopLevel: tenths(1.0 + 0.2 * p),
    })),
  };
}

/**
 * The state of the demo city that readings come from: rain cells passing over the city, measured by
 * the rain gauges; a wet well per lift station filling with the daily sewage curve and the rain of
 * its catchment's gauge, emptied by pumps that start and stop on staggered levels (with dry-run
 * protection, a rest between starts, rags that overload them, phase losses that trip them, now and
 * then a mains failure that stops them all); analysers drifting between weekly calibrations, with an
 * upset now and then; manhole covers lifted; devices falling silent. What a real device would
 * report as a thing-model event (a trip, a cover opened, the mains lost, the well past its high
 * level) waits in `takeEvents`, so that every alarm the demo shows comes from this physics, none
 * injected. Each station's plant (wet well, pumps, set-points, rain gauge) comes from its
 * configuration (`SimDevice.plant`), what it leaves empty from the demo plant of the station's code;
 * other device parameters come from their codes, so the live simulator and the seeded history describe
 * the same city. Time is the server clock's: daily curves follow the hour of day in China (UTC+8).
 */
export function createCity(list: SimDevice[], random: () => number, startMs: number, start: CityStart = {}) {
  const around = (mid: number, spread: number) => mid + (random() * 2 - 1) * spread;
  const fixed = (code: string, salt: string, mid: number, spread: number) =>
    mid + (stable(code, salt) * 2 - 1) * spread;

  const gauges: Gauge[] = list
    .filter((d) => d.typeCode === 'rain_gauge')
    .map((d) => ({
      code: d.code,
      regionId: d.regionId,
      lng: d.longitude ?? CITY_CENTRE.lng,
      lat: d.latitude ?? CITY_CENTRE.lat,
      intensity: 0,
    }));
  /** The gauge of a device's catchment, else the nearest one. */
  const gaugeOf = (d: SimDevice): Gauge | null => {
    const own = gauges.find((g) => g.regionId !== null && g.regionId === d.regionId);
    if (own || d.longitude === null || d.latitude === null) return own ?? gauges[0] ?? null;
    let best: Gauge | null = null;
    let bestDist = Number.POSITIVE_INFINITY;
    for (const g of gauges) {
      const dist = (g.lng - d.longitude) ** 2 + (g.lat - (d.latitude ?? 0)) ** 2;
      if (dist < bestDist) [best, bestDist] = [g, dist];
    }
    return best;
  };

  const startValue = (code: string | undefined, metric: string) => {
    const v = code === undefined ? undefined : start[code]?.[metric];
    return typeof v === 'number' ? v : undefined;
  };

  const stations = new Map<number, Station>();
  const codes = new Set(list.map((d) => d.code));
  /** The station and pump a controller speaks for, by the controller's code. */
  const pumpOf = new Map<string, { stationId: number; p: number }>();
  for (const d of list) {
    if (d.stationId === null || stations.has(d.stationId)) continue;
    const stationId = d.stationId;
    const key = d.code.split('-')[0] ?? d.code;
    const plant = d.plant ?? null;
    const configured = plant?.pumps ?? [];
    const pumps = configured.length || Math.max(1, d.pumps);
    const kind =
      plant?.kind ??
      (list.some((o) => o.stationId === stationId && o.typeCode === 'water_quality_analyser') ? 'sewage' : 'rainwater');
    const demo = demoPlant(key, kind === 'sewage', pumps);
    const ofStation = (type: string) => list.find((o) => o.stationId === stationId && o.typeCode === type);
    const level = startValue(ofStation('level_gauge')?.code, 'level');
    const total = startValue(ofStation('flow_meter')?.code, 'total');
    const pumpsOf = list.filter((o) => o.stationId === stationId && o.typeCode === 'pump_controller');
    // Configured pumps speak through their controllers; otherwise PSxx-Pn is pump n. A configured pump
    // without a controller has no device to speak for it (its name here only seeds its run hours).
    const controllers = Array.from({ length: pumps }, (_, p) =>
      configured.length
        ? (configured[p]?.controllerCode ?? null)
        : (pumpsOf.find((o) => pumpIndex(o.code) === p)?.code ?? `${key}-P${p + 1}`),
    );
    controllers.forEach((code, p) => {
      if (code !== null && !pumpOf.has(code)) pumpOf.set(code, { stationId, p });
    });
    const each = <T>(pick: (pump: PlantPump | undefined, p: number) => T) =>
      Array.from({ length: pumps }, (_, p) => pick(configured[p], p));
    const flow = each((x, p) => x?.ratedFlow ?? demo.pumps[p]!.ratedFlow);
    const rainGauge = plant?.rainGaugeCode ? gauges.find((g) => g.code === plant.rainGaugeCode) : undefined;
    const startLevel = level ?? fixed(key, 'level', 1.6, 0.4);
    const high = plant?.highAlarmLevel ?? demo.highAlarmLevel;
    // A pump without a controller is named by its station and number (its counters' seed).
    const names = controllers.map((code, p) => code ?? `${key}#${p + 1}`);
    const runHours = names.map(
      (name) => startValue(name, 'run_hours') ?? Math.round(fixed(name, 'run-hours', 6000, 4000)),
    );
    stations.set(stationId, {
      level: startLevel,
      depth: plant?.wellDepth ?? SPILL_LEVEL,
      protect: plant?.protectionLevel ?? PROTECT_LEVEL,
      running: each(() => false),
      frequency: each(() => 0),
      runHours,
      restAt: each(() => 0),
      faultUntil: each(() => 0),
      clogUntil: each(() => 0),
      clogLoad: each(() => 0),
      clogTrips: each(() => false),
      controllers,
      lockedOut: each((x) => x?.maintenance === true),
      area: plant?.wellArea ?? demo.wellArea,
      flow,
      ratedKw: each((x, p) => x?.ratedPower ?? flow[p]! * 0.045),
      start: each((x, p) => x?.startLevel ?? demo.pumps[p]!.startLevel),
      stop: each((x, p) => x?.stopLevel ?? demo.pumps[p]!.stopLevel),
      vfd: each((x) => x?.drive !== 'fixed'),
      inflow: kind === 'rainwater' ? 'rain' : kind === 'combined' ? 'combined' : 'sewage',
      total: total ?? Math.round(fixed(key, 'total', 2_000_000, 1_000_000)),
      gauge: rainGauge ?? gaugeOf(d),
      high,
      highArmed: startLevel <= high,
      levelCode: ofStation('level_gauge')?.code ?? null,
      gatewayCode: ofStation('gateway')?.code ?? null,
      powerOutUntil: 0,
      mode: names.map((name) => {
        const mode = start[name]?.mode;
        return mode === 'auto' || mode === 'remote' || mode === 'local' ? mode : initialMode(name);
      }),
      hold: each(() => null),
      // Counters an install seeded before they existed starts from its run hours: about two starts
      // an hour of running, at 80 % of rated power on average.
      starts: names.map((name, p) => startValue(name, 'starts') ?? Math.round(runHours[p]! * 1.8)),
      energy: names.map(
        (name, p) =>
          startValue(name, 'energy') ??
          Math.round(runHours[p]! * (configured[p]?.ratedPower ?? flow[p]! * 0.045) * 0.8),
      ),
      acting: each(() => null),
    });
  }
  const devices = new Map(
    list.map((d) => [
      d.code,
      {
        silentUntil: 0,
        bias: fixed(d.code, 'bias', 0, 1),
        gauge: gaugeOf(d),
        battery: fixed(d.code, 'battery', 85, 12),
        /** A cover lifted: until when (0: closed), and its tilt meanwhile. */
        openUntil: 0,
        tilt: 0,
        /** When the device last reported (silences are drawn per hour of reporting). */
        heardAt: 0,
        /**
         * A water-quality upset at an analyser: what, from when to when, how strong (0–1), and how long
         * it takes to come and to go (ms).
         */
        upset: null as { kind: Upset; from: number; until: number; strength: number; ramp: number } | null,
        /** An analyser's role: the water it sees. */
        role: d.typeCode === 'water_quality_analyser' ? analyserRole(d) : null,
        uptime: Math.round(fixed(d.code, 'uptime', 400_000, 300_000)),
        /** Analyser drift per week between calibrations, and where in its week the analyser is. */
        drift: fixed(d.code, 'drift', 0, 1),
        calibratedAt: stable(d.code, 'calibrated') * WEEK_MS,
      },
    ]),
  );
  const covers = list.filter((d) => d.typeCode === 'manhole_cover_sensor');
  const analysers = list.filter((d) => d.typeCode === 'water_quality_analyser');

  /** Events raised by the physics, waiting for their device to send them. */
  const pending: CityEvent[] = [];
  const emit = (code: string | null, event: string, params: CityEvent['params'] = {}) => {
    if (code === null || !codes.has(code)) return;
    pending.push({ code, event, ts: now, params });
    if (pending.length > MAX_PENDING_EVENTS) pending.splice(0, pending.length - MAX_PENDING_EVENTS);
  };

  /** A pump starts: it counts the start and its drive takes up its frequency. */
  const switchOn = (s: Station, p: number) => {
    s.running[p] = true;
    s.starts[p]!++;
    drive(s, p);
  };
  /** A pump stops and rests before it may start again (anti-short-cycle). */
  const switchOff = (s: Station, p: number) => {
    s.running[p] = false;
    s.restAt[p] = now + MIN_OFF_MS;
    s.frequency[p] = 0;
  };
  /**
   * The drive's frequency: in remote the set-point the console gave, else it speeds up as the level
   * rises (38 Hz at 1 m, 50 Hz from 4 m). A fixed-speed pump runs at 50.
   */
  const drive = (s: Station, p: number) => {
    const hold = s.mode[p] === 'remote' ? s.hold[p] : null;
    s.frequency[p] = s.running[p] ? (s.vfd[p] ? (hold ?? Math.min(50, 38 + (s.level - 1) * 4)) : 50) : 0;
  };
  /**
   * kW a running pump draws: with the cube of its speed (affinity laws), plus the drag torque of
   * rags (in proportion to speed), plus 1.5 kW of the drive and auxiliaries.
   */
  const kw = (s: Station, p: number) => {
    if (!s.running[p]) return 0;
    const speed = s.frequency[p]! / 50;
    const drag = s.clogUntil[p]! > 0 ? s.clogLoad[p]! * speed : 0;
    return s.ratedKw[p]! * (speed ** 3 + drag) + 1.5;
  };

  /** A pump stops on a trip and stays faulted until someone resets it, 30–90 minutes. */
  const trip = (s: Station, p: number, cause: 'overload' | 'phase_loss') => {
    if (s.running[p]) s.restAt[p] = now + MIN_OFF_MS;
    s.running[p] = false;
    s.frequency[p] = 0;
    s.faultUntil[p] = now + around(60, 30) * 60_000;
    s.clogUntil[p] = 0;
    const code = s.controllers[p] ?? null;
    emit(code, 'pump_fault', { cause });
    if (cause === 'overload') emit(code, 'overload');
  };

  /** Commands' results waiting for their controllers to send them. */
  const replies: CityCommandReply[] = [];
  const answer = (s: Station, p: number, reply: Omit<CityCommandReply, 'code'>) => {
    const code = s.controllers[p];
    if (code) replies.push({ code, ...reply });
  };
  /** Why a start cannot go now, or null: the controller's own interlocks. */
  const startBlock = (s: Station, p: number): string | null => {
    if (s.lockedOut[p]) return 'maintenance';
    if (s.faultUntil[p]! > 0) return 'fault';
    if (s.powerOutUntil > 0) return 'mains_out';
    if (s.running[p]) return 'already';
    if (s.level <= s.protect) return 'dry_run';
    if (s.restAt[p]! > now) return 'min_off_time';
    return null;
  };

  /**
   * Carries out the command a pump's controller accepted, now: a start runs the pump unless
   * something came between (a trip, the mains, the level at dry-run protection: failed), a stop
   * stops it, a frequency or mode is taken up, a fault reset clears the fault unless the mains is
   * out. Its result waits in `takeReplies`.
   */
  const settle = (s: Station, p: number) => {
    const a = s.acting[p];
    if (!a) return;
    s.acting[p] = null;
    const done = (result: Values) => answer(s, p, { id: a.id, status: 'succeeded', result });
    const failed = (reason: string) => answer(s, p, { id: a.id, status: 'failed', reason });
    switch (a.command) {
      case 'start': {
        const block = startBlock(s, p);
        if (block && block !== 'min_off_time') return failed(block);
        switchOn(s, p);
        return done({ running: true, frequency: tenths(s.frequency[p]!) });
      }
      case 'stop':
        if (s.running[p]) switchOff(s, p);
        return done({ running: false, mode: s.mode[p]! });
      case 'set_frequency':
        s.hold[p] = Number(a.params.frequency);
        drive(s, p);
        return done({ frequency: s.hold[p]! });
      case 'set_mode':
        s.mode[p] = a.params.mode === 'auto' ? 'auto' : 'remote';
        if (s.mode[p] === 'auto') s.hold[p] = null;
        drive(s, p);
        return done({ mode: s.mode[p]! });
      case 'reset_fault':
        if (s.powerOutUntil > 0) return failed('mains_out');
        s.faultUntil[p] = 0;
        s.clogUntil[p] = 0;
        return done({ fault: false });
    }
  };

  /**
   * A command reaching a pump's controller at `atMs`, checked against its own interlocks (the
   * server's are not the only ones):
   * - an expired command (`expiresAt` past) or one for no pump here is ignored: no answer;
   * - in local nothing is obeyed (`local_mode`); while it carries out a command it takes no other (`busy`);
   * - `start` (remote only, `auto_mode` otherwise): refused when locked out (`maintenance`), in fault,
   *   without mains (`mains_out`), already running (`already`), with the level at or below dry-run
   *   protection (`dry_run`) or inside its minimum off-time; 1–3 s of soft start, then running;
   * - `stop`: in auto it takes the pump to remote first (the loop would start it again) and stops
   *   it; in remote a stopped pump is `already` stopped; 1–2 s to a standstill;
   * - `set_frequency` (remote only; a drive only, `fixed_speed` otherwise; 20–50 Hz, `bad_param`
   *   otherwise): the drive holds it instead of the level curve, from the next start if stopped;
   * - `set_mode` to `auto` or `remote` (`already` if so; back in auto the level curve drives it again);
   * - `reset_fault`: refused without a fault (`already`) or without mains (`mains_out`); it clears
   *   the fault at once (the trip's cause has passed: rags came free when it stopped, a phase came back),
   *   the minimum off-time still counting from the trip.
   * Unknown commands are `unknown_command`. Accepted, its result follows after `settleMs` of city
   * time (`advance`), or sooner by `finish`.
   */
  function command(code: string, cmd: CityCommand, atMs: number): CityCommandAnswer {
    now = Math.max(now, atMs);
    const at = pumpOf.get(code);
    const s = at && stations.get(at.stationId);
    if (!at || !s) return { status: 'ignored', reason: 'unknown_pump' };
    if (cmd.expiresAt !== undefined && cmd.expiresAt <= atMs) return { status: 'ignored', reason: 'expired' };
    const p = at.p;
    const reject = (reason: string): CityCommandAnswer => ({ status: 'rejected', reason });
    const accept = (fromMs: number, toMs: number): CityCommandAnswer => {
      const settleMs = Math.round(around((fromMs + toMs) / 2, (toMs - fromMs) / 2));
      s.acting[p] = { id: cmd.id, command: cmd.command, params: cmd.params, due: atMs + settleMs };
      return { status: 'accepted', settleMs };
    };
    if (s.mode[p] === 'local') return reject('local_mode');
    if (s.acting[p]) return reject('busy');
    switch (cmd.command) {
      case 'start': {
        if (s.mode[p] !== 'remote') return reject('auto_mode');
        const block = startBlock(s, p);
        return block ? reject(block) : accept(1000, 3000);
      }
      case 'stop':
        if (s.mode[p] === 'auto') {
          // Out of the loop at once, or it would start the pump again.
          s.mode[p] = 'remote';
          s.hold[p] = null;
          return s.running[p] ? accept(1000, 2000) : accept(150, 400);
        }
        return s.running[p] ? accept(1000, 2000) : reject('already');
      case 'set_frequency': {
        if (s.mode[p] !== 'remote') return reject('auto_mode');
        if (!s.vfd[p]) return reject('fixed_speed');
        const hz = Number(cmd.params.frequency);
        if (!Number.isFinite(hz) || hz < HOLD_MIN_HZ || hz > HOLD_MAX_HZ) return reject('bad_param');
        return accept(300, 800);
      }
      case 'set_mode': {
        const mode = cmd.params.mode;
        if (mode !== 'auto' && mode !== 'remote') return reject(mode === 'local' ? 'local_mode' : 'bad_param');
        return mode === s.mode[p] ? reject('already') : accept(150, 400);
      }
      case 'reset_fault':
        if (s.faultUntil[p] === 0) return reject('already');
        if (s.powerOutUntil > 0) return reject('mains_out');
        return accept(200, 600);
      default:
        return reject('unknown_command');
    }
  }

  /** One rain cell at a time: a front (wide, weak) or a shower (narrow, heavy), bell-shaped in time. */
  const rain = { peak: 0, elapsed: 0, duration: 0, lng: 0, lat: 0, radius: 1 };
  let now = startMs;

  function advance(seconds: number, clockMs: number) {
    now = clockMs;
    const dt = Math.min(seconds, 60);
    // An event about every three hours on average, 20–60 minutes.
    if (rain.duration === 0) {
      if (random() < dt / (3 * HOUR_S)) {
        const heavy = random() < 0.1;
        rain.duration = around(40, 20) * 60;
        rain.peak = heavy ? around(60, 15) : around(15, 10);
        rain.elapsed = 0;
        rain.lng = CITY_CENTRE.lng + around(0, 0.1);
        rain.lat = CITY_CENTRE.lat + around(0, 0.06);
        rain.radius = heavy ? around(0.05, 0.02) : around(0.15, 0.05);
      }
    } else {
      rain.elapsed += dt;
      if (rain.elapsed >= rain.duration) rain.duration = 0;
    }
    const strength =
      rain.duration === 0 ? 0 : Math.max(0, rain.peak * Math.sin((Math.PI * rain.elapsed) / rain.duration));
    for (const g of gauges) {
      const dist2 = ((g.lng - rain.lng) ** 2 + (g.lat - rain.lat) ** 2) / rain.radius ** 2;
      g.intensity = strength * Math.exp(-dist2);
    }

    for (const s of stations.values()) {
      // The mains supply: a failure stops every pump until it is back (no standby generator).
      if (s.powerOutUntil > 0 && s.powerOutUntil <= now) s.powerOutUntil = 0;
      if (s.powerOutUntil === 0 && random() < (POWER_LOSS_PER_HOUR * dt) / HOUR_S) {
        s.powerOutUntil = now + around(25, 15) * 60_000;
        emit(s.gatewayCode, 'power_loss');
      }
      const mains = s.powerOutUntil === 0;
      const clogRate = CLOG_PER_RUN_HOUR * (s.inflow === 'sewage' ? 1 : s.inflow === 'combined' ? 0.5 : 0.25);
      const rainfall = s.gauge?.intensity ?? 0;
      // Inflow in m³/h, in units of the lead pump's flow: the daily sewage curve (with some rain getting
      // in), or run-off for a rain-water station (its pumps keep up with an ordinary shower; a cloudburst
      // fills the well: high-level alarm), or for a combined one half the sewage and all the run-off.
      const share =
        s.inflow === 'sewage'
          ? 0.9 * dailyCurve(now) + rainfall / 60
          : s.inflow === 'rain'
            ? 0.15 + rainfall / 20
            : 0.5 * dailyCurve(now) + rainfall / 20;
      const inflow = s.flow[0]! * share * around(1, 0.05);
      for (let p = 0; p < s.running.length; p++) {
        if (s.faultUntil[p]! > 0 && s.faultUntil[p]! <= now) s.faultUntil[p] = 0;
        const faulted = s.faultUntil[p]! > 0;
        const held = faulted || s.lockedOut[p]! || !mains;
        // A command carried out by now (the simulator's own timer usually finishes it sooner).
        const acting = s.acting[p];
        if (acting && acting.due <= now) settle(s, p);
        // In auto (and at the panel in local) each pump on its own set-points, so they stagger; in
        // remote only the console's commands start and stop it. The protections act in every mode.
        const loop = s.mode[p] !== 'remote' && !s.acting[p];
        if (loop && !s.running[p] && !held && s.level > s.start[p]! && s.restAt[p]! <= now) switchOn(s, p);
        if (s.running[p] && (held || s.level < (loop ? Math.max(s.protect, s.stop[p]!) : s.protect))) {
          switchOff(s, p);
        }
        if (!s.running[p]) {
          // A stop sheds the rags (the back-flow through the stopped pump).
          s.clogUntil[p] = 0;
        } else if (s.clogUntil[p]! > 0 && s.clogUntil[p]! <= now) {
          if (s.clogTrips[p]) trip(s, p, 'overload');
          else s.clogUntil[p] = 0;
        } else if (s.clogUntil[p] === 0 && random() < (clogRate * dt) / HOUR_S) {
          s.clogUntil[p] = now + around(15, 10) * 60_000;
          s.clogLoad[p] = around(0.8, 0.2);
          s.clogTrips[p] = random() < 0.6;
        }
        if (s.running[p] && random() < (TRIP_PER_RUN_HOUR * dt) / HOUR_S) trip(s, p, 'phase_loss');
        drive(s, p);
        if (s.running[p]) {
          s.runHours[p]! += dt / HOUR_S;
          s.energy[p]! += (kw(s, p) * dt) / HOUR_S;
        }
      }
      const outflow = pumped(s);
      s.total += (outflow * dt) / HOUR_S;
      s.level = Math.min(s.depth, Math.max(0.3, s.level + ((inflow - outflow) * dt) / HOUR_S / s.area));
      // The level gauge's own high-level switch point, with 0.1 m of hysteresis.
      if (s.highArmed && s.level > s.high) {
        s.highArmed = false;
        emit(s.levelCode, 'high_level', { level: Math.round(s.level * 100) / 100, setpoint: s.high });
      } else if (!s.highArmed && s.level < s.high - 0.1) s.highArmed = true;
    }

    for (const c of covers) {
      const dev = devices.get(c.code)!;
      if (dev.openUntil > 0 && dev.openUntil <= now) dev.openUntil = 0;
      if (dev.openUntil === 0 && random() < (COVER_OPEN_PER_HOUR * dt) / HOUR_S) {
        // Lifted for 10–60 minutes (roadworks, a cover stolen and replaced).
        dev.openUntil = now + around(35, 25) * 60_000;
        dev.tilt = around(45, 15);
        emit(c.code, 'cover_open', { tilt: Math.round(dev.tilt * 10) / 10 });
      }
    }

    for (const a of analysers) {
      const dev = devices.get(a.code)!;
      if (dev.upset && dev.upset.until <= now) dev.upset = null;
      const role = dev.role ?? 'tap';
      if (!dev.upset && random() < (UPSET_PER_HOUR[role] * dt) / HOUR_S) {
        const r = random();
        // What happens, and how long it lasts (minutes) and takes to come and go.
        const [kind, minutes, rampMinutes]: [Upset, number, number] =
          role === 'tap'
            ? [r < 0.6 ? 'chlorine' : 'turbidity', around(90, 45), 10]
            : role === 'inlet'
              ? [r < 0.4 ? 'acid' : r < 0.7 ? 'alkaline' : 'ammonia', around(50, 30), 10]
              : role === 'plant_outlet'
                ? r < 0.7
                  ? ['dosing', around(75, 35), 10]
                  : ['filter', around(40, 20), 5]
                : role === 'wastewater_discharge'
                  ? r < 0.55
                    ? ['bypass', around(240, 120), 30]
                    : ['cold', around(36 * 60, 12 * 60), 240]
                  : ['runoff', around(7 * 60, 3 * 60), 60];
        dev.upset = {
          kind,
          from: now,
          until: now + minutes * 60_000,
          strength: random(),
          ramp: Math.min(rampMinutes, minutes / 3) * 60_000,
        };
      }
    }
  }

  /** How far an analyser's upset has come now: rising over its first `ramp`, falling over its last. */
  const upsetShare = (u: { from: number; until: number; ramp: number }) =>
    Math.max(0, Math.min(1, (now - u.from) / u.ramp, (u.until - now) / u.ramp));

  /** m³/h the station's running pumps move: flow follows the drive frequency. */
  const pumped = (s: Station) => s.frequency.reduce((n, f, p) => n + (s.flow[p]! * f) / 50, 0);

  const round = (spec: MetricSpec | undefined, v: number) => {
    const f = 10 ** (spec?.precision ?? 2);
    return Math.round(v * f) / f;
  };

  /**
   * What an analyser away from a pump station measures now, by the water it sees (its probes: each
   * role reports its own metrics). Values are the demo city's normal, with its upsets:
   * - a tap (GB 5749-2022 末梢水): free chlorine 0.2–0.5 mg/L decaying where water stands (lower at
   *   night), total chlorine a little above it, turbidity 0.2–0.4 NTU, pH 7.3–7.6, CODMn 1.2–2.2;
   * - the plant's outlet (出厂水): free chlorine 0.5–0.9, total 0.1–0.2 above it, turbidity 0.1–0.3,
   *   pH 7.0–7.6, CODMn 1–2, NH3-N below 0.1, the river's temperature;
   * - the wastewater plant's discharge (GB 18918 1-A): COD 18–35, NH3-N 0.5–3 (higher in cold water:
   *   nitrification slows), TN 8–13, TP 0.15–0.4, SS 4–8, pH 6.8–7.4, about 12–15 °C in late November
   *   (near the 12 °C of NH3-N's cold-water limit: a cold snap takes it below);
   * - a river section (GB 3838 class III): DO 5–8 with the day (photosynthesis by day, respiration at
   *   night), CODMn 3–6, COD 12–20, NH3-N 0.3–1, TP 0.08–0.2, pH 7.2–8.2.
   * BOD5 is the lab's (five days' incubation): no online analyser reports it.
   */
  function analyserReadings(
    role: AnalyserRole,
    v: {
      code: string;
      drift: number;
      bias: number;
      curve: number;
      rainfall: number;
      toward: (kind: Upset, normal: number, target: number) => number;
      strength: number;
      upset: Upset | null;
      share: number;
    },
  ): Values {
    const { drift, bias, curve, rainfall, toward, strength } = v;
    const place = stable(v.code, 'weather');
    // Hour of the day in UTC+8, for the day's swing of oxygen and temperature.
    const hour = (((now / 3_600_000 + 8) % 24) + 24) % 24;
    const afternoon = Math.cos((2 * Math.PI * (hour - 15)) / 24);
    switch (role) {
      case 'plant_outlet': {
        const temperature = waterTemperature(now, 18.5, 9.5, place) + 0.3 * afternoon + around(0, 0.1);
        // The dosing set-point held by the plant's loop; a dosing upset takes it down to 0.08–0.25.
        const free = toward('dosing', 0.7 + bias * 0.12 + around(0, 0.03), 0.08 + 0.17 * strength);
        const combined = 0.14 + bias * 0.03 + around(0, 0.01);
        return {
          ph: 7.3 + bias * 0.2 + drift * 0.1 + around(0, 0.03),
          turbidity: Math.max(0.05, toward('filter', 0.18 + bias * 0.05 + around(0, 0.03), 1.15 + 0.8 * strength)),
          chlorine: Math.max(0, free),
          total_chlorine: Math.max(0, free + combined),
          codmn: 1.5 + bias * 0.3 + around(0, 0.12),
          ammonia: Math.max(0.02, 0.05 + bias * 0.02 + around(0, 0.01)),
          temperature,
          conductivity: 290 + bias * 30 + around(0, 4),
        };
      }
      case 'wastewater_discharge': {
        // A cold snap: the water 2.5–4.5 °C colder at its depth.
        const seasonal = waterTemperature(now, 17, 8, place);
        const temperature = toward('cold', seasonal, seasonal - 2.5 - 2 * strength);
        // Nitrification slows in cold water: the effluent's ammonia rises as it cools.
        const cold = Math.max(0, 20 - temperature);
        let nh3 = 0.5 + 0.28 * cold + 0.2 * curve + drift * 0.2 + around(0, 0.12);
        if (v.upset === 'cold') nh3 += v.share * (3 + 3.5 * strength);
        nh3 = toward('bypass', nh3, 6.5 + 5 * strength);
        return {
          ph: 7.1 + bias * 0.2 + drift * 0.1 + around(0, 0.04),
          turbidity: toward('bypass', 2.5 + bias + around(0, 0.3), 9 + 6 * strength),
          cod: toward('bypass', 26 + 6 * curve + bias * 3 + around(0, 1.5), 52 + 15 * strength),
          ammonia: Math.max(0.1, nh3),
          tn: toward('bypass', 9.5 + 2 * curve + 0.05 * cold + bias + around(0, 0.3), 16 + 4 * strength),
          tp: toward('bypass', 0.24 + 0.1 * curve + bias * 0.04 + around(0, 0.02), 0.6 + 0.3 * strength),
          ss: toward('bypass', 5.5 + 1.5 * curve + bias * 0.6 + around(0, 0.5), 14 + 10 * strength),
          temperature,
          conductivity: 820 + 120 * curve + bias * 40 + around(0, 10),
          dissolved_oxygen: 3 + bias * 0.5 + around(0, 0.2),
        };
      }
      case 'river': {
        const temperature = waterTemperature(now, 18, 10, place) + 0.6 * afternoon + around(0, 0.05);
        // Oxygen by the day (least at dawn) and less in warm water; run-off's load takes it down.
        const oxygen = 6.7 + bias * 0.3 + 1.0 * afternoon - 0.07 * (temperature - 15) + around(0, 0.08);
        const wash = rainfall / 30;
        return {
          ph: 7.7 + bias * 0.3 + 0.15 * afternoon + drift * 0.1 + around(0, 0.03),
          dissolved_oxygen: Math.max(1, toward('runoff', oxygen, 3.6 + 1.2 * strength)),
          codmn: toward('runoff', 4.3 + bias * 0.8 + wash + around(0, 0.15), 6.6 + 2.5 * strength),
          cod: toward('runoff', 15.5 + bias * 2.5 + 2 * wash + around(0, 0.5), 24 + 10 * strength),
          ammonia: Math.max(0.05, toward('runoff', 0.6 + bias * 0.25 + around(0, 0.04), 1.1 + 0.6 * strength)),
          tp: Math.max(
            0.02,
            toward('runoff', 0.13 + bias * 0.04 + 0.02 * wash + around(0, 0.008), 0.24 + 0.16 * strength),
          ),
          temperature,
          conductivity: 330 + bias * 40 - 20 * wash + around(0, 5),
          turbidity: toward('runoff', 12 + bias * 4 + 10 * wash + around(0, 1), 60 + 60 * strength),
        };
      }
      default: {
        // Drinking water in the network (GB 5749-2022: turbidity ≤ 1 NTU, free chlorine ≥ 0.05 mg/L at the tap).
        // Chlorine decays more where water stands longer: lower at night when demand is low.
        const chlorine = 0.3 + bias * 0.08 + 0.08 * curve - Math.abs(drift) * 0.05 + around(0, 0.02);
        const free = Math.max(0, toward('chlorine', chlorine, 0.015 + 0.025 * strength + around(0, 0.005)));
        return {
          ph: 7.4 + bias * 0.15 + drift * 0.2 + around(0, 0.03),
          turbidity: toward('turbidity', 0.25 + rainfall / 200 + around(0, 0.05), 1.3 + 1.5 * strength),
          chlorine: free,
          total_chlorine: free + 0.1 + bias * 0.02 + around(0, 0.01),
          codmn: 1.7 + bias * 0.3 + around(0, 0.15),
          ammonia: 0.08 + around(0, 0.02),
          dissolved_oxygen: 8.2 + drift * 0.3 + around(0, 0.3),
          // The mains are buried: a degree or two warmer than the river in winter, cooler in summer.
          temperature: waterTemperature(now, 18.8, 8, stable(v.code, 'weather')) + around(0, 0.1),
          conductivity: 300 + bias * 25 + around(0, 4),
        };
      }
    }
  }

  function readings(d: SimDevice, dev: NonNullable<ReturnType<typeof devices.get>>): Values {
    const station = d.stationId === null ? undefined : stations.get(d.stationId);
    const curve = dailyCurve(now);
    const rainfall = dev.gauge?.intensity ?? 0;
    switch (d.typeCode) {
      case 'level_gauge':
        return { level: (station?.level ?? 1.5) + around(0, 0.01) };
      case 'flow_meter': {
        const flow = station ? pumped(station) : 0;
        // Outlet main DN600: 0.283 m².
        return { flow: flow * around(1, 0.02), total: station?.total ?? 0, velocity: flow / HOUR_S / 0.283 };
      }
      case 'pump_controller': {
        const p = pumpOf.get(d.code)?.p ?? pumpIndex(d.code);
        const running = station?.running[p] ?? false;
        const frequency = station?.frequency[p] ?? 0;
        const voltage = around(380, 6);
        // Current from power at a 0.85 power factor.
        const power = station && running ? kw(station, p) * around(1, 0.03) : 0;
        const current = running ? (power * 1000) / (Math.sqrt(3) * voltage * 0.85) : 0;
        return {
          running,
          frequency,
          current,
          voltage,
          power,
          run_hours: Math.floor(station?.runHours[p] ?? 0),
          fault: (station?.faultUntil[p] ?? 0) > 0,
          mode: station?.mode[p] ?? (dev.bias > 0.8 ? 'remote' : 'auto'),
          starts: station?.starts[p] ?? 0,
          energy: station?.energy[p] ?? 0,
        };
      }
      case 'pressure_transmitter':
        // Supply pressure sags with demand: about 0.42 MPa at night, 0.28 at the peaks.
        return { pressure: 0.48 - 0.2 * curve + dev.bias * 0.02 + around(0, 0.005) };
      case 'water_quality_analyser': {
        // Electrodes drift between weekly calibrations, then come back.
        const drift = (dev.drift * ((((now - dev.calibratedAt) % WEEK_MS) + WEEK_MS) % WEEK_MS)) / WEEK_MS;
        // An upset moves a value towards where it takes it, as far as the upset has come.
        const u = dev.upset;
        const share = u ? upsetShare(u) : 0;
        const toward = (kind: Upset, normal: number, target: number) =>
          u?.kind === kind ? normal + (target - normal) * share : normal;
        const strength = u?.strength ?? 0;
        if (station) {
          // Sewage at the station's inlet (GB 18918 is for what leaves the plant, not this); rain dilutes it.
          // An industrial discharge: acid (pickling, plating) or alkaline (dyeing) with its COD, or ammonia.
          const ph = 7.3 + dev.bias * 0.2 + drift * 0.3 + around(0, 0.05);
          const cod = (220 + 140 * curve) / (1 + rainfall / 30) + around(0, 15);
          const acidOrBase = u?.kind === 'acid' || u?.kind === 'alkaline';
          return {
            ph: toward('acid', toward('alkaline', ph, 9.7 + strength), 5.2 + strength),
            turbidity: 60 + 20 * curve + rainfall * 1.5 + around(0, 5),
            chlorine: 0,
            cod: acidOrBase ? cod * (1 + share * (0.8 + strength)) : cod,
            ammonia: toward(
              'ammonia',
              (22 + 8 * curve) / (1 + rainfall / 30) + drift * 2 + around(0, 1.5),
              46 + 3 * strength,
            ),
            dissolved_oxygen: 1.2 + drift * 0.4 + around(0, 0.3),
          };
        }
        return analyserReadings(dev.role ?? 'tap', {
          code: d.code,
          drift,
          bias: dev.bias,
          curve,
          rainfall,
          toward,
          strength,
          upset: u?.kind ?? null,
          share,
        });
      }
      case 'rain_gauge': {
        const intensity = rainfall * (1 + dev.bias * 0.05);
        return { intensity, rainfall: (intensity * 20) / HOUR_S };
      }
      case 'manhole_cover_sensor': {
        // A cover lifted now and then (roadworks, theft): see advance.
        const open = dev.openUntil > 0;
        dev.battery = Math.max(5, dev.battery - 0.0005);
        return {
          tilt: open ? dev.tilt + around(0, 1) : Math.abs(around(1, 0.6)),
          open,
          water_level: Math.min(4.8, 0.5 + dev.bias * 0.2 + rainfall / 20 + around(0, 0.02)),
          battery: dev.battery,
        };
      }
      case 'camera':
        return { online: true };
      case 'gateway':
        dev.uptime += 20;
        return {
          signal: -72 + dev.bias * 8 + around(0, 3),
          uptime: dev.uptime,
          // 24 V DC from the mains; on the backup battery while the mains is out.
          supply_voltage: (station?.powerOutUntil ?? 0) > 0 ? around(22.2, 0.3) : around(24, 0.3),
        };
      default:
        return {};
    }
  }

  /** The readings a device would report now, rounded to its metrics' precision, without faults. */
  function sample(d: SimDevice): Values | null {
    const dev = devices.get(d.code);
    if (!dev) return null;
    const raw = readings(d, dev);
    const values: Values = {};
    for (const [key, value] of Object.entries(raw)) {
      values[key] = typeof value === 'number' ? round(d.metrics.get(key), value) : value;
    }
    return values;
  }

  /** A device's report now, or null while it is silent (a dead battery, a lost link: it goes offline). */
  function report(d: SimDevice): Values | null {
    const dev = devices.get(d.code);
    if (!dev) return null;
    if (dev.silentUntil > now) return null;
    // Drawn over the time since the last report, so the rate is per hour whatever the report interval.
    const since = dev.heardAt === 0 ? 0 : Math.max(0, now - dev.heardAt);
    if (random() < (SILENCE_PER_HOUR * since) / 3_600_000) {
      // Longer than any offline timeout, so the offline alarm is raised and data coming back clears it.
      dev.silentUntil = now + around(80, 40) * 60_000;
      dev.heardAt = dev.silentUntil;
      return null;
    }
    dev.heardAt = now;
    const values = sample(d);
    if (!values) return null;
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

  return {
    advance,
    report,
    sample,
    command,
    /**
     * Completes a pump's accepted command now (`atMs`), its settle time having passed in real time:
     * the live simulator's timer, as the city's own time moves on in whole ticks.
     */
    finish(code: string, id: number, atMs: number) {
      now = Math.max(now, atMs);
      const at = pumpOf.get(code);
      const s = at && stations.get(at.stationId);
      if (at && s?.acting[at.p]?.id === id) settle(s, at.p);
    },
    /** Commands' results since the last call (succeeded or failed), each for its controller. */
    takeReplies(): CityCommandReply[] {
      return replies.splice(0, replies.length);
    },
    /**
     * What a controller's pump is doing now: its mode, fault, run state and drive frequency (0.1 Hz),
     * or null for no pump of this city.
     */
    pump(code: string) {
      const at = pumpOf.get(code);
      const s = at && stations.get(at.stationId);
      if (!at || !s) return null;
      const p = at.p;
      return {
        mode: s.mode[p]!,
        fault: s.faultUntil[p]! > 0,
        running: s.running[p]!,
        frequency: tenths(s.frequency[p]!),
      };
    },
    /** Whether a device is silent now (a lost link): it hears no command either. */
    silent: (code: string) => (devices.get(code)?.silentUntil ?? 0) > now,
    /**
     * The events the physics raised since the last call (a pump's trip, a cover lifted, a mains
     * failure, the wet well past its high-alarm level), for the devices that can send them now; a
     * silent device keeps its own until it reports again, as a logger would.
     */
    takeEvents(): CityEvent[] {
      const ready: CityEvent[] = [];
      const kept: CityEvent[] = [];
      for (const e of pending) ((devices.get(e.code)?.silentUntil ?? 0) > now ? kept : ready).push(e);
      pending.length = 0;
      pending.push(...kept);
      return ready;
    },
    /** A station's pumps locked out for maintenance, as its configuration says now (in pump order). */
    setMaintenance(stationId: number, lockedOut: boolean[]) {
      const s = stations.get(stationId);
      if (!s) return;
      for (let p = 0; p < s.lockedOut.length; p++) s.lockedOut[p] = lockedOut[p] === true;
    },
    /** The strongest rain any gauge measures now, mm/h. */
    rain: () => Math.max(0, ...gauges.map((g) => g.intensity)),
    /** A station's wet well and pumps (tests, the backfill's checks). */
    station: (id: number) => {
      const s = stations.get(id);
      return (
        s && {
          level: s.level,
          running: [...s.running],
          faulted: s.faultUntil.map((f) => f > 0),
          clogged: s.clogUntil.map((c) => c > 0),
          mains: s.powerOutUntil === 0,
          mode: [...s.mode],
          frequency: [...s.frequency],
          starts: [...s.starts],
          energy: [...s.energy],
          protect: s.protect,
        }
      );
    },
  };
}
