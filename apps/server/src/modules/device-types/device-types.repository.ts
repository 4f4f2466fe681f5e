import type { DeviceType } from '@water/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { devices, deviceTypes } from '../../db/schema/index.ts';
import { type DeviceTypeRow, toDeviceType } from './device-types.mappers.ts';

export function createDeviceTypesRepository(db: Queryable) {
  const deviceCount = sql<number>`(select count(*) from ${devices} d where d.type_id = "device_types"."id")`.mapWith(
    Number,
  );
  return {
    /** Every type as the API answers it, with its devices. */
    list: (): Promise<DeviceType[]> =>
      db
        .select({ type: deviceTypes, devices: deviceCount })
        .from(deviceTypes)
        .orderBy(asc(deviceTypes.id))
        .then((rows) => rows.map(toDeviceType)),
    /** One type as the API answers it. */
    get: (id: number): Promise<DeviceType | undefined> =>
      db
        .select({ type: deviceTypes, devices: deviceCount })
        .from(deviceTypes)
        .where(eq(deviceTypes.id, id))
        .then((rows: DeviceTypeRow[]) => rows[0] && toDeviceType(rows[0])),
    byCode: (code: string) =>
      db
        .select({ id: deviceTypes.id })
        .from(deviceTypes)
        .where(eq(deviceTypes.code, code))
        .then((rows) => rows[0]),
    insert: (values: typeof deviceTypes.$inferInsert) =>
      db
        .insert(deviceTypes)
        .values(values)
        .returning({ id: deviceTypes.id })
        .then((rows) => rows[0]!.id),
    update: (id: number, values: Partial<typeof deviceTypes.$inferInsert>) =>
      db.update(deviceTypes).set(values).where(eq(deviceTypes.id, id)),
    remove: (id: number) => db.delete(deviceTypes).where(eq(deviceTypes.id, id)),
  };
}
