import { Radio } from '@arco-design/web-react';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconZoomIn,
  IconZoomOut,
} from '@arco-design/web-react/icon';
import type { PtzCommand } from '@water/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { sendPtz } from './camera-live-queries.ts';
import type { CameraLiveMessageKey } from './use-camera-live-i18n.ts';
import { useCameraLiveI18n } from './use-camera-live-i18n.ts';

type Move = Exclude<PtzCommand, 'stop'>;

/** The pad's buttons, in the 3 × 3 grid's order (the middle cell is the speed). */
const PAD: readonly (Move | null)[] = [
  'up_left',
  'up',
  'up_right',
  'left',
  null,
  'right',
  'down_left',
  'down',
  'down_right',
];

const ICONS: Partial<Record<Move, ReactNode>> = {
  up: <IconArrowUp />,
  down: <IconArrowDown />,
  left: <IconArrowLeft />,
  right: <IconArrowRight />,
  up_left: <IconArrowUp className="ptz-pad__diagonal ptz-pad__diagonal--ul" />,
  up_right: <IconArrowUp className="ptz-pad__diagonal ptz-pad__diagonal--ur" />,
  down_left: <IconArrowDown className="ptz-pad__diagonal ptz-pad__diagonal--dl" />,
  down_right: <IconArrowDown className="ptz-pad__diagonal ptz-pad__diagonal--dr" />,
  zoom_in: <IconZoomIn />,
  zoom_out: <IconZoomOut />,
};

const KEYS: Record<string, Move> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  '+': 'zoom_in',
  '=': 'zoom_in',
  '-': 'zoom_out',
};

/**
 * Pan, tilt and zoom one camera: a move runs while its button is held (pointer down starts it; up,
 * leaving the button or losing focus stops it), or while an arrow key (+ / − to zoom) is held with the
 * pad focused. Speed 1 slow – 3 fast. A refusal is the server's toast; a move that failed to start is not stopped.
 */
export function PtzPad({ cameraId, name }: { cameraId: number; name: string }) {
  const { t, locale } = useCameraLiveI18n();
  const [speed, setSpeed] = useState(2);
  const [active, setActive] = useState<Move | null>(null);
  const moving = useRef<Move | null>(null);

  const start = useCallback(
    (command: Move) => {
      if (moving.current === command) return;
      moving.current = command;
      setActive(command);
      sendPtz(cameraId, { command, speed }, locale).catch(() => {
        if (moving.current === command) {
          moving.current = null;
          setActive(null);
        }
      });
    },
    [cameraId, speed, locale],
  );

  const stop = useCallback(() => {
    if (moving.current === null) return;
    moving.current = null;
    setActive(null);
    sendPtz(cameraId, { command: 'stop' }, locale).catch(() => undefined);
  }, [cameraId, locale]);

  // A pad closed (or its tile emptied) mid-move stops the camera.
  const stopRef = useRef(stop);
  stopRef.current = stop;
  useEffect(() => () => stopRef.current(), []);

  const button = (command: Move) => (
    <button
      key={command}
      type="button"
      className={`ptz-pad__button${active === command ? ' ptz-pad__button--active' : ''}`}
      aria-label={t(`ptz.${command}` as CameraLiveMessageKey)}
      title={t(`ptz.${command}` as CameraLiveMessageKey)}
      aria-pressed={active === command}
      onPointerDown={(event) => {
        if (event.button === 0) start(command);
      }}
      onPointerUp={stop}
      onPointerCancel={stop}
      onPointerLeave={stop}
      onBlur={stop}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && !event.repeat) {
          event.preventDefault();
          start(command);
        }
      }}
      onKeyUp={(event) => {
        if (event.key === 'Enter' || event.key === ' ') stop();
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {ICONS[command]}
    </button>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of controls over a video, not a form's fieldset; its arrow keys act while a button in it has focus.
    <div
      className="ptz-pad"
      role="group"
      aria-label={t('ptz.label', { name })}
      onKeyDown={(event) => {
        const command = KEYS[event.key];
        if (!command) return;
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) start(command);
      }}
      onKeyUp={(event) => {
        if (KEYS[event.key]) stop();
      }}
      onPointerDown={(event) => event.stopPropagation()}
    >
      <div className="ptz-pad__directions">
        {PAD.map((command, i) =>
          command ? (
            button(command)
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the one fixed middle cell.
            <span key={i} className="ptz-pad__hub" aria-hidden />
          ),
        )}
      </div>
      <div className="ptz-pad__zoom">
        {button('zoom_in')}
        {button('zoom_out')}
      </div>
      <Radio.Group
        type="button"
        size="mini"
        className="ptz-pad__speed"
        aria-label={t('ptz.speed')}
        value={speed}
        onChange={(value: number) => setSpeed(value)}
      >
        {[1, 2, 3].map((s) => (
          <Radio key={s} value={s}>
            {t(`ptz.speed.${s}` as CameraLiveMessageKey)}
          </Radio>
        ))}
      </Radio.Group>
    </div>
  );
}
