import type { DepartmentNode } from '@water/contracts';

/** A node of Arco's Tree and TreeSelect: string keys, as Arco types them. */
export interface TreeOption {
  key: string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  className?: string;
  children?: TreeOption[];
}

/** The ids of a department and of everything below it. */
export function subtreeIds(node: DepartmentNode): Set<number> {
  const ids = new Set<number>();
  const walk = (n: DepartmentNode) => {
    ids.add(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return ids;
}

export function findDepartment(tree: DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findDepartment(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Every id that has children: what "expand all" opens. */
export function parentIds(tree: DepartmentNode[]): number[] {
  return tree.flatMap((n) => (n.children.length ? [n.id, ...parentIds(n.children)] : []));
}

/**
 * The parent choices of a department form. Moving `self` under itself or under one of its own
 * descendants would make a cycle (the server refuses it too), so those nodes are disabled.
 */
export function parentOptions(tree: DepartmentNode[], self?: DepartmentNode): TreeOption[] {
  const blocked = self ? subtreeIds(self) : new Set<number>();
  const map = (nodes: DepartmentNode[]): TreeOption[] =>
    nodes.map((n) => ({
      key: String(n.id),
      title: n.name,
      ...(blocked.has(n.id) ? { disabled: true } : {}),
      ...(n.children.length ? { children: map(n.children) } : {}),
    }));
  return map(tree);
}

/**
 * The tree with only the departments whose name contains `keyword`, and their ancestors (so a match
 * keeps its place). An empty keyword keeps everything.
 */
export function filterTree(tree: DepartmentNode[], keyword: string): DepartmentNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return tree;
  const keep = (nodes: DepartmentNode[]): DepartmentNode[] =>
    nodes.flatMap((n) => {
      const children = keep(n.children);
      return n.name.toLowerCase().includes(needle) || children.length ? [{ ...n, children }] : [];
    });
  return keep(tree);
}
