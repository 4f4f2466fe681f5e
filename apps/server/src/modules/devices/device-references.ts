import { randomBytes } from 'node:crypto';
import type { deviceInputSchema } from '@water/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { deviceTypes, regions, stationPumps, stationSensors, stations } from '../../db/schema/index.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, businessError } from '../../lib/errors.ts';
import { together } from '../../lib/together.ts';
import { createDevicesRepository } from './devices.repository.ts';

export type DeviceInputValues = z.output<typeof deviceInputSchema>;

/** A 32-character ingest secret; only its hash is kept. */
export const newDeviceSecret = () => randomBytes(24).toString('base64url');

/**
 * The references of an input exist and the caller may place a device there; a station's region is
 * the device's unless one is given. Single create, edit and every import row go through here.
 */
export async function resolveDeviceInput(
  ctx: Context,
  input: DeviceInputValues,
  self?: number,
): Promise<DeviceInputValues> {
  const r = createDevicesRepository(ctx.db);
  const other = await r.byCode(input.code);
  if (other && other.id !== self) throw new AppError(409, 409, 'devices.codeTaken');
  if (!(await r.typeExists(input.typeId))) throw businessError(400, 'devices.unknownType');
  const station = input.stationId === null ? null : await r.station(input.stationId);
  if (input.stationId !== null && !station) throw businessError(400, 'devices.unknownStation');
  if (self !== undefined) await keepStationMapping(ctx.db, self, input.stationId);
  const regionId = input.regionId ?? station?.regionId ?? null;
  if (regionId !== null && !(await r.regionExists(regionId))) throw businessError(400, 'devices.unknownRegion');
  // A region-limited operator registers devices only where they may see them.
  if (!inRegionScope(await ctx.scope(), regionId)) throw new AppError(403, 403, 'devices.regionOutOfScope');
  return { ...input, regionId };
}

/**
 * A device a station's configuration maps (a pump's controller, or its level, flow or pressure
 * sensor) belongs to that station (issue 14): an edit or an import row that would move it elsewhere
 * is refused, naming the station, until the mapping is changed in the pump-station setup. Rain
 * gauges serve a whole catchment and may move.
 */
async function keepStationMapping(db: Queryable, deviceId: number, stationId: number | null): Promise<void> {
  const [pump] = await db
    .select({ stationId: stationPumps.stationId })
    .from(stationPumps)
    .where(eq(stationPumps.controllerDeviceId, deviceId))
    .limit(1);
  const [sensor] = pump
    ? []
    : await db
        .select({ stationId: stationSensors.stationId })
        .from(stationSensors)
        .where(and(eq(stationSensors.deviceId, deviceId), ne(stationSensors.role, 'rain')))
        .limit(1);
  const mappedAt = pump?.stationId ?? sensor?.stationId;
  if (mappedAt === undefined || mappedAt === stationId) return;
  const [owner] = await db
    .select({ code: stations.code, name: stations.name })
    .from(stations)
    .where(eq(stations.id, mappedAt));
  throw new AppError(409, 409, 'devices.mappedAtStation', {
    station: owner ? `${owner.code} ${owner.name}` : String(mappedAt),
  });
}

/** Types, regions and stations by the names a spreadsheet gives them, for import and export. */
export async function deviceReferenceTables(db: Queryable) {
  const [typeRows, regionRows, stationRows] = await together(
    db,
    () =>
      db
        .select({ id: deviceTypes.id, code: deviceTypes.code, nameZh: deviceTypes.nameZh, nameEn: deviceTypes.nameEn })
        .from(deviceTypes)
        .orderBy(asc(deviceTypes.id)),
    () => db.select({ id: regions.id, code: regions.code, name: regions.name }).from(regions).orderBy(asc(regions.id)),
    () => db.select({ id: stations.id, code: stations.code }).from(stations),
  );
  return { types: typeRows, regions: regionRows, stations: stationRows };
}
