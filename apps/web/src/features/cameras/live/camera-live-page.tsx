import { Button, Message, Tooltip } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type CameraGridSize, type CameraLayout, Permissions } from '@water/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { CameraGrid, type GridDrop } from './camera-grid.tsx';
import { cameraLiveQueries, useLayoutWrites } from './camera-live-queries.ts';
import { CameraTreePanel, type TreeCamera } from './camera-tree-panel.tsx';
import {
  type LiveArrangement,
  readArrangement,
  trimTiles,
  visibleTiles,
  withTile,
  writeArrangement,
} from './live-address.ts';
import { LiveToolbar } from './live-toolbar.tsx';
import { useCameraLiveI18n } from './use-camera-live-i18n.ts';
import './camera-live.css';

const sameTiles = (a: readonly (number | null)[], b: readonly (number | null)[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The live view (/bz/camera), an operator's video wall: the camera tree beside a grid of 1, 4, 9 or 16
 * tiles. The arrangement is the address (`?grid=4&cameras=3,5,,8`, `&layout=2` once saved or loaded),
 * so a reload, a link from a station and the console's tabs keep it. Only the grid's own tiles play:
 * cameras past a smaller grid stay in the address for a larger one.
 */
export function CameraLivePage() {
  const i18n = useCameraLiveI18n();
  const { t, locale } = i18n;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.toString();
  const arrangement = useMemo(() => readArrangement(new URLSearchParams(search)), [search]);
  const tiles = useMemo(() => visibleTiles(arrangement), [arrangement]);
  const [selected, setSelected] = useState<number | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const canPtz = useButtonPermission([Permissions.cameraPtz]);

  const tree = useQuery(cameraLiveQueries.tree(locale));
  const layouts = useQuery(cameraLiveQueries.layouts(locale));
  const writes = useLayoutWrites(locale);

  const cameras = useMemo(() => {
    const byId = new Map<number, TreeCamera>();
    for (const node of tree.data ?? []) for (const camera of node.cameras) byId.set(camera.id, camera);
    return byId;
  }, [tree.data]);
  const inGrid = useMemo(() => new Set(tiles.filter((id): id is number => id !== null)), [tiles]);

  const arrange = useCallback(
    (next: Partial<LiveArrangement>) =>
      navigate({ search: writeArrangement(new URLSearchParams(search), { ...arrangement, ...next }) }),
    [navigate, search, arrangement],
  );

  const current = layouts.data?.find((l) => l.id === arrangement.layoutId);
  const shownTiles = trimTiles(tiles);
  const changed = Boolean(
    current && (current.grid !== arrangement.grid || !sameTiles(trimTiles(current.tiles), shownTiles)),
  );

  /** Double-click or Enter in the tree: the selected tile, else the first empty one. */
  const pick = (camera: TreeCamera) => {
    const at = tiles.indexOf(camera.id);
    if (at >= 0) return setSelected(at);
    const target = selected !== null && selected < tiles.length ? selected : tiles.indexOf(null);
    if (target < 0) {
      Message.info(t('grid.full'));
      return;
    }
    arrange({ tiles: withTile(arrangement.tiles, target, camera.id) });
    // The next double-click fills the next empty tile after this one.
    const after = [...tiles.keys()]
      .map((i) => (target + 1 + i) % tiles.length)
      .find((i) => tiles[i] === null && i !== target);
    setSelected(selected === null ? null : (after ?? target));
  };

  const onDrop = useCallback(
    (index: number, drop: GridDrop) => {
      let next = [...tiles];
      if (drop.kind === 'tile') {
        if (drop.from === index || drop.from >= tiles.length) return;
        [next[index], next[drop.from]] = [next[drop.from] ?? null, next[index] ?? null];
      } else {
        // A camera shown elsewhere moves here.
        next = next.map((id) => (id === drop.id ? null : id));
        next[index] = drop.id;
      }
      setSelected(index);
      arrange({ tiles: [...next, ...arrangement.tiles.slice(tiles.length)] });
    },
    [tiles, arrangement.tiles, arrange],
  );
  const onRemove = useCallback(
    (index: number) => arrange({ tiles: withTile(arrangement.tiles, index, null) }),
    [arrangement.tiles, arrange],
  );

  const onGrid = (grid: CameraGridSize) => {
    if (selected !== null && selected >= grid) setSelected(null);
    arrange({ grid });
  };

  const body = () => ({ name: current?.name ?? '', grid: arrangement.grid, tiles: shownTiles });
  const layoutActions = {
    layouts: layouts.data ?? [],
    current,
    changed,
    onLoad: (layout: CameraLayout) => {
      setSelected(null);
      const grid = ([1, 4, 9, 16] as const).find((n) => n === layout.grid) ?? 4;
      arrange({ grid, tiles: trimTiles(layout.tiles), layoutId: layout.id });
    },
    onSave: async () => {
      if (!current) return;
      await writes.update.mutateAsync({ id: current.id, body: body() });
      Message.success(t('layout.saved', { name: current.name }));
    },
    onSaveAs: async (name: string) => {
      const saved = await writes.create.mutateAsync({ ...body(), name });
      arrange({ layoutId: saved.id });
      Message.success(t('layout.saved', { name: saved.name }));
    },
    onRename: async (name: string) => {
      if (!current) return;
      // Only the name: the saved tiles stay as saved.
      await writes.update.mutateAsync({
        id: current.id,
        body: { name, grid: current.grid as CameraGridSize, tiles: trimTiles(current.tiles).slice(0, current.grid) },
      });
    },
    onDelete: async () => {
      if (!current) return;
      await writes.remove.mutateAsync(current.id);
      arrange({ layoutId: null });
    },
  };

  return (
    <div className={`camera-live${panelOpen ? '' : ' camera-live--folded'}`}>
      <header className="camera-live__header">
        <Tooltip mini content={panelOpen ? t('panel.hide') : t('panel.show')}>
          <Button
            size="small"
            type="text"
            icon={panelOpen ? <IconMenuFold /> : <IconMenuUnfold />}
            aria-label={panelOpen ? t('panel.hide') : t('panel.show')}
            aria-expanded={panelOpen}
            aria-controls="camera-live-panel"
            onClick={() => setPanelOpen((open) => !open)}
          />
        </Tooltip>
        <h1 className="camera-live__title">{t('title')}</h1>
        <span className="camera-live__count">{t('count', { n: inGrid.size, grid: arrangement.grid })}</span>
        <LiveToolbar
          grid={arrangement.grid}
          onGrid={onGrid}
          filled={shownTiles.length + arrangement.tiles.slice(tiles.length).filter((id) => id !== null).length}
          onClear={() => {
            setSelected(null);
            arrange({ tiles: [] });
          }}
          layout={layoutActions}
          i18n={i18n}
        />
      </header>
      <div className="camera-live__body">
        <aside id="camera-live-panel" className="camera-live__panel" aria-label={t('panel.label')} hidden={!panelOpen}>
          <CameraTreePanel
            nodes={tree.data}
            loading={tree.isPending}
            error={
              tree.isError && !tree.data ? (
                <LoadFailedResult
                  error={tree.error}
                  onRetry={() => tree.refetch()}
                  title={t('tree.loadFailed')}
                  requestFailed={t('requestFailed')}
                  retryLabel={t('retry')}
                />
              ) : null
            }
            inGrid={inGrid}
            onPick={pick}
            i18n={i18n}
          />
        </aside>
        <CameraGrid
          tiles={tiles}
          cameras={cameras}
          selected={selected ?? -1}
          onSelect={setSelected}
          onDrop={onDrop}
          onRemove={onRemove}
          canPtz={canPtz}
          i18n={i18n}
        />
      </div>
    </div>
  );
}
