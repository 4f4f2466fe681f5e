import { IconClose, IconCompass, IconPlus } from '@arco-design/web-react/icon';
import type { CameraPlay } from '@water/contracts';
import { type DragEvent, memo, useCallback, useState } from 'react';
import { CameraPlayer } from '../player/camera-player.tsx';
import { playCamera } from './camera-live-queries.ts';
import { CAMERA_DRAG_TYPE, type TreeCamera } from './camera-tree-panel.tsx';
import { PtzPad } from './ptz-pad.tsx';
import type { CameraLiveI18n } from './use-camera-live-i18n.ts';

/** The drag's data type for a tile being moved onto another (its index). */
const TILE_DRAG_TYPE = 'application/x-water-camera-tile';

export type GridDrop = { kind: 'camera'; id: number } | { kind: 'tile'; from: number };

function dropOf(event: DragEvent): GridDrop | null {
  const tile = event.dataTransfer.getData(TILE_DRAG_TYPE);
  if (tile !== '') return { kind: 'tile', from: Number(tile) };
  const raw = event.dataTransfer.getData(CAMERA_DRAG_TYPE) || event.dataTransfer.getData('text/plain');
  return /^[1-9]\d{0,9}$/.test(raw) ? { kind: 'camera', id: Number(raw) } : null;
}

const isOurs = (event: DragEvent) =>
  event.dataTransfer.types.includes(CAMERA_DRAG_TYPE) || event.dataTransfer.types.includes(TILE_DRAG_TYPE);

/**
 * The tiles: N of them in a square grid of 16:9 tiles filling the area. An empty tile takes a camera
 * dropped on it; a filled one plays it, and is dragged onto another tile to swap the two. A click (or
 * focus) selects a tile: double-click in the tree fills the selected one.
 */
export function CameraGrid({
  tiles,
  cameras,
  selected,
  onSelect,
  onDrop,
  onRemove,
  canPtz,
  i18n,
}: {
  tiles: (number | null)[];
  /** The tree's cameras by id (names and codes); a tile of an unknown camera shows its id. */
  cameras: ReadonlyMap<number, TreeCamera>;
  selected: number;
  onSelect: (index: number) => void;
  onDrop: (index: number, drop: GridDrop) => void;
  onRemove: (index: number) => void;
  canPtz: boolean;
  i18n: CameraLiveI18n;
}) {
  const side = Math.sqrt(tiles.length);
  return (
    <div className="camera-grid-area">
      <ol
        className="camera-grid"
        style={{ gridTemplateColumns: `repeat(${side}, minmax(0, 1fr))` }}
        aria-label={i18n.t('grid.label', { n: tiles.length })}
      >
        {tiles.map((id, index) => (
          <Tile
            // A new camera in a tile is a new player.
            // biome-ignore lint/suspicious/noArrayIndexKey: tiles are positions; the camera is part of the key.
            key={`${index}:${id ?? ''}`}
            index={index}
            id={id}
            camera={id === null ? undefined : cameras.get(id)}
            selected={selected === index}
            onSelect={onSelect}
            onDrop={onDrop}
            onRemove={onRemove}
            canPtz={canPtz}
            i18n={i18n}
          />
        ))}
      </ol>
    </div>
  );
}

const Tile = memo(function Tile({
  index,
  id,
  camera,
  selected,
  onSelect,
  onDrop,
  onRemove,
  canPtz,
  i18n,
}: {
  index: number;
  id: number | null;
  camera: TreeCamera | undefined;
  selected: boolean;
  onSelect: (index: number) => void;
  onDrop: (index: number, drop: GridDrop) => void;
  onRemove: (index: number) => void;
  canPtz: boolean;
  i18n: CameraLiveI18n;
}) {
  const { t, locale } = i18n;
  const [over, setOver] = useState(false);
  const [ptz, setPtz] = useState(false);
  const [ptzOpen, setPtzOpen] = useState(false);
  const n = index + 1;
  const title = camera ? camera.name : id !== null ? t('tile.unknown', { id }) : '';

  const getPlay = useCallback(() => playCamera(id as number, locale), [id, locale]);
  const onPlay = useCallback((play: CameraPlay) => setPtz(play.ptz), []);

  const className = [
    'camera-tile',
    selected ? 'camera-tile--selected' : '',
    over ? 'camera-tile--over' : '',
    id === null ? 'camera-tile--empty' : '',
  ].join(' ');

  return (
    <li
      className={className}
      aria-label={id === null ? t('tile.emptyLabel', { n }) : t('tile.label', { n, name: title })}
      aria-current={selected ? 'true' : undefined}
      draggable={id !== null}
      onDragStart={(event) => {
        if (id === null) return;
        event.dataTransfer.setData(TILE_DRAG_TYPE, String(index));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onPointerDown={() => onSelect(index)}
      onFocus={() => onSelect(index)}
      onDragOver={(event) => {
        if (!isOurs(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = event.dataTransfer.types.includes(TILE_DRAG_TYPE) ? 'move' : 'copy';
        if (!over) setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const drop = dropOf(event);
        if (!drop) return;
        event.preventDefault();
        onDrop(index, drop);
      }}
    >
      {id === null ? (
        <button type="button" className="camera-tile__empty" onClick={() => onSelect(index)}>
          <IconPlus className="camera-tile__empty-icon" aria-hidden />
          <span className="camera-tile__number">{n}</span>
          <span className="camera-tile__hint">{t('tile.hint')}</span>
        </button>
      ) : (
        <CameraPlayer
          getPlay={getPlay}
          title={title}
          fileStem={camera?.code ?? `camera-${id}`}
          onPlay={onPlay}
          toolbarExtra={
            <>
              {ptz && canPtz ? (
                <button
                  type="button"
                  className={`camera-player__button${ptzOpen ? ' camera-tile__tool--on' : ''}`}
                  aria-pressed={ptzOpen}
                  aria-label={t('tile.ptz', { name: title })}
                  title={t(ptzOpen ? 'tile.ptzHide' : 'tile.ptzShow')}
                  onClick={() => setPtzOpen((open) => !open)}
                >
                  <IconCompass />
                </button>
              ) : null}
              <button
                type="button"
                className="camera-player__button"
                aria-label={t('tile.removeLabel', { name: title })}
                title={t('tile.remove')}
                onClick={() => onRemove(index)}
              >
                <IconClose />
              </button>
            </>
          }
          overlay={ptz && canPtz && ptzOpen && id !== null ? <PtzPad cameraId={id} name={title} /> : null}
        />
      )}
    </li>
  );
});
