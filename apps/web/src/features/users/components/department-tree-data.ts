import type { DepartmentNode } from '@water/contracts';

export interface DepartmentTreeNode {
  key: string;
  title: string;
  disabled?: boolean;
  children: DepartmentTreeNode[];
}

/** The department tree as Arco's tree widgets take it (string keys). */
export const toTreeData = (nodes: DepartmentNode[]): DepartmentTreeNode[] =>
  nodes.map((d) => ({ key: String(d.id), title: d.name, children: toTreeData(d.children) }));

/** Every key of a tree, parents first: "expand all". */
export const allKeys = (nodes: { key: string; children?: unknown[] }[]): string[] =>
  nodes.flatMap((n) => [n.key, ...allKeys((n.children ?? []) as { key: string; children?: unknown[] }[])]);

/** The branches whose title (or a descendant's) contains `text`, with their path from the root. */
export function filterTree(nodes: DepartmentTreeNode[], text: string): DepartmentTreeNode[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    if (n.title.includes(text)) return [n];
    const children = filterTree(n.children, text);
    return children.length ? [{ ...n, children }] : [];
  });
}
