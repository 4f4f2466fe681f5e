import type { DepartmentNode, RegionNode } from '@water/contracts';
import {
  IdTreeSelect,
  type IdTreeSelectProps as SharedProps,
  type IdTreeNode as TreeNode,
} from '../../../shared/ui/id-tree-select.tsx';

const regionNodes = (nodes: RegionNode[]): TreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

// Departments above the caller's data scope are there for context only: shown, never picked.
const departmentNodes = (nodes: DepartmentNode[]): TreeNode[] =>
  nodes.map((d) => ({
    key: String(d.id),
    title: d.name,
    disabled: d.inScope === false,
    children: departmentNodes(d.children),
  }));

type IdTreeSelectProps = Omit<SharedProps, 'treeData'>;

/** The monitoring-region tree as a picker of one region id. */
export function RegionTreeSelect({ data, ...props }: IdTreeSelectProps & { data: RegionNode[] }) {
  return <IdTreeSelect {...props} treeData={regionNodes(data)} />;
}

/** The department tree (within the caller's data scope) as a picker of one department id. */
export function DepartmentTreeSelect({ data, ...props }: IdTreeSelectProps & { data: DepartmentNode[] }) {
  return <IdTreeSelect {...props} treeData={departmentNodes(data)} />;
}
