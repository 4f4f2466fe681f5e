import { Button, Result, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type CameraPlay, camerasApi, type PublicCamera } from '@water/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, callApi, errorText } from '../../../shared/api/http.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { CameraPlayer } from '../player/camera-player.tsx';
import { type PublicCameraMessageKey, usePublicCameraI18n } from './use-public-camera-i18n.ts';
import './public-camera-page.css';

/** Why the page shows no stream: the link was refused (403), has ended (410 or the countdown), or it failed. */
type Ending = { kind: 'invalid' | 'ended'; message: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** What is left of the link: mm:ss under an hour, hh:mm:ss under a day, then days and hh:mm:ss. */
export function remainingText(ms: number, days: (d: number, hms: string) => string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600) % 24;
  const d = Math.floor(total / 86_400);
  if (total < 3600) return `${pad(m)}:${pad(s)}`;
  const hms = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return d > 0 ? days(d, hms) : hms;
}

/** The current time, ticking each second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A refusal of the link: 403 (forged, altered, not for this camera) or 410 (expired, revoked, camera disabled). */
function endingOf(err: unknown): Ending | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 403) return { kind: 'invalid', message: err.message };
  if (err.code === 410) return { kind: 'ended', message: err.message };
  return null;
}

function EndedPage({ ending }: { ending: Ending }) {
  const { t } = usePublicCameraI18n();
  const title: PublicCameraMessageKey =
    ending.kind === 'invalid' ? 'publicCamera.invalid.title' : 'publicCamera.ended.title';
  return (
    <div className="public-camera public-camera--result">
      <Result status={ending.kind === 'invalid' ? '403' : 'warning'} title={t(title)} subTitle={ending.message} />
    </div>
  );
}

function Watching({
  camera,
  getPlay,
  onEnd,
}: {
  camera: PublicCamera;
  getPlay: () => Promise<CameraPlay>;
  onEnd: () => void;
}) {
  const { t, locale } = usePublicCameraI18n();
  const now = useNow();
  const left = Date.parse(camera.expiresAt) - now;
  useEffect(() => {
    if (left <= 0) onEnd();
  }, [left, onEnd]);
  const place = [camera.placeName, camera.location].filter(Boolean);

  return (
    <div className="public-camera">
      <header className="public-camera__header">
        <h1 className="public-camera__title">{camera.name}</h1>
        <dl className="public-camera__facts">
          {camera.placeName && (
            <div>
              <dt>{t('publicCamera.place')}</dt>
              <dd>{camera.placeName}</dd>
            </div>
          )}
          {camera.location && (
            <div>
              <dt>{t('publicCamera.location')}</dt>
              <dd>{camera.location}</dd>
            </div>
          )}
          <div>
            <dt>{t('publicCamera.code')}</dt>
            <dd>{camera.code}</dd>
          </div>
        </dl>
        <p className="public-camera__expiry">
          {t('publicCamera.validUntil', { time: formatDateTime(camera.expiresAt, locale) })}
          <span className="public-camera__left">
            {t('publicCamera.remaining', {
              left: remainingText(left, (d, hms) => t('publicCamera.days', { d, hms })),
            })}
          </span>
        </p>
      </header>
      <div className="public-camera__player">
        <CameraPlayer
          getPlay={getPlay}
          title={place.length ? `${camera.name} · ${place.join(' · ')}` : camera.name}
          fileStem={camera.code}
          variant="page"
        />
      </div>
      <p className="public-camera__footer">{t('publicCamera.footer')}</p>
    </div>
  );
}

/**
 * The public camera page (`/bz/cameraDetails?token=…`, no sign-in; issue 19): the one camera a signed,
 * expiring link opens, with a countdown to its end. A forged, expired or revoked link gets a page
 * saying so and no stream; when the link ends while watching, the stream stops.
 */
export function PublicCameraPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Another link opened in the same tab starts afresh (a link that ended does not end the next).
  return <PublicCameraView key={token} token={token} />;
}

function PublicCameraView({ token }: { token: string }) {
  const { t, locale } = usePublicCameraI18n();
  const [ending, setEnding] = useState<Ending | null>(null);

  const query = useQuery({
    queryKey: ['public-camera', token, locale] as const,
    queryFn: ({ signal }) => callApi(camerasApi.publicView, { query: { token }, locale, signal, silent: true }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // A language switch asks again (the server's texts) without dropping the playing stream.
    placeholderData: (previous) => previous,
  });

  // A reconnect asks the same link again: a link ended meanwhile ends the page.
  const getPlay = useCallback(async () => {
    try {
      return (await callApi(camerasApi.publicView, { query: { token }, locale, silent: true })).play;
    } catch (err) {
      const refused = endingOf(err);
      if (refused) setEnding(refused);
      throw err;
    }
  }, [token, locale]);
  const expire = useCallback(() => setEnding({ kind: 'ended', message: t('publicCamera.expired') }), [t]);

  if (!token) return <EndedPage ending={{ kind: 'invalid', message: t('publicCamera.noToken') }} />;
  if (ending) return <EndedPage ending={ending} />;
  if (query.data) return <Watching camera={query.data} getPlay={getPlay} onEnd={expire} />;
  if (query.error) {
    const refused = endingOf(query.error);
    if (refused) return <EndedPage ending={refused} />;
    return (
      <div className="public-camera public-camera--result">
        <Result
          status="error"
          title={t('publicCamera.failed.title')}
          subTitle={errorText(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('publicCamera.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="public-camera public-camera--result">
      <Spin tip={t('publicCamera.loading')} />
    </div>
  );
}
