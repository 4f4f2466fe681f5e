import type { RegionKind, RegionNode } from '@water/contracts';

export function findRegion(tree: RegionNode[], id: number): RegionNode | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findRegion(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Every id that has children: what "expand all" opens. */
export function parentIds(tree: RegionNode[]): number[] {
  return tree.flatMap((n) => (n.children.length ? [n.id, ...parentIds(n.children)] : []));
}

/** The ids of a region and of everything below it: never a parent choice for that region. */
export function subtreeIds(node: RegionNode): Set<number> {
  const ids = new Set<number>();
  const walk = (n: RegionNode) => {
    ids.add(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return ids;
}

/** The kind a new sub-region most likely has: a city holds districts, a district catchments. */
export function childKind(parent: RegionNode | undefined): RegionKind {
  if (!parent) return 'city';
  return parent.kind === 'city' ? 'district' : parent.kind === 'district' ? 'catchment' : parent.kind;
}
