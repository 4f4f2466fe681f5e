import { TreeSelect } from '@arco-design/web-react';

/** A node of a tree picker: Arco's tree widgets key by string. */
export type IdTreeNode = { key: string; title: string; disabled?: boolean; children?: IdTreeNode[] };

const branchKeys = (nodes: IdTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));

export interface IdTreeSelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  label: string;
  placeholder: string;
  loading?: boolean;
  className?: string;
  treeData: IdTreeNode[];
  /** The branches open at first; every branch unless told (a city's regions and departments are few). */
  expandedKeys?: string[];
}

/**
 * A tree (regions, departments) as a picker of one record id: the contract's id, or null for none,
 * over Arco's string keys. Searchable by title.
 */
export function IdTreeSelect({
  value,
  onChange,
  label,
  placeholder,
  loading,
  className,
  treeData,
  expandedKeys,
}: IdTreeSelectProps) {
  return (
    <TreeSelect
      className={className}
      allowClear
      showSearch
      loading={loading}
      placeholder={placeholder}
      treeData={treeData}
      treeProps={{ defaultExpandedKeys: expandedKeys ?? branchKeys(treeData) }}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={value ? String(value) : undefined}
      onChange={(key: string | undefined) => onChange?.(key ? Number(key) : null)}
      aria-label={label}
    />
  );
}

export interface IdsTreeSelectProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  label: string;
  placeholder: string;
  loading?: boolean;
  className?: string;
  treeData: IdTreeNode[];
}

/**
 * A tree (departments) as a picker of several record ids, checkable: a checked branch stands for
 * everything below it, so only the branch is kept. Searchable by title.
 */
export function IdsTreeSelect({
  value,
  onChange,
  label,
  placeholder,
  loading,
  className,
  treeData,
}: IdsTreeSelectProps) {
  return (
    <TreeSelect
      className={className}
      multiple
      treeCheckable
      treeCheckedStrategy="parent"
      allowClear
      showSearch
      loading={loading}
      placeholder={placeholder}
      treeData={treeData}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={(value ?? []).map(String)}
      onChange={(keys: string[]) => onChange?.(keys.map(Number))}
      aria-label={label}
    />
  );
}
