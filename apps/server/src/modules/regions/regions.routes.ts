import {
  type Boundary,
  mapApi,
  Permissions,
  type Region,
  type RegionKind,
  type RegionNode,
  regionInputSchema,
  regionsApi,
} from '@water/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { regions } from '../../db/schema/index.ts';
import { AppError, businessError, notFound } from '../../lib/errors.ts';
import { auditOf, route } from '../../lib/route.ts';
import { createRegionsRepository } from './regions.repository.ts';

type Input = z.output<typeof regionInputSchema>;
type Row = { region: typeof regions.$inferSelect; devices: number };

const toRegion = (r: Row): Region => ({
  id: r.region.id,
  parentId: r.region.parentId,
  code: r.region.code,
  name: r.region.name,
  kind: r.region.kind as RegionKind,
  orderNum: r.region.orderNum,
  boundary: (r.region.boundary as Boundary | null) ?? null,
  devices: r.devices,
  updatedAt: r.region.updatedAt.toISOString(),
});

export function buildRegionTree(rows: Row[]): RegionNode[] {
  const nodes = new Map<number, RegionNode>();
  for (const { region: r, devices } of rows) {
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      code: r.code,
      name: r.name,
      kind: r.kind as RegionKind,
      orderNum: r.orderNum,
      hasBoundary: r.boundary !== null,
      devices,
      totalDevices: devices,
      children: [],
    });
  }
  const roots: RegionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // Rolled up, own plus descendants: a district shows the devices of its catchments (post-order).
  const rollUp = (node: RegionNode): number => {
    node.totalDevices = node.devices + node.children.reduce((sum, child) => sum + rollUp(child), 0);
    return node.totalDevices;
  };
  for (const root of roots) rollUp(root);
  return roots;
}

export async function regionsRoutes(app: FastifyInstance) {
  const repo = (req: FastifyRequest) => createRegionsRepository(req.tx ?? app.db);
  const write = { permission: Permissions.regionWrite };
  const audit = auditOf('regions');

  async function load(req: FastifyRequest, id: number) {
    const row = await repo(req).byId(id);
    if (!row) throw notFound();
    return toRegion(row);
  }

  /** The ancestor path under `parentId`; refuses a parent that is the region itself or below it. */
  async function placeUnder(req: FastifyRequest, parentId: number | null, self?: number): Promise<string> {
    if (parentId === null) return '0';
    const parent = await repo(req).byId(parentId);
    if (!parent) throw businessError(400, 'regions.unknownParent');
    if (self !== undefined && (parentId === self || parent.region.ancestors.split(',').includes(String(self)))) {
      throw businessError(400, 'regions.moveUnderSelf');
    }
    return `${parent.region.ancestors},${parent.region.id}`;
  }

  async function create(req: FastifyRequest, input: Input) {
    if (await repo(req).byCode(input.code)) throw new AppError(409, 409, 'regions.codeTaken');
    const now = app.clock.now();
    return repo(req).insert({
      ...input,
      ancestors: await placeUnder(req, input.parentId),
      createdAt: now,
      updatedAt: now,
    });
  }

  async function update(req: FastifyRequest, id: number, input: Input) {
    const current = await repo(req).byId(id);
    if (!current) throw notFound();
    const other = await repo(req).byCode(input.code);
    if (other && other.id !== id) throw new AppError(409, 409, 'regions.codeTaken');
    const ancestors = await placeUnder(req, input.parentId, id);
    await repo(req).update(id, { ...input, ancestors, updatedAt: app.clock.now() });
    if (ancestors !== current.region.ancestors) {
      await repo(req).rebaseDescendants(`${current.region.ancestors},${id}`, `${ancestors},${id}`);
    }
  }

  // The map's ground: a tile URL when one is configured, else plain (the console works offline).
  route(app, mapApi.config, { access: 'session' }, async (req) => {
    const rows = await repo(req).all();
    const boxes = rows.flatMap(({ region }) => {
      const b = region.boundary as Boundary | null;
      if (!b) return [];
      const rings = b.type === 'Polygon' ? b.coordinates : b.coordinates.flat();
      return rings.flat();
    });
    const lngs = boxes.map((p) => p[0]!);
    const lats = boxes.map((p) => p[1]!);
    const center: [number, number] = boxes.length
      ? [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2]
      : [119.68, 29.11];
    return { tileUrl: app.config.MAP_TILE_URL ?? null, center, zoom: 12 };
  });

  route(app, regionsApi.tree, { access: 'session' }, async (req) => buildRegionTree(await repo(req).all()));

  route(app, regionsApi.exportGeoJson, { access: 'session' }, async (req) => {
    const rows = await repo(req).all();
    const codeOf = new Map(rows.map((r) => [r.region.id, r.region.code]));
    return {
      type: 'FeatureCollection' as const,
      features: rows.map(({ region: r }) => ({
        type: 'Feature' as const,
        geometry: (r.boundary as Boundary | null) ?? null,
        properties: {
          code: r.code,
          name: r.name,
          kind: r.kind as RegionKind,
          parentCode: r.parentId === null ? null : (codeOf.get(r.parentId) ?? null),
          orderNum: r.orderNum,
        },
      })),
    };
  });

  // Parents before children, whatever order the file lists them in; a code decides create or update.
  route(app, regionsApi.importGeoJson, { access: write, audit: audit('import') }, async (req) => {
    const pending = req.body.features.map((f, index) => ({ f, index }));
    let created = 0;
    let updated = 0;
    while (pending.length) {
      const codes = new Set(pending.map((p) => p.f.properties.code));
      const ready = pending.filter((p) => !p.f.properties.parentCode || !codes.has(p.f.properties.parentCode));
      if (ready.length === 0) throw businessError(400, 'regions.moveUnderSelf');
      for (const { f, index } of ready) {
        const parentCode = f.properties.parentCode;
        const parent = parentCode ? await repo(req).byCode(parentCode) : null;
        if (parentCode && !parent)
          throw businessError(400, 'regions.unknownParentCode', { n: index + 1, code: parentCode });
        const input = regionInputSchema.parse({ ...f.properties, parentId: parent?.id ?? null, boundary: f.geometry });
        const existing = await repo(req).byCode(input.code);
        if (existing) {
          await update(req, existing.id, input);
          updated++;
        } else {
          await create(req, input);
          created++;
        }
        pending.splice(
          pending.findIndex((p) => p.index === index),
          1,
        );
      }
    }
    req.auditChange = { after: { created, updated, codes: req.body.features.map((f) => f.properties.code) } };
    return { created, updated };
  });

  route(app, regionsApi.get, { access: 'session' }, (req) => load(req, req.params.id));

  route(app, regionsApi.create, { access: write, audit: audit('create') }, async (req) => {
    const id = await create(req, req.body);
    const after = await load(req, id);
    req.auditChange = { targetId: id, after };
    return after;
  });

  route(app, regionsApi.update, { access: write, audit: audit('update') }, async (req) => {
    const before = await load(req, req.params.id);
    await update(req, before.id, req.body);
    const after = await load(req, before.id);
    req.auditChange = { targetId: before.id, before, after };
    return after;
  });

  route(app, regionsApi.remove, { access: write, audit: audit('delete') }, async (req) => {
    const before = await load(req, req.params.id);
    const children = await repo(req).childCount(before.id);
    if (children > 0) throw new AppError(409, 409, 'regions.hasChildren', { n: children });
    if (before.devices > 0) throw new AppError(409, 409, 'regions.hasDevices', { n: before.devices });
    const stationCount = await repo(req).stationCount(before.id);
    if (stationCount > 0) throw new AppError(409, 409, 'regions.hasStations', { n: stationCount });
    const limited = await repo(req).rolesLimitedTo(before.id);
    if (limited.length > 0) {
      const names = limited.map((r) => (req.locale === 'en-US' && r.nameEn ? r.nameEn : r.name)).join(', ');
      throw new AppError(409, 409, 'regions.usedByRoles', { names });
    }
    await repo(req).remove(before.id);
    req.auditChange = { targetId: before.id, before };
    return null;
  });
}
