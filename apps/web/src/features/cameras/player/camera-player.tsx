import { Message } from '@arco-design/web-react';
import {
  IconCamera,
  IconExclamationCircle,
  IconFullscreen,
  IconFullscreenExit,
  IconLoading,
  IconRefresh,
  IconWifi,
} from '@arco-design/web-react/icon';
import type { CameraPlay } from '@water/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PlayerSession, type PlayerStatus, type PlayerView } from './player-session.ts';
import { takeSnapshot } from './snapshot.ts';
import { type CameraPlayerMessageKey, usePlayerI18n } from './use-player-i18n.ts';
import './camera-player.css';

export interface CameraPlayerProps {
  /** How to play now: GET /cameras/:id/play (live page) or the public answer's `play`. Called again on reconnect and shortly before `expiresAt`. */
  getPlay: () => Promise<CameraPlay>;
  /** Shown in the tile's header; the video element's accessible name (aria-label) is this title. */
  title: string;
  /** Snapshot file name stem (e.g. the camera code): `<stem>-YYYYMMDD-HHmmss.png`. */
  fileStem: string;
  /** 'tile': compact grid tile (toolbar on hover/focus); 'page': large single view. Default 'tile'. */
  variant?: 'tile' | 'page';
  /** Extra toolbar buttons (the live page's PTZ toggle, "remove from tile"). */
  toolbarExtra?: ReactNode;
  /** Drawn over the video (the PTZ pad). */
  overlay?: ReactNode;
  /** Told the play answer once known (the live page reads `ptz` from it). */
  onPlay?: (play: CameraPlay) => void;
}

const STATE_KEYS: Record<PlayerStatus['kind'], CameraPlayerMessageKey> = {
  connecting: 'player.state.connecting',
  playing: 'player.state.playing',
  stalled: 'player.state.stalled',
  reconnecting: 'player.state.reconnecting',
  error: 'player.state.error',
  offline: 'player.state.offline',
};

function StateIcon({ kind }: { kind: PlayerStatus['kind'] }) {
  if (kind === 'error') return <IconExclamationCircle />;
  if (kind === 'offline') return <IconWifi />;
  return <IconLoading />;
}

/**
 * A camera's live video: the engine its play answer needs (hls.js, mpegts.js, WebRTC WHEP), its
 * state and latency in a thin header, reconnection with backoff, and a toolbar (snapshot, full
 * screen, reconnect, and the caller's own buttons). Muted, autoplaying, inline.
 */
export function CameraPlayer({
  getPlay,
  title,
  fileStem,
  variant = 'tile',
  toolbarExtra,
  overlay,
  onPlay,
}: CameraPlayerProps) {
  const { t } = usePlayerI18n();
  const tileRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const sessionRef = useRef<PlayerSession | null>(null);
  const getPlayRef = useRef(getPlay);
  const onPlayRef = useRef(onPlay);
  getPlayRef.current = getPlay;
  onPlayRef.current = onPlay;
  const [view, setView] = useState<PlayerView>({ status: { kind: 'connecting' }, latency: null, estimated: true });
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const session = new PlayerSession(video, {
      getPlay: () => getPlayRef.current(),
      onPlay: (play) => onPlayRef.current?.(play),
      onChange: setView,
    });
    sessionRef.current = session;
    session.start();
    return () => {
      session.dispose();
      sessionRef.current = null;
    };
  }, []);

  useEffect(() => {
    const sync = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === tileRef.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const { status } = view;
  const stateText =
    status.kind === 'reconnecting' ? t('player.state.reconnecting', { n: status.attempt }) : t(STATE_KEYS[status.kind]);
  // The player's own reasons in words; an engine's (hls.js, mpegts.js, WebRTC) as "the stream dropped",
  // its technical text on hover; a server refusal (`error`) is already in the caller's language.
  const technical = status.kind === 'reconnecting' ? status.reason : '';
  const reason =
    status.kind === 'error'
      ? status.reason
      : status.kind !== 'reconnecting'
        ? ''
        : status.reason === 'stalled'
          ? t('player.reason.stalled')
          : status.reason === 'no picture'
            ? t('player.reason.noPicture')
            : t('player.reason.dropped');
  const latencyText =
    view.latency === null
      ? ''
      : t(view.estimated ? 'player.latencyEstimated' : 'player.latency', { s: view.latency.toFixed(1) });

  const snapshot = async () => {
    const video = videoRef.current;
    if (!video) return;
    const result = await takeSnapshot(video, fileStem);
    if (result.ok) Message.success(t('player.snapshot.saved', { name: result.name }));
    else
      Message.warning(
        t(
          result.problem === 'noFrame'
            ? 'player.snapshot.noFrame'
            : result.problem === 'tainted'
              ? 'player.snapshot.tainted'
              : 'player.snapshot.failed',
        ),
      );
  };

  const toggleFullscreen = async () => {
    const tile = tileRef.current;
    if (!tile) return;
    try {
      if (document.fullscreenElement === tile) await document.exitFullscreen();
      else await tile.requestFullscreen();
    } catch {
      Message.warning(t('player.fullscreen.failed'));
    }
  };

  return (
    <section
      ref={tileRef}
      className={`camera-player camera-player--${variant}${fullscreen ? ' camera-player--fullscreen' : ''}`}
      aria-label={title}
      data-state={status.kind}
    >
      <header className="camera-player__header">
        <span className={`camera-player__dot camera-player__dot--${status.kind}`} aria-hidden="true" />
        <span className="camera-player__title" title={title}>
          {title}
        </span>
        <span className="camera-player__state" role="status">
          {stateText}
        </span>
        {latencyText && <span className="camera-player__latency">{latencyText}</span>}
      </header>
      <div className="camera-player__stage">
        <video ref={videoRef} className="camera-player__video" aria-label={title} muted autoPlay playsInline />
        {status.kind !== 'playing' && (
          <div className={`camera-player__cover camera-player__cover--${status.kind}`}>
            <StateIcon kind={status.kind} />
            <span>{stateText}</span>
            {reason && (
              <span className="camera-player__reason" title={technical || undefined}>
                {reason}
              </span>
            )}
          </div>
        )}
        {overlay}
        <div className="camera-player__toolbar" role="toolbar" aria-label={t('player.toolbar')}>
          {toolbarExtra}
          <button
            type="button"
            className="camera-player__button"
            aria-label={t('player.snapshot')}
            title={t('player.snapshot')}
            onClick={() => void snapshot()}
          >
            <IconCamera />
          </button>
          <button
            type="button"
            className="camera-player__button"
            aria-label={t(fullscreen ? 'player.exitFullscreen' : 'player.fullscreen')}
            title={t(fullscreen ? 'player.exitFullscreen' : 'player.fullscreen')}
            onClick={() => void toggleFullscreen()}
          >
            {fullscreen ? <IconFullscreenExit /> : <IconFullscreen />}
          </button>
          <button
            type="button"
            className="camera-player__button"
            aria-label={t('player.reconnect')}
            title={t('player.reconnect')}
            onClick={() => sessionRef.current?.reconnect()}
          >
            <IconRefresh />
          </button>
        </div>
      </div>
    </section>
  );
}
