import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { plainText, text } from './common/validation.ts';

const tags = ['device-types'] as const;

/** What a metric, an event field or a command parameter carries. */
export const THING_DATA_TYPES = ['number', 'integer', 'boolean', 'string', 'enum'] as const;
export type ThingDataType = (typeof THING_DATA_TYPES)[number];

const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'validation.thingKey' });

const names = {
  nameZh: plainText(40).min(1, { error: 'validation.required' }),
  nameEn: plainText(60).min(1, { error: 'validation.required' }),
};

/** One value of the model: its type, unit and the range a sound reading stays in. */
const valueSpec = z
  .object({
    key,
    ...names,
    dataType: z.enum(THING_DATA_TYPES),
    unit: plainText(16).default('').describe('e.g. m, m³/h, MPa, mg/L'),
    min: z.number().finite().nullable().default(null),
    max: z.number().finite().nullable().default(null),
    precision: z.number().int().min(0).max(6).default(2).describe('decimals shown'),
    options: z
      .array(z.object({ value: text(32).min(1), nameZh: plainText(40).min(1), nameEn: plainText(60).min(1) }))
      .max(50)
      .default([])
      .describe('for enum values'),
  })
  .refine((v) => v.min === null || v.max === null || v.min <= v.max, {
    error: 'validation.rangeOrder',
    path: ['max'],
  })
  .refine((v) => v.dataType !== 'enum' || v.options.length > 0, {
    error: 'validation.enumNeedsOptions',
    path: ['options'],
  });

export const metricSpecSchema = valueSpec;
export type MetricSpec = z.infer<typeof metricSpecSchema>;

export const eventSpecSchema = z.object({
  key,
  ...names,
  /** 0 notice, 1 important, 3 urgent: the levels of the message centre. */
  level: z.union([z.literal(0), z.literal(1), z.literal(3)]).default(1),
});
export type EventSpec = z.infer<typeof eventSpecSchema>;

export const commandSpecSchema = z.object({
  key,
  ...names,
  params: z.array(valueSpec).max(10).default([]),
  /** Commands that move equipment (pump start/stop) ask the operator to confirm. */
  confirm: z.boolean().default(false),
});
export type CommandSpec = z.infer<typeof commandSpecSchema>;

const uniqueKeys = (items: { key: string }[]) => new Set(items.map((i) => i.key)).size === items.length;

export const thingModelSchema = z
  .object({
    metrics: z.array(metricSpecSchema).max(100).default([]),
    events: z.array(eventSpecSchema).max(50).default([]),
    commands: z.array(commandSpecSchema).max(30).default([]),
    /** Silence after which telemetry marks a device of this type offline; 600 s when unset. */
    offlineAfterSeconds: z
      .number()
      .int()
      .min(30)
      .max(7 * 86_400)
      .optional(),
  })
  .refine((m) => uniqueKeys(m.metrics) && uniqueKeys(m.events) && uniqueKeys(m.commands), {
    error: 'validation.duplicateKey',
  });
export type ThingModel = z.infer<typeof thingModelSchema>;

export const deviceTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string(),
  builtin: z.boolean().describe('shipped with the product: its code is fixed and it cannot be removed'),
  model: thingModelSchema,
  devices: z.number().int().describe('devices of this type'),
  updatedAt: z.string(),
});
export type DeviceType = z.infer<typeof deviceTypeSchema>;

export const deviceTypeInputSchema = z.object({
  code: key,
  ...names,
  description: plainText(300).default(''),
  model: thingModelSchema,
});
export type DeviceTypeInput = z.input<typeof deviceTypeInputSchema>;

export const deviceTypesApi = {
  list: endpoint({
    method: 'GET',
    path: '/device-types',
    summary: 'The device-type catalogue with each type’s thing model (any signed-in user)',
    tags,
    data: z.array(deviceTypeSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/device-types/:id',
    summary: 'One device type and its thing model',
    tags,
    params: idParamsSchema,
    data: deviceTypeSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/device-types',
    summary: 'Add a device type: metrics, events and commands',
    tags,
    body: deviceTypeInputSchema,
    data: deviceTypeSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/device-types/:id',
    summary: 'Edit a device type; a built-in type keeps its code and its metrics (new ones may be added)',
    tags,
    params: idParamsSchema,
    body: deviceTypeInputSchema,
    data: deviceTypeSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/device-types/:id',
    summary: 'Remove a device type no device uses',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
} as const;
