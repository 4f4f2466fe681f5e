import type { Boundary, Region, RegionKind, RegionNode } from '@water/contracts';
import type { regions } from '../../db/schema/index.ts';

export type RegionRow = { region: typeof regions.$inferSelect; devices: number };

export const toRegion = (r: RegionRow): Region => ({
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

export function buildRegionTree(rows: RegionRow[]): RegionNode[] {
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

/** The regions as a GeoJSON feature collection, each naming its parent by code (what the import reads back). */
export function toFeatureCollection(rows: RegionRow[]) {
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
}
