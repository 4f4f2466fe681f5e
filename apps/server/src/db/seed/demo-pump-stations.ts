import { type PumpMetricRole, thingModelSchema } from '@water/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { together } from '../../lib/together.ts';
import { demoPlant } from '../../simulator/city.ts';
import type { Queryable } from '../client.ts';
import {
  departments,
  devices,
  deviceTypes,
  regions,
  stationPumps,
  stationSensors,
  stations,
  users,
} from '../schema/index.ts';
import { DEMO_STATION_CODES } from './demo-city.ts';
import { markSeeded, seededKeys } from './marks.ts';

/** What a demo pump controller's points are called in the built-in pump_controller model. */
const PUMP_POINTS: Record<PumpMetricRole, string | null> = {
  running: 'running',
  fault: 'fault',
  remote: 'mode',
  frequency: 'frequency',
  current: 'current',
  power: 'power',
  // Its energy counter, kWh (issue 17). Starts have no role: the analysis reads the controller's `starts`.
  energy: 'energy',
  runHours: 'run_hours',
};

/** Mark of the energy counter mapped once onto the demo pumps configured before controllers had one. */
const ENERGY_MARK = 'demo:pump-energy';

/**
 * The demo stations' pumps configured before their controllers counted energy: each pump on its
 * PSxx-Pn controller whose energy is not mapped yet takes the controller's `energy` (where its
 * type's model has it). A mapping an administrator changed (to another controller, another metric) stays.
 */
async function mapDemoEnergy(db: Queryable, now: Date): Promise<void> {
  const rows = await db
    .select({
      id: stationPumps.id,
      number: stationPumps.number,
      code: devices.code,
      station: stations.code,
      model: deviceTypes.model,
    })
    .from(stationPumps)
    .innerJoin(stations, eq(stations.id, stationPumps.stationId))
    .innerJoin(devices, eq(devices.id, stationPumps.controllerDeviceId))
    .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
    .where(and(inArray(stations.code, DEMO_STATION_CODES), isNull(stationPumps.energyMetric)));
  const ids = rows
    .filter((r) => r.code === `${r.station}-P${r.number}` && keysOf(r.model).has('energy'))
    .map((r) => r.id);
  if (ids.length > 0)
    await db.update(stationPumps).set({ energyMetric: 'energy', updatedAt: now }).where(inArray(stationPumps.id, ids));
}

const keysOf = (model: unknown) => new Set((thingModelSchema.safeParse(model).data?.metrics ?? []).map((m) => m.key));

/**
 * The demo city's stations configured as the simulator runs them: the wet well, set-points and pump
 * ratings of `demoPlant` (the same values the simulator fell back on before stations had a
 * configuration), each pump on its PSxx-Pn controller, the level gauge, flow meter and the rain gauge
 * of its catchment (else the nearest) as sensors, the pump-station crew and its operator answering
 * for it. From now on the configuration is what the simulator reads. Seeded once (mark
 * `demo:pump-stations`), into stations that have no pumps configured yet: an install seeded before
 * gets it at its next start, and a station an administrator configured stays as it is.
 */
export async function seedDemoPumpStations(db: Queryable, now: Date): Promise<void> {
  const done = await seededKeys(db, ['demo:pump-stations', ENERGY_MARK]);
  if (!done.has(ENERGY_MARK)) {
    await markSeeded(db, [ENERGY_MARK]);
    if (done.has('demo:pump-stations')) await mapDemoEnergy(db, now);
  }
  if (done.has('demo:pump-stations')) return;
  await markSeeded(db, ['demo:pump-stations']);

  const rows = await db.select().from(stations).where(inArray(stations.code, DEMO_STATION_CODES));
  if (rows.length === 0) return;
  const configured = new Set(
    (
      await db
        .selectDistinct({ id: stationPumps.stationId })
        .from(stationPumps)
        .where(
          inArray(
            stationPumps.stationId,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.id),
  );
  const todo = rows.filter((r) => !configured.has(r.id) && r.wellDepth === null);
  if (todo.length === 0) return;

  const [placed, gauges, regionRows, [crew], [operator]] = await together(
    db,
    () =>
      db
        .select({ id: devices.id, code: devices.code, stationId: devices.stationId, model: deviceTypes.model })
        .from(devices)
        .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .where(
          inArray(
            devices.stationId,
            todo.map((r) => r.id),
          ),
        ),
    () =>
      db
        .select({
          id: devices.id,
          regionId: devices.regionId,
          longitude: devices.longitude,
          latitude: devices.latitude,
          model: deviceTypes.model,
        })
        .from(devices)
        .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
        .where(eq(deviceTypes.code, 'rain_gauge'))
        .orderBy(devices.code),
    () => db.select({ id: regions.id, parentId: regions.parentId, name: regions.name }).from(regions),
    () => db.select({ id: departments.id }).from(departments).where(eq(departments.name, '泵站运维班')).limit(1),
    () =>
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.username, 'user'), eq(users.status, 'enabled'))),
  );
  const regionById = new Map(regionRows.map((r) => [r.id, r]));

  for (const s of todo) {
    const plant = demoPlant(s.code, s.kind === 'sewage', s.pumps);
    const own = (suffix: string) => placed.find((d) => d.stationId === s.id && d.code === `${s.code}-${suffix}`);
    // The catchment's own gauge, else the nearest one: where the simulator's rain for it comes from.
    const gauge =
      gauges.find((g) => g.regionId !== null && g.regionId === s.regionId) ??
      [...gauges].sort(
        (a, b) =>
          ((a.longitude ?? 0) - (s.longitude ?? 0)) ** 2 +
          ((a.latitude ?? 0) - (s.latitude ?? 0)) ** 2 -
          (((b.longitude ?? 0) - (s.longitude ?? 0)) ** 2 + ((b.latitude ?? 0) - (s.latitude ?? 0)) ** 2),
      )[0];
    const catchment = s.regionId === null ? undefined : regionById.get(s.regionId);
    const district = catchment?.parentId == null ? undefined : regionById.get(catchment.parentId);
    const road = s.name.replace(/(二号)?(雨水|污水|雨污合建)泵站$/, '');
    const houseNo = 8 + ((Number(s.code.slice(2)) * 37) % 180);

    await db
      .update(stations)
      .set({
        address: `岚川市${district?.name ?? ''}${road}路 ${houseNo} 号`,
        designCapacity: plant.designCapacity,
        wellArea: plant.wellArea,
        wellBottomElevation: plant.wellBottomElevation,
        wellDepth: plant.wellDepth,
        highAlarmLevel: plant.highAlarmLevel,
        lowAlarmLevel: plant.lowAlarmLevel,
        protectionLevel: plant.protectionLevel,
        responsibleDepartmentId: crew?.id ?? null,
        responsibleUserId: operator?.id ?? null,
        updatedAt: now,
      })
      .where(eq(stations.id, s.id));

    await db.insert(stationPumps).values(
      plant.pumps.map((p) => {
        const controller = own(`P${p.number}`);
        const keys = keysOf(controller?.model);
        const point = (role: PumpMetricRole) => {
          const key = PUMP_POINTS[role];
          return controller && key !== null && keys.has(key) ? key : null;
        };
        return {
          stationId: s.id,
          ...p,
          name: `${p.number}号泵`,
          controllerDeviceId: controller?.id ?? null,
          runningMetric: point('running'),
          faultMetric: point('fault'),
          remoteMetric: point('remote'),
          frequencyMetric: point('frequency'),
          currentMetric: point('current'),
          powerMetric: point('power'),
          energyMetric: point('energy'),
          runHoursMetric: point('runHours'),
          // Every demo pump in service: an operator marks one under maintenance in the editor.
          maintenance: false,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );

    const sensors: (typeof stationSensors.$inferInsert)[] = [];
    const level = own('LT01');
    if (level && keysOf(level.model).has('level'))
      sensors.push({ stationId: s.id, role: 'level', deviceId: level.id, metric: 'level' });
    const flow = own('FM01');
    if (flow && keysOf(flow.model).has('flow'))
      sensors.push({ stationId: s.id, role: 'flow', deviceId: flow.id, metric: 'flow' });
    if (gauge && keysOf(gauge.model).has('intensity'))
      sensors.push({ stationId: s.id, role: 'rain', deviceId: gauge.id, metric: 'intensity' });
    if (sensors.length) await db.insert(stationSensors).values(sensors);
  }
}
