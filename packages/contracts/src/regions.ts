import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { plainText, text } from './common/validation.ts';

const tags = ['regions'] as const;

/** City, district, drainage catchment, water-supply pressure zone. */
export const REGION_KINDS = ['city', 'district', 'catchment', 'pressure_zone'] as const;
export type RegionKind = (typeof REGION_KINDS)[number];

/**
 * A WGS-84 position: longitude then latitude (an altitude may follow), as GeoJSON (RFC 7946)
 * orders them. An array with a check rather than a tuple: the console's sign-in bundle carries the
 * zod it uses, and this keeps tuples out of it.
 */
const position = z
  .array(z.number().finite())
  .min(2)
  .max(3)
  .refine((p) => Math.abs(p[0] ?? 999) <= 180 && Math.abs(p[1] ?? 999) <= 90, { error: 'validation.position' })
  .describe('[longitude, latitude]');

const sameSpot = (a: number[] | undefined, b: number[] | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
/** A closed ring of at least four positions, the last equal to the first. */
const ring = z
  .array(position)
  .min(4, { error: 'validation.ringOpen' })
  .max(10_000)
  .refine((r) => sameSpot(r[0], r.at(-1)), { error: 'validation.ringOpen' });
const polygon = z.array(ring).min(1).max(100);

export const boundarySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: polygon }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1).max(100) }),
]);
export type Boundary = z.infer<typeof boundarySchema>;

export interface RegionNode {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  kind: RegionKind;
  orderNum: number;
  hasBoundary: boolean;
  /** Devices in this region itself (not below). */
  devices: number;
  /** Devices in this region and every region below it: what the tree shows. */
  totalDevices: number;
  children: RegionNode[];
}

export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    code: z.string(),
    name: z.string(),
    kind: z.enum(REGION_KINDS),
    orderNum: z.number().int(),
    hasBoundary: z.boolean(),
    devices: z.number().int(),
    totalDevices: z.number().int(),
    children: z.array(regionNodeSchema),
  }),
);

export const regionSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(REGION_KINDS),
  orderNum: z.number().int(),
  boundary: boundarySchema.nullable(),
  devices: z.number().int(),
  updatedAt: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

export const regionInputSchema = z.object({
  parentId: z.number().int().positive().nullable().default(null),
  code: text(32).regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'validation.regionCode' }),
  name: plainText(50).min(1, { error: 'validation.required' }),
  kind: z.enum(REGION_KINDS),
  orderNum: z.number().int().min(0).max(9999).default(0),
  boundary: boundarySchema.nullable().default(null),
});
export type RegionInput = z.input<typeof regionInputSchema>;

/** A GeoJSON FeatureCollection of regions: properties carry code, name, kind and the parent's code. */
export const regionCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z
    .array(
      z.object({
        type: z.literal('Feature'),
        geometry: boundarySchema.nullable(),
        properties: z.object({
          code: text(32).regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'validation.regionCode' }),
          name: plainText(50).min(1, { error: 'validation.required' }),
          kind: z.enum(REGION_KINDS),
          parentCode: text(32).nullable().default(null),
          orderNum: z.number().int().min(0).max(9999).default(0),
        }),
      }),
    )
    .max(2000),
});
export type RegionCollection = z.input<typeof regionCollectionSchema>;

export const regionsApi = {
  tree: endpoint({
    method: 'GET',
    path: '/regions/tree',
    summary: 'The monitoring-region tree (any signed-in user: every list in the product filters by it)',
    tags,
    data: z.array(regionNodeSchema),
  }),
  exportGeoJson: endpoint({
    method: 'GET',
    path: '/regions/geojson',
    summary: 'Every region as a GeoJSON FeatureCollection (WGS-84)',
    tags,
    data: regionCollectionSchema,
  }),
  importGeoJson: endpoint({
    method: 'POST',
    path: '/regions/geojson',
    summary: 'Create or update regions from a FeatureCollection, matched by code, in one transaction',
    tags,
    body: regionCollectionSchema,
    data: z.object({ created: z.number().int(), updated: z.number().int() }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/regions/:id',
    summary: 'One region with its boundary',
    tags,
    params: idParamsSchema,
    data: regionSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/regions',
    summary: 'Add a region',
    tags,
    body: regionInputSchema,
    data: regionSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/regions/:id',
    summary: 'Rename, move (never under itself or below), redraw the boundary',
    tags,
    params: idParamsSchema,
    body: regionInputSchema,
    data: regionSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/regions/:id',
    summary: 'Remove a region with no sub-regions and no devices (the refusal says which)',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
} as const;
