import { Tooltip } from '@arco-design/web-react';
import type { LiveValue, StationLiveSummary } from '@water/contracts';
import { Link } from 'react-router';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { LevelBar } from './level-bar.tsx';
import { ageText, DIGITS, formatNumber, hasStale, isUnmapped, timeText } from './live-format.ts';
import { LiveFigure, PumpDots, StationStateTag } from './station-card.tsx';
import type { StationLiveI18n } from './use-station-live-i18n.ts';

/**
 * The live table's columns: the card's figures, one station a row. The default set (station, state,
 * level, pumps, flow, power, region, last update: 994 px) fits the 1025 px a 1366×768 screen leaves
 * a list, in both languages; pressure, rain, kind and code wait in the column chooser.
 */
export function stationLiveColumns({
  i18n,
  now,
  hrefOf,
}: {
  i18n: StationLiveI18n;
  now: number;
  hrefOf: (station: StationLiveSummary) => string;
}): ListColumn<StationLiveSummary>[] {
  const { t, locale } = i18n;
  const none = t('live.none');
  const figure = (v: LiveValue, digits: number) =>
    isUnmapped(v) ? (
      <span className="list-page__muted">{none}</span>
    ) : (
      <LiveFigure value={v} text={v.value === null ? none : formatNumber(v.value, locale, digits)} i18n={i18n} />
    );
  return [
    {
      key: 'name',
      choice: 'always',
      title: t('live.col.name'),
      dataIndex: 'name',
      width: 160,
      render: (_, s) => (
        <Link to={hrefOf(s)} className="list-page__ellipsis station-table__name" title={s.name}>
          {s.name}
        </Link>
      ),
    },
    {
      key: 'code',
      choice: 'hidden',
      title: t('live.col.code'),
      dataIndex: 'code',
      width: 100,
      render: (_, s) => <code className="list-page__ellipsis">{s.code}</code>,
    },
    {
      key: 'state',
      choice: 'always',
      title: t('live.col.state'),
      dataIndex: 'state',
      width: 84,
      render: (_, s) => <StationStateTag station={s} i18n={i18n} />,
    },
    {
      key: 'level',
      choice: 'always',
      title: t('live.col.level'),
      dataIndex: 'level',
      width: 160,
      render: (_, s) => (
        <span className="station-table__level">
          <LevelBar station={s} i18n={i18n} orientation="horizontal" />
          {figure(s.level, DIGITS.level)}
        </span>
      ),
    },
    {
      key: 'pumps',
      title: t('live.col.pumpsRunning'),
      dataIndex: 'pumpsRunning',
      width: 150,
      render: (_, s) => <PumpDots station={s} i18n={i18n} compact />,
    },
    {
      key: 'flow',
      title: t('live.col.flow'),
      dataIndex: 'flow',
      width: 100,
      align: 'right',
      render: (_, s) => figure(s.flow, DIGITS.flow),
    },
    {
      key: 'power',
      title: t('live.col.power'),
      dataIndex: 'power',
      width: 90,
      align: 'right',
      render: (_, s) => (s.power === null ? none : formatNumber(s.power, locale, DIGITS.power)),
    },
    {
      key: 'pressure',
      choice: 'hidden',
      title: `${t('live.col.pressure')} (MPa)`,
      dataIndex: 'pressure',
      width: 100,
      align: 'right',
      render: (_, s) => figure(s.pressure, DIGITS.pressure),
    },
    {
      key: 'rain',
      choice: 'hidden',
      title: t('live.col.rain'),
      dataIndex: 'rain',
      width: 100,
      align: 'right',
      render: (_, s) => figure(s.rain, DIGITS.rain),
    },
    {
      key: 'kind',
      choice: 'hidden',
      title: t('live.col.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (_, s) => t(`live.kind.${s.kind}`),
    },
    {
      key: 'region',
      title: t('live.col.region'),
      dataIndex: 'regionName',
      width: 100,
      render: (_, s) =>
        s.regionName ? (
          <span className="list-page__ellipsis" title={s.regionName}>
            {s.regionName}
          </span>
        ) : (
          <span className="list-page__muted">{none}</span>
        ),
    },
    {
      key: 'updated',
      title: t('live.col.updated'),
      dataIndex: 'lastUpdate',
      width: 150,
      render: (_, s) => (
        <span className="list-page__nowrap">
          {s.lastUpdate ? (
            <Tooltip content={timeText(s.lastUpdate, locale, now)} mini>
              <time dateTime={s.lastUpdate}>{ageText(s.lastUpdate, now, t)}</time>
            </Tooltip>
          ) : (
            t('live.never')
          )}
          {hasStale(s) ? <span className="stale-badge stale-badge--inline">{t('live.stale')}</span> : null}
        </span>
      ),
    },
  ];
}
