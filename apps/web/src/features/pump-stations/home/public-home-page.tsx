import { Alert, Button, Card, Result, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { ALARM_SEVERITIES, type PublicOverview } from '@water/contracts';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/http.ts';
import { isSignedIn } from '../../../shared/session/token.ts';
import { LevelRankingChart, StationMapChart } from './public-home-charts.tsx';
import { publicHomeQueries } from './public-home-queries.ts';
import { STATES } from './station-state-colors.ts';
import { type PublicHomeI18n, usePublicHomeI18n } from './use-public-home-i18n.ts';
import './public-home.css';

/** The ranking shows this many wells, highest first: one screen at 1366×768 and at 1920×1080. */
const LEVELS_SHOWN = 12;
/** Where a visitor goes when public access is off (the spec's sign-in, back here afterwards). */
const LOGIN_PATH = '/login';

/** Chart height by window height: a 1080-line wall display, a mid screen, a 768-line laptop. */
const chartHeight = () => (window.innerHeight >= 1000 ? 560 : window.innerHeight >= 850 ? 420 : 320);

function useChartHeight() {
  const [height, setHeight] = useState(chartHeight);
  useEffect(() => {
    const onResize = () => setHeight(chartHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

function Tile({
  label,
  children,
  tone,
  note,
}: {
  label: string;
  children: ReactNode;
  tone?: string;
  note?: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`public-home__tile${tone ? ` public-home__tile--${tone}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="public-home__tile-label">
        {label}
      </h2>
      <div className="public-home__tile-value">{children}</div>
      {note ? <div className="public-home__tile-note">{note}</div> : null}
    </section>
  );
}

function Kpis({ data, i18n }: { data: PublicOverview; i18n: PublicHomeI18n }) {
  const { t, locale } = i18n;
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const mm = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rain = (v: number | null) => (v === null ? t('publicHome.none') : mm.format(v));
  return (
    <div className="public-home__kpis">
      {STATES.map((state) => (
        <Tile
          key={state}
          label={t(`publicHome.state.${state}`)}
          tone={state}
          note={t('publicHome.ofTotal', { total: data.stations.total })}
        >
          <span className="public-home__figure">{n.format(data.stations[state])}</span>
        </Tile>
      ))}
      <Tile label={t('publicHome.kpi.pumped')}>
        <span className="public-home__figure">{n.format(data.pumpedToday)}</span>
        <span className="public-home__unit">{t('publicHome.kpi.pumpedUnit')}</span>
      </Tile>
      <Tile label={t('publicHome.kpi.alarms')}>
        <dl className="public-home__alarms">
          {ALARM_SEVERITIES.map((severity) => (
            <div key={severity} className={`public-home__alarm public-home__alarm--${severity}`}>
              <dt>{t(`publicHome.alarm.${severity}`)}</dt>
              <dd>{n.format(data.alarms[severity])}</dd>
            </div>
          ))}
        </dl>
      </Tile>
      <Tile label={t('publicHome.kpi.rain')} note={t('publicHome.kpi.gauges', { gauges: data.rain.gauges })}>
        <dl className="public-home__rain">
          <div>
            <dt>{t('publicHome.kpi.rainMax')}</dt>
            <dd>
              {rain(data.rain.max)} <small>{t('publicHome.kpi.rainUnit')}</small>
            </dd>
          </div>
          <div>
            <dt>{t('publicHome.kpi.rainAvg')}</dt>
            <dd>
              {rain(data.rain.avg)} <small>{t('publicHome.kpi.rainUnit')}</small>
            </dd>
          </div>
        </dl>
      </Tile>
    </div>
  );
}

function Panels({ data, i18n }: { data: PublicOverview; i18n: PublicHomeI18n }) {
  const { t } = i18n;
  const height = useChartHeight();
  const levels = data.levels.slice(0, LEVELS_SHOWN);
  const stateLabel = useMemo(() => (state: (typeof STATES)[number]) => t(`publicHome.state.${state}`), [t]);
  const counts = Object.fromEntries(STATES.map((state) => [state, data.map.filter((p) => p.state === state).length]));
  const levelItems = levels
    .map((l) =>
      t('publicHome.levels.item', {
        name: l.name,
        level: l.level.toFixed(2),
        high: l.high.toFixed(2),
        ratio: Math.round(l.ratio * 100),
      }),
    )
    .join('; ');
  return (
    <div className="public-home__panels">
      <Card className="public-home__panel" title={t('publicHome.map.title')} bordered={false}>
        {data.map.length ? (
          <figure className="public-home__figure-box" role="img" aria-label={t('publicHome.map.label', counts)}>
            <StationMapChart points={data.map} stateLabel={stateLabel} height={height} />
          </figure>
        ) : (
          <div className="public-home__empty">{t('publicHome.map.empty')}</div>
        )}
      </Card>
      <Card className="public-home__panel" title={t('publicHome.levels.title')} bordered={false}>
        {levels.length ? (
          <figure
            className="public-home__figure-box"
            role="img"
            aria-label={t('publicHome.levels.label', { items: levelItems })}
          >
            <LevelRankingChart levels={levels} highLabel={t('publicHome.levels.high')} height={height} />
          </figure>
        ) : (
          <div className="public-home__empty">{t('publicHome.levels.empty')}</div>
        )}
      </Card>
    </div>
  );
}

/**
 * The public home (/bz/index, monitorMange): a read-only overview for a wall display, open without
 * sign-in. It polls the public overview; a failed poll keeps the last figures under a stale banner,
 * and a 401 (an administrator switched public access off) sends the visitor to sign in.
 */
export function PublicHomePage() {
  const i18n = usePublicHomeI18n();
  const { t, locale } = i18n;
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery(publicHomeQueries.overview(locale));
  const closed = query.error instanceof ApiError && query.error.code === 401;
  // Signed in already, sign-in would only bring the user back here: the failed state shows instead.
  const toSignIn = closed && !isSignedIn();

  const sent = useRef(false);
  useEffect(() => {
    if (!toSignIn || sent.current) return;
    sent.current = true;
    const redirect = new URLSearchParams({ redirect: location.pathname });
    void navigate(`${LOGIN_PATH}?${redirect.toString()}`, { replace: true });
  }, [toSignIn, navigate, location.pathname]);

  const time = (at: string) =>
    new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const data = query.data;

  return (
    <main className="public-home" aria-label={t('publicHome.title')}>
      <header className="public-home__header">
        <h1 className="public-home__title">{t('publicHome.title')}</h1>
        {data ? (
          <p className="public-home__status" role="status">
            <span className={`public-home__dot${query.isError ? ' public-home__dot--stale' : ''}`} aria-hidden />
            {t('publicHome.updatedAt', { time: time(data.at) })}
            <span className="public-home__hint">{t('publicHome.refreshing')}</span>
          </p>
        ) : null}
      </header>
      {data && query.isError && !toSignIn ? (
        <Alert type="warning" className="public-home__stale" content={t('publicHome.stale', { time: time(data.at) })} />
      ) : null}
      {data ? (
        <>
          <Kpis data={data} i18n={i18n} />
          <Panels data={data} i18n={i18n} />
        </>
      ) : query.isError && !toSignIn ? (
        <Result
          status="error"
          title={t('publicHome.failed')}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('publicHome.retry')}
            </Button>
          }
        />
      ) : (
        <div className="public-home__loading">
          <Spin tip={t('publicHome.loading')} />
        </div>
      )}
    </main>
  );
}

export default PublicHomePage;
