import { TreeSelect } from '@arco-design/web-react';
import type { DepartmentNode, RegionNode } from '@water/contracts';

type TreeNode = { key: string; title: string; disabled?: boolean; children: TreeNode[] };

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

const branchKeys = (nodes: TreeNode[]): string[] =>
  nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));

interface IdTreeSelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  label: string;
  placeholder: string;
  loading: boolean;
  className?: string;
}

/** A tree as a picker of one id (Arco's tree widgets key by string), opened out: a city's trees are small. */
function IdTreeSelect({
  value,
  onChange,
  label,
  placeholder,
  loading,
  className,
  treeData,
}: IdTreeSelectProps & { treeData: TreeNode[] }) {
  return (
    <TreeSelect
      className={className}
      allowClear
      showSearch
      loading={loading}
      placeholder={placeholder}
      treeData={treeData}
      treeProps={{ defaultExpandedKeys: branchKeys(treeData) }}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={value ? String(value) : undefined}
      onChange={(key: string | undefined) => onChange?.(key ? Number(key) : null)}
      aria-label={label}
    />
  );
}

/** The monitoring-region tree as a picker of one region id. */
export function RegionTreeSelect({ data, ...props }: IdTreeSelectProps & { data: RegionNode[] }) {
  return <IdTreeSelect {...props} treeData={regionNodes(data)} />;
}

/** The department tree (within the caller's data scope) as a picker of one department id. */
export function DepartmentTreeSelect({ data, ...props }: IdTreeSelectProps & { data: DepartmentNode[] }) {
  return <IdTreeSelect {...props} treeData={departmentNodes(data)} />;
}
