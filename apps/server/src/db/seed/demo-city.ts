import type { Boundary } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { devices, deviceTypes, regions, stations } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';

/**
 * The demo city's asset register: 岚川市, a fictional county-level city on a river, with 4 districts,
 * 10 drainage catchments, 12 lift stations and about 150 devices. Coordinates are WGS-84 in one
 * plausible area; everything is derived, so the same seed gives the same city every time.
 */
const CITY = { lng: 119.6, lat: 29.06, width: 0.16, height: 0.1 };

interface DistrictPlan {
  code: string;
  name: string;
  /** Column and row of the district in a 2×2 grid over the city. */
  cell: [number, number];
  catchments: string[];
}

const districts: DistrictPlan[] = [
  { code: 'LC-E', name: '城东区', cell: [1, 0], catchments: ['滨江', '东湖', '站前'] },
  { code: 'LC-W', name: '城西区', cell: [0, 0], catchments: ['西山', '老城'] },
  { code: 'LC-N', name: '江北区', cell: [0, 1], catchments: ['北岸', '工业园', '新城'] },
  { code: 'LC-D', name: '经济开发区', cell: [1, 1], catchments: ['科创', '物流'] },
];

const rect = (lng: number, lat: number, w: number, h: number): Boundary => ({
  type: 'Polygon',
  coordinates: [
    [
      [round(lng), round(lat)],
      [round(lng + w), round(lat)],
      [round(lng + w), round(lat + h)],
      [round(lng), round(lat + h)],
      [round(lng), round(lat)],
    ],
  ],
});
const round = (n: number) => Math.round(n * 1e6) / 1e6;

// Deterministic "randomness": the same city every time.
const noise = (a: number, b: number) => {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43_758.5453;
  return x - Math.floor(x);
};

/** Station i of the 12, spread over the catchments (the bigger districts get more). */
const stationNames = [
  ['滨江雨水泵站', 'rainwater'],
  ['东湖污水泵站', 'sewage'],
  ['站前路雨水泵站', 'rainwater'],
  ['西山污水泵站', 'sewage'],
  ['老城区雨水泵站', 'rainwater'],
  ['北岸雨水泵站', 'rainwater'],
  ['工业园污水泵站', 'sewage'],
  ['新城雨污合建泵站', 'combined'],
  ['科创园污水泵站', 'sewage'],
  ['物流园雨水泵站', 'rainwater'],
  ['滨江二号污水泵站', 'sewage'],
  ['北岸二号雨水泵站', 'rainwater'],
] as const;

/** The codes of the demo city's stations (PS01…PS12): their configurations are seeded in demo-pump-stations.ts. */
export const DEMO_STATION_CODES = stationNames.map((_, i) => `PS${String(i + 1).padStart(2, '0')}`);
/** The demo stations' names, in the order of their codes (the demo camera clips carry them). */
export const DEMO_STATION_NAMES: readonly string[] = stationNames.map(([name]) => name);

const MODELS: Record<string, { model: string; maker: string }[]> = {
  level_gauge: [
    { model: 'SITRANS LU240', maker: '西门子' },
    { model: 'VEGAPULS C 21', maker: '威格' },
  ],
  flow_meter: [
    { model: 'LDG-200', maker: '上海光华' },
    { model: 'Promag W 400', maker: '恩德斯豪斯' },
  ],
  pressure_transmitter: [{ model: 'PDS423', maker: '川仪' }],
  water_quality_analyser: [{ model: 'SC1000', maker: '哈希' }],
  rain_gauge: [{ model: 'JDZ05-1', maker: '天津气象仪器' }],
  manhole_cover_sensor: [{ model: 'JG-NB200', maker: '拓普索尔' }],
  pump_controller: [{ model: 'Modicon M251', maker: '施耐德' }],
  camera: [{ model: 'DS-2DE4425IW', maker: '海康威视' }],
  gateway: [{ model: 'AR502H', maker: '华为' }],
};

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The water-quality analysers beyond the pump stations' and the network's (issue 18): at the water
 * plant's outlet (west, upstream), the wastewater plant's discharge (east, downstream) and two
 * sections of the river 岚江 where it enters and leaves the city. Each in a catchment of its district.
 */
export const DEMO_WQ_ANALYSERS = [
  {
    code: 'WP01-WQ01',
    name: '岚川第一水厂出厂水水质仪',
    region: 'LC-W-01',
    lng: 119.6135,
    lat: 29.0712,
  },
  {
    code: 'WW01-WQ01',
    name: '城东污水处理厂出水水质仪',
    region: 'LC-E-03',
    lng: 119.7436,
    lat: 29.0668,
  },
  {
    code: 'RV01-WQ01',
    name: '岚江西津桥断面水质自动站',
    region: 'LC-W-01',
    lng: 119.6052,
    lat: 29.1046,
  },
  {
    code: 'RV02-WQ01',
    name: '岚江东渡断面水质自动站',
    region: 'LC-E-03',
    lng: 119.7571,
    lat: 29.1052,
  },
] as const;

export async function seedDemoCity(db: Queryable, now: Date): Promise<void> {
  const done = await seededKeys(db, ['demo:city', 'demo:city:wq-analysers']);
  if (!done.has('demo:city')) await seedCity(db, now);
  if (!done.has('demo:city:wq-analysers')) await seedWqAnalysers(db, now);
}

/**
 * The analysers of the plant outlet, the wastewater discharge and the river sections, once (mark
 * `demo:city:wq-analysers`): an install whose city was seeded before them gets them too. A region an
 * administrator removed leaves its analyser out.
 */
async function seedWqAnalysers(db: Queryable, now: Date): Promise<void> {
  await markSeeded(db, ['demo:city:wq-analysers']);
  const [type] = await db
    .select({ id: deviceTypes.id })
    .from(deviceTypes)
    .where(eq(deviceTypes.code, 'water_quality_analyser'));
  if (!type) return;
  const areas = await db
    .select({ id: regions.id, code: regions.code })
    .from(regions)
    .where(
      inArray(
        regions.code,
        DEMO_WQ_ANALYSERS.map((a) => a.region),
      ),
    );
  const rows = DEMO_WQ_ANALYSERS.flatMap((a, i) => {
    const area = areas.find((r) => r.code === a.region);
    if (!area) return [];
    const installed = new Date(now.getTime() - Math.floor(300 + noise(i, 41) * 900) * DAY);
    return [
      {
        code: a.code,
        name: a.name,
        typeId: type.id,
        regionId: area.id,
        stationId: null,
        model: 'SC1000',
        manufacturer: '哈希',
        serialNo: `SN${installed.getUTCFullYear()}${String(2000 + i).padStart(5, '0')}`,
        longitude: a.lng,
        latitude: a.lat,
        installDate: isoDay(installed),
        warrantyEnd: isoDay(new Date(installed.getTime() + 3 * 365 * DAY)),
        status: 'inactive',
        createdAt: now,
        updatedAt: now,
      },
    ];
  });
  if (rows.length > 0) await db.insert(devices).values(rows).onConflictDoNothing({ target: devices.code });
}

async function seedCity(db: Queryable, now: Date): Promise<void> {
  await markSeeded(db, ['demo:city']);

  const [city] = await db
    .insert(regions)
    .values({
      code: 'LC',
      name: '岚川市',
      kind: 'city',
      boundary: rect(CITY.lng, CITY.lat, CITY.width, CITY.height),
    })
    .onConflictDoNothing({ target: regions.code })
    .returning();
  // An administrator who already keeps a region LC runs their own city: leave it be.
  if (!city) return;

  const catchmentIds: { id: number; box: [number, number, number, number]; name: string }[] = [];
  for (const [d, plan] of districts.entries()) {
    const w = CITY.width / 2;
    const h = CITY.height / 2;
    const lng = CITY.lng + plan.cell[0] * w;
    const lat = CITY.lat + plan.cell[1] * h;
    const [district] = await db
      .insert(regions)
      .values({
        code: plan.code,
        name: plan.name,
        kind: 'district',
        parentId: city.id,
        ancestors: `0,${city.id}`,
        orderNum: d + 1,
        boundary: rect(lng, lat, w, h),
      })
      .returning();
    const cw = w / plan.catchments.length;
    for (const [c, name] of plan.catchments.entries()) {
      const box: [number, number, number, number] = [lng + c * cw, lat, cw, h];
      const [catchment] = await db
        .insert(regions)
        .values({
          code: `${plan.code}-${String(c + 1).padStart(2, '0')}`,
          name: `${name}排水片区`,
          kind: 'catchment',
          parentId: district!.id,
          ancestors: `0,${city.id},${district!.id}`,
          orderNum: c + 1,
          boundary: rect(...box),
        })
        .returning();
      catchmentIds.push({ id: catchment!.id, box, name });
    }
  }

  const types = await db
    .select({ id: deviceTypes.id, code: deviceTypes.code })
    .from(deviceTypes)
    .where(inArray(deviceTypes.code, Object.keys(MODELS)));
  const typeId = (code: string) => types.find((t) => t.code === code)?.id;
  // Demo devices need the built-in types; an install that removed them gets no demo devices.
  if (types.length !== Object.keys(MODELS).length) return;

  const rows: (typeof devices.$inferInsert)[] = [];
  let n = 0;
  const device = (
    code: string,
    name: string,
    type: string,
    regionId: number,
    stationId: number | null,
    lng: number,
    lat: number,
  ) => {
    n++;
    const options = MODELS[type]!;
    const pick = options[n % options.length]!;
    // Installed over the last six years; warranties of three years, some ending in the next month.
    const installed = new Date(now.getTime() - Math.floor(200 + noise(n, 1) * 2000) * DAY);
    const warrantyEnd =
      n % 17 === 0
        ? new Date(now.getTime() + Math.floor(3 + noise(n, 2) * 25) * DAY)
        : new Date(installed.getTime() + 3 * 365 * DAY);
    rows.push({
      code,
      name,
      typeId: typeId(type)!,
      regionId,
      stationId,
      model: pick.model,
      manufacturer: pick.maker,
      serialNo: `SN${installed.getUTCFullYear()}${String(1000 + n).padStart(5, '0')}`,
      longitude: round(lng),
      latitude: round(lat),
      installDate: isoDay(installed),
      warrantyEnd: isoDay(warrantyEnd < installed ? new Date(installed.getTime() + DAY) : warrantyEnd),
      status: 'inactive',
      createdAt: now,
      updatedAt: now,
    });
  };

  for (const [i, [name, kind]] of stationNames.entries()) {
    const area = catchmentIds[i % catchmentIds.length]!;
    const [x, y, w, h] = area.box;
    const lng = x + w * (0.3 + noise(i, 3) * 0.4);
    const lat = y + h * (0.3 + noise(i, 4) * 0.4);
    const pumps = 2 + (i % 3);
    const code = `PS${String(i + 1).padStart(2, '0')}`;
    const [station] = await db
      .insert(stations)
      .values({ code, name, kind, regionId: area.id, longitude: round(lng), latitude: round(lat), pumps })
      .returning();
    const at = (k: number) => [lng + k * 0.0002, lat + k * 0.0001] as const;
    device(`${code}-LT01`, `${name}前池液位计`, 'level_gauge', area.id, station!.id, ...at(1));
    device(`${code}-FM01`, `${name}出水流量计`, 'flow_meter', area.id, station!.id, ...at(2));
    for (let p = 1; p <= pumps; p++) {
      device(`${code}-P${p}`, `${name}${p}号泵控制器`, 'pump_controller', area.id, station!.id, ...at(2 + p));
    }
    device(`${code}-CAM01`, `${name}泵房摄像头`, 'camera', area.id, station!.id, ...at(7));
    device(`${code}-GW01`, `${name}数据网关`, 'gateway', area.id, station!.id, ...at(8));
    if (kind === 'sewage')
      device(`${code}-WQ01`, `${name}进水水质仪`, 'water_quality_analyser', area.id, station!.id, ...at(9));
  }

  // The network between the stations: manhole covers, rain gauges, supply pressure and quality.
  for (const [c, area] of catchmentIds.entries()) {
    const [x, y, w, h] = area.box;
    const spot = (k: number) => [x + w * noise(c, k), y + h * noise(k, c + 7)] as const;
    for (let m = 1; m <= 4; m++) {
      device(
        `MH-${String(c + 1).padStart(2, '0')}-${String(m).padStart(3, '0')}`,
        `${area.name}${m}号检查井井盖`,
        'manhole_cover_sensor',
        area.id,
        null,
        ...spot(m),
      );
    }
    device(
      `PT-${String(c + 1).padStart(2, '0')}-01`,
      `${area.name}供水压力监测点`,
      'pressure_transmitter',
      area.id,
      null,
      ...spot(11),
    );
    device(
      `PT-${String(c + 1).padStart(2, '0')}-02`,
      `${area.name}管网末梢压力点`,
      'pressure_transmitter',
      area.id,
      null,
      ...spot(12),
    );
    if (c % 2 === 0)
      device(
        `RG-${String(c / 2 + 1).padStart(2, '0')}`,
        `${area.name}雨量站`,
        'rain_gauge',
        area.id,
        null,
        ...spot(13),
      );
    if (c % 3 === 0)
      device(
        `WQ-N${String(c / 3 + 1).padStart(2, '0')}`,
        `${area.name}管网水质监测点`,
        'water_quality_analyser',
        area.id,
        null,
        ...spot(14),
      );
  }

  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insert(devices)
      .values(rows.slice(i, i + 100))
      .onConflictDoNothing({ target: devices.code });
  }
}

/**
 * The codes of the devices the demo city seed creates, in the order it creates them: the load
 * generator speaks as them (with their derived secrets) without a database at hand.
 */
export function demoDeviceCodes(): { code: string; type: string }[] {
  const list: { code: string; type: string }[] = [];
  for (const [i, [, kind]] of stationNames.entries()) {
    const code = `PS${String(i + 1).padStart(2, '0')}`;
    list.push({ code: `${code}-LT01`, type: 'level_gauge' }, { code: `${code}-FM01`, type: 'flow_meter' });
    for (let p = 1; p <= 2 + (i % 3); p++) list.push({ code: `${code}-P${p}`, type: 'pump_controller' });
    list.push({ code: `${code}-CAM01`, type: 'camera' }, { code: `${code}-GW01`, type: 'gateway' });
    if (kind === 'sewage') list.push({ code: `${code}-WQ01`, type: 'water_quality_analyser' });
  }
  const catchments = districts.flatMap((d) => d.catchments).length;
  for (let c = 0; c < catchments; c++) {
    const cc = String(c + 1).padStart(2, '0');
    for (let m = 1; m <= 4; m++)
      list.push({ code: `MH-${cc}-${String(m).padStart(3, '0')}`, type: 'manhole_cover_sensor' });
    list.push(
      { code: `PT-${cc}-01`, type: 'pressure_transmitter' },
      { code: `PT-${cc}-02`, type: 'pressure_transmitter' },
    );
    if (c % 2 === 0) list.push({ code: `RG-${String(c / 2 + 1).padStart(2, '0')}`, type: 'rain_gauge' });
    if (c % 3 === 0) list.push({ code: `WQ-N${String(c / 3 + 1).padStart(2, '0')}`, type: 'water_quality_analyser' });
  }
  for (const a of DEMO_WQ_ANALYSERS) list.push({ code: a.code, type: 'water_quality_analyser' });
  return list;
}
