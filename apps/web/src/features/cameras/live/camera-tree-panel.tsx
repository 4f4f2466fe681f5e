import { Empty, Input, Skeleton } from '@arco-design/web-react';
import { IconCamera, IconDown, IconHome, IconLocation, IconRight, IconSearch } from '@arco-design/web-react/icon';
import type { CameraTreeNode } from '@water/contracts';
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react';
import type { CameraLiveI18n } from './use-camera-live-i18n.ts';

export type TreeCamera = CameraTreeNode['cameras'][number];

/** The drag's data type for a camera from the tree (its id; text/plain carries it too). */
export const CAMERA_DRAG_TYPE = 'application/x-water-camera';

const KIND_ORDER = { station: 0, site: 1, region: 2 } as const;
const KIND_ICONS: Record<CameraTreeNode['kind'], ReactNode> = {
  station: <IconHome />,
  site: <IconLocation />,
  region: <IconLocation />,
};

function matches(camera: TreeCamera, needle: string): boolean {
  return camera.name.toLowerCase().includes(needle) || camera.code.toLowerCase().includes(needle);
}

/** Moves focus to the next or previous visible row of the tree (↑ ↓ Home End). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const tree = event.currentTarget.closest('[role="tree"]');
  if (!tree) return false;
  const rows = [...tree.querySelectorAll<HTMLElement>('[data-tree-row]')];
  const at = rows.indexOf(event.currentTarget);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (to === undefined) return false;
  rows[Math.max(0, Math.min(rows.length - 1, to))]?.focus();
  return true;
}

/**
 * The cameras to choose from: stations, then water-quality sites, then the rest by region, each with its
 * cameras (state dot, PTZ mark). A camera is dragged onto a tile, or double-clicked / Enter-ed into the
 * selected tile (else the first empty one). The search narrows by name or code.
 */
export function CameraTreePanel({
  nodes,
  loading,
  error,
  inGrid,
  onPick,
  i18n,
}: {
  nodes: CameraTreeNode[] | undefined;
  loading: boolean;
  error: ReactNode;
  /** Cameras in the visible tiles (marked in the tree). */
  inGrid: ReadonlySet<number>;
  onPick: (camera: TreeCamera) => void;
  i18n: CameraLiveI18n;
}) {
  const { t } = i18n;
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const needle = search.trim().toLowerCase();

  const groups = useMemo(() => {
    const sorted = [...(nodes ?? [])].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    return sorted
      .map((node) => ({ node, cameras: needle ? node.cameras.filter((c) => matches(c, needle)) : node.cameras }))
      .filter((g) => g.cameras.length > 0);
  }, [nodes, needle]);
  const total = useMemo(() => (nodes ?? []).reduce((n, node) => n + node.cameras.length, 0), [nodes]);

  const toggle = (key: string, open?: boolean) =>
    setCollapsed((current) => {
      const next = new Set(current);
      const isOpen = !current.has(key);
      if (open ?? !isOpen) next.delete(key);
      else next.add(key);
      return next;
    });

  let body: ReactNode;
  if (loading) body = <Skeleton animation text={{ rows: 8 }} className="camera-tree__skeleton" />;
  else if (error) body = error;
  else if (!total) body = <Empty description={t('tree.empty')} />;
  else if (!groups.length) body = <Empty description={t('tree.noMatch')} />;
  else
    body = (
      <div className="camera-tree" role="tree" aria-label={t('tree.label')}>
        {groups.map(({ node, cameras }) => {
          // A search shows every group that matched, open.
          const open = Boolean(needle) || !collapsed.has(node.key);
          return (
            <div key={node.key} role="none">
              <div
                role="treeitem"
                data-tree-row
                tabIndex={0}
                aria-expanded={open}
                aria-level={1}
                className="camera-tree__group"
                onClick={() => toggle(node.key)}
                onKeyDown={(event) => {
                  if (moveFocus(event)) event.preventDefault();
                  else if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    toggle(node.key);
                  } else if (event.key === 'ArrowRight') toggle(node.key, true);
                  else if (event.key === 'ArrowLeft') toggle(node.key, false);
                }}
              >
                <span className="camera-tree__caret" aria-hidden>
                  {open ? <IconDown /> : <IconRight />}
                </span>
                <span className="camera-tree__kind" aria-hidden title={t(`tree.kind.${node.kind}`)}>
                  {KIND_ICONS[node.kind]}
                </span>
                <span className="camera-tree__group-name" title={node.name}>
                  {node.name}
                </span>
                <span className="camera-tree__count">{cameras.length}</span>
              </div>
              {open ? (
                // biome-ignore lint/a11y/useSemanticElements: a tree's group of rows, not a form's fieldset.
                <div role="group" className="camera-tree__cameras">
                  {cameras.map((camera) => (
                    <CameraRow
                      key={camera.id}
                      camera={camera}
                      shown={inGrid.has(camera.id)}
                      onPick={onPick}
                      i18n={i18n}
                    />
                  ))}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    );

  return (
    <div className="camera-tree-panel">
      <Input
        allowClear
        size="small"
        prefix={<IconSearch />}
        placeholder={t('tree.search')}
        aria-label={t('tree.search')}
        value={search}
        onChange={setSearch}
        className="camera-tree-panel__search"
      />
      <div className="camera-tree-panel__body">{body}</div>
      <p className="camera-tree-panel__hint">{t('tree.hint')}</p>
    </div>
  );
}

function CameraRow({
  camera,
  shown,
  onPick,
  i18n,
}: {
  camera: TreeCamera;
  shown: boolean;
  onPick: (camera: TreeCamera) => void;
  i18n: CameraLiveI18n;
}) {
  const { t } = i18n;
  const status = t(`status.${camera.status}`);
  return (
    <div
      role="treeitem"
      data-tree-row
      tabIndex={0}
      aria-level={2}
      aria-selected={shown}
      aria-label={t('tree.camera', { name: camera.name, code: camera.code, status })}
      className={`camera-tree__camera${shown ? ' camera-tree__camera--shown' : ''}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(CAMERA_DRAG_TYPE, String(camera.id));
        event.dataTransfer.setData('text/plain', String(camera.id));
        event.dataTransfer.effectAllowed = 'copyMove';
      }}
      onDoubleClick={() => onPick(camera)}
      onKeyDown={(event) => {
        if (moveFocus(event)) event.preventDefault();
        else if (event.key === 'Enter') {
          event.preventDefault();
          onPick(camera);
        }
      }}
      title={camera.location ? `${camera.name} · ${camera.location}` : camera.name}
    >
      <span className={`camera-status-dot camera-status-dot--${camera.status}`} aria-hidden title={status} />
      <IconCamera className="camera-tree__icon" aria-hidden />
      <span className="camera-tree__name">{camera.name}</span>
      {camera.ptz ? (
        <span className="camera-tree__ptz" title={t('tree.ptz')}>
          PTZ
        </span>
      ) : null}
      <code className="camera-tree__code">{camera.code}</code>
    </div>
  );
}
