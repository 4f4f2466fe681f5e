import { type DeviceType, thingModelSchema } from '@water/contracts';
import type { deviceTypes } from '../../db/schema/index.ts';

export type DeviceTypeRow = { type: typeof deviceTypes.$inferSelect; devices: number };

export const toDeviceType = (r: DeviceTypeRow): DeviceType => ({
  id: r.type.id,
  code: r.type.code,
  nameZh: r.type.nameZh,
  nameEn: r.type.nameEn,
  description: r.type.description,
  builtin: r.type.builtin,
  // Stored through the same schema: defaults filled, always readable by the console.
  model: thingModelSchema.parse(r.type.model),
  devices: r.devices,
  updatedAt: r.type.updatedAt.toISOString(),
});
