import { Button, Empty, Popconfirm, Tag, Tooltip, Tree } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import type { RegionKind, RegionNode } from '@water/contracts';
import type { ReactNode } from 'react';
import type { RegionI18n, RegionMessageKey } from '../use-region-i18n.ts';

const KIND_COLORS: Record<RegionKind, string> = {
  city: 'arcoblue',
  district: 'cyan',
  catchment: 'green',
  pressure_zone: 'orangered',
};

export function RegionKindTag({ kind, t }: { kind: RegionKind; t: RegionI18n['t'] }) {
  return (
    <Tag size="small" color={KIND_COLORS[kind]} bordered>
      {t(`region.kind.${kind}`)}
    </Tag>
  );
}

interface TreeData {
  key: string;
  title: ReactNode;
  children: TreeData[];
}

/** The region tree: a row per region with its kind, its own device count and (for writers) actions. */
export function RegionTreePanel({
  nodes,
  selectedId,
  expanded,
  onExpand,
  onSelect,
  writer,
  removing,
  onAddChild,
  onEdit,
  onDelete,
  t,
}: {
  nodes: RegionNode[];
  selectedId: number | null;
  expanded: number[];
  onExpand: (ids: number[]) => void;
  onSelect: (node: RegionNode) => void;
  writer: boolean;
  removing: number | null;
  onAddChild: (node: RegionNode) => void;
  onEdit: (node: RegionNode) => void;
  onDelete: (node: RegionNode) => Promise<unknown>;
  t: RegionI18n['t'];
}) {
  if (!nodes.length) return <Empty description={t('region.empty')} />;

  const label = (action: RegionMessageKey, node: RegionNode) =>
    t('region.actionLabel', { action: t(action), name: node.name });
  // The buttons sit inside the tree row: a click on one must not also select the row.
  const stop = (event: React.MouseEvent) => event.stopPropagation();

  const toData = (node: RegionNode): TreeData => ({
    key: String(node.id),
    title: (
      <span className="region-node">
        <span className="region-node__name" title={node.name}>
          {node.name}
        </span>
        <RegionKindTag kind={node.kind} t={t} />
        <span
          className="region-node__count"
          title={t('region.devicesRolledUp', { total: node.totalDevices, own: node.devices })}
        >
          {node.totalDevices}
        </span>
        {writer ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's own click; the buttons inside are the controls.
          // biome-ignore lint/a11y/useKeyWithClickEvents: as above, keyboard activation of the buttons does not reach the row.
          <span className="region-node__actions" onClick={stop}>
            {/* Icons with tooltips: text buttons would push the row past the panel. */}
            <Tooltip mini content={t('region.action.addChild')}>
              <Button
                type="text"
                size="mini"
                icon={<IconPlus />}
                aria-label={label('region.action.addChild', node)}
                onClick={() => onAddChild(node)}
              />
            </Tooltip>
            <Tooltip mini content={t('region.action.edit')}>
              <Button
                type="text"
                size="mini"
                icon={<IconEdit />}
                aria-label={label('region.action.edit', node)}
                onClick={() => onEdit(node)}
              />
            </Tooltip>
            <Popconfirm
              title={t('region.confirm.delete', { name: node.name })}
              okText={t('region.action.delete')}
              cancelText={t('region.cancel')}
              okButtonProps={{ status: 'danger' }}
              onOk={() => onDelete(node)}
            >
              <Button
                type="text"
                size="mini"
                status="danger"
                icon={<IconDelete />}
                title={t('region.action.delete')}
                aria-label={label('region.action.delete', node)}
                disabled={removing === node.id}
              />
            </Popconfirm>
          </span>
        ) : null}
      </span>
    ),
    children: node.children.map(toData),
  });

  const byId = new Map<string, RegionNode>();
  const index = (list: RegionNode[]) => {
    for (const n of list) {
      byId.set(String(n.id), n);
      index(n.children);
    }
  };
  index(nodes);

  return (
    <Tree
      className="region-tree"
      blockNode
      treeData={nodes.map(toData)}
      selectedKeys={selectedId === null ? [] : [String(selectedId)]}
      expandedKeys={expanded.map(String)}
      onExpand={(keys) => onExpand(keys.map(Number))}
      onSelect={(keys) => {
        const node = keys[0] === undefined ? undefined : byId.get(keys[0]);
        if (node) onSelect(node);
      }}
    />
  );
}
