import { Button, Empty, Radio, Table, type TableColumnProps, Tag, Tooltip } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  type Locale,
  WQ_ONLINE_STORE_MINUTES,
  WQ_VERDICTS,
  type WqLatestSite,
  type WqParameter,
  type WqParameterInfo,
  type WqVerdict,
  waterQualityApi,
} from '@water/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { callApi } from '../../../shared/api/http.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { useNow } from '../../../shared/live/live-hooks.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { useWqI18n, type WqCommonI18n } from '../common/use-wq-i18n.ts';
import { WqKindSelect, WqRegionSelect } from '../common/wq-filter-fields.tsx';
import {
  formatExceedance,
  formatLimit,
  formatWqValue,
  gradeName,
  parameterName,
  siteKindName,
  VERDICT_COLOR,
  verdictName,
} from '../common/wq-format.ts';
import { wqReferenceQueries, wqRootKey } from '../common/wq-queries.ts';
import { historySearch } from '../history/history-address.ts';
import { useLatestI18n, type WqLatestI18n } from './use-latest-i18n.ts';
import './latest.css';

/** How often the tab reads again: online results are stored at most every ten minutes, a verdict change at once. */
export const LATEST_REFRESH_MS = 30_000;
/** An online value older than this says so: its analyser has stopped reporting (never shown as current). */
const STALE_MS = 3 * WQ_ONLINE_STORE_MINUTES * 60_000;

/**
 * The address's filters. The verdict is applied here, not by the server, so each verdict chip can
 * count its sites; page 1 is the only page (useListFilters writes it on every change otherwise).
 */
const latestUrlSchema = waterQualityApi.latest.query.omit({ siteIds: true }).extend({ page: z.number().default(1) });
const LATEST_PREFIX = 'latest.';

type Value = WqLatestSite['values'][number];

const VERDICT_ORDER: Record<WqVerdict, number> = { exceeding: 0, compliant: 1, unjudged: 2 };

/** Sites beyond a limit first, then compliant, then those with nothing judged; by code within. */
export function sortSites(sites: readonly WqLatestSite[]): WqLatestSite[] {
  return [...sites].sort(
    (a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] || a.site.code.localeCompare(b.site.code),
  );
}

/** A value its standard sets no limit for (conductivity, water temperature at a tap): context, not a judgement. */
const unlimited = (v: Value) =>
  v.applied.verdict === 'unjudged' &&
  (v.applied.unjudgedReason === 'no_limit' || v.applied.unjudgedReason === 'no_set');

/**
 * A site's values as its table lists them: those beyond their limit first, then the rest judged, then
 * those the method could not judge, each group in the parameters' usual order; the values without a
 * limit apart, for the line under the table.
 */
export function splitValues(values: readonly Value[], order: readonly WqParameter[]) {
  const rank = (v: Value) => {
    const i = order.indexOf(v.parameter);
    return i < 0 ? order.length : i;
  };
  const group = (v: Value) => (v.applied.verdict === 'exceeding' ? 0 : v.applied.verdict === 'compliant' ? 1 : 2);
  const sorted = [...values].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  return { judged: sorted.filter((v) => !unlimited(v)), context: sorted.filter(unlimited) };
}

function ageText(ms: number, t: WqLatestI18n['t']) {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 120) return t('latest.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('latest.hours', { n: hours });
  return t('latest.days', { n: Math.floor(hours / 24) });
}

/**
 * The latest judgement of every site (issue 18, the screen's first tab): what is beyond its limit
 * now comes first, site by site with each parameter's value, the limit that applied with its citation,
 * the verdict and how far beyond. Read again every 30 s.
 */
export function LatestTab() {
  const common = useWqI18n();
  const i18n = useLatestI18n();
  const { t, locale } = i18n;
  const { t: shared } = useSharedUiI18n();
  const list = useListFilters(latestUrlSchema, { prefix: LATEST_PREFIX });
  const { keyword, kind, regionId, verdict } = list.filters;
  const query = useMemo(() => ({ keyword, kind, regionId }), [keyword, kind, regionId]);
  const latest = useQuery({
    queryKey: [...wqRootKey, 'latest', query, locale] as const,
    queryFn: ({ signal }) => callApi(waterQualityApi.latest, { locale, query, signal, silent: true }),
    refetchInterval: LATEST_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const byCode = useMemo(() => new Map((parameters.data ?? []).map((p) => [p.code, p] as const)), [parameters.data]);
  const now = useNow(LATEST_REFRESH_MS);

  const all = latest.data ?? [];
  const counts = Object.fromEntries(WQ_VERDICTS.map((v) => [v, all.filter((s) => s.verdict === v).length])) as Record<
    WqVerdict,
    number
  >;
  const shown = sortSites(verdict ? all.filter((s) => s.verdict === verdict) : all);
  const filtered = list.filtered;

  return (
    <div className="wq-latest">
      <search className="list-page__filters" aria-label={shared('list.filters')}>
        <ListKeyword label={t('latest.keyword')} value={keyword} onKeyword={(k) => list.set({ keyword: k })} />
        <WqKindSelect value={kind} onChange={(k) => list.set({ kind: k })} />
        <WqRegionSelect value={regionId} onChange={(id) => list.set({ regionId: id })} />
        <Radio.Group
          type="button"
          aria-label={t('latest.verdicts')}
          value={verdict ?? 'all'}
          onChange={(v: WqVerdict | 'all') => list.set({ verdict: v === 'all' ? undefined : v })}
        >
          <Radio value="all">
            {t('latest.all')} <span className="wq-latest__count">{latest.data ? all.length : ''}</span>
          </Radio>
          {WQ_VERDICTS.map((v) => (
            <Radio key={v} value={v}>
              <span className={`wq-latest__chip wq-latest__chip--${v}`}>
                <span className="wq-latest__dot" aria-hidden />
                {verdictName(v, locale)} <span className="wq-latest__count">{latest.data ? counts[v] : ''}</span>
              </span>
            </Radio>
          ))}
        </Radio.Group>
        {filtered ? (
          <Button type="text" onClick={list.reset}>
            {shared('list.reset')}
          </Button>
        ) : null}
        {latest.dataUpdatedAt ? (
          <span className="wq-latest__updated">
            {t('latest.updatedAt', {
              time: formatDateTime(new Date(latest.dataUpdatedAt).toISOString(), locale, { seconds: true }),
            })}
          </span>
        ) : null}
      </search>
      <QueryState
        query={latest}
        failedTitle={shared('list.loadFailed')}
        requestFailed={shared('list.requestFailed')}
        retryLabel={shared('list.retry')}
        skeletonClassName="list-page__skeleton"
      >
        {shown.length === 0 ? (
          <Empty description={filtered ? t('latest.emptyFiltered') : t('latest.empty')} />
        ) : (
          <section className="wq-latest__sites" aria-label={t('latest.sites')}>
            {shown.map((site) => (
              <SiteCard key={site.site.id} site={site} byCode={byCode} now={now} common={common} i18n={i18n} />
            ))}
          </section>
        )}
      </QueryState>
    </div>
  );
}

function SiteCard({
  site,
  byCode,
  now,
  common,
  i18n,
}: {
  site: WqLatestSite;
  byCode: ReadonlyMap<WqParameter, WqParameterInfo>;
  now: number;
  common: WqCommonI18n;
  i18n: WqLatestI18n;
}) {
  const { t, locale } = i18n;
  const [params, setParams] = useSearchParams();
  const { site: s, grade } = site;
  const graded = s.targetGrade !== null;
  const exceeding = site.values.filter((v) => v.applied.verdict === 'exceeding').length;
  const { judged: values, context } = splitValues(site.values, [...byCode.keys()]);
  const headingId = `wq-site-${s.id}`;

  const unit = (p: WqParameter) => byCode.get(p)?.unit ?? '';
  const withUnit = (text: string, p: WqParameter) => (unit(p) ? `${text} ${unit(p)}` : text);

  const columns: TableColumnProps<Value>[] = [
    {
      title: t('latest.col.parameter'),
      dataIndex: 'parameter',
      width: 140,
      render: (_: unknown, v: Value) => (
        <Button
          type="text"
          size="mini"
          className="wq-latest__parameter"
          aria-label={t('latest.openHistory', { site: s.name, parameter: parameterName(v.parameter, locale) })}
          onClick={() => setParams(historySearch(params, { siteId: s.id, parameter: v.parameter }))}
        >
          {parameterName(v.parameter, locale)}
        </Button>
      ),
    },
    {
      title: t('latest.col.value'),
      dataIndex: 'value',
      width: 140,
      align: 'right',
      render: (_: unknown, v: Value) => (
        <span className={`wq-latest__value wq-verdict-text--${v.applied.verdict}`}>
          {withUnit(
            formatWqValue(v.value, v.belowDetection, byCode.get(v.parameter)?.decimals ?? 2, common),
            v.parameter,
          )}
        </span>
      ),
    },
    {
      title: t('latest.col.limit'),
      dataIndex: 'limit',
      width: 150,
      render: (_: unknown, v: Value) => <LimitCell value={v} unit={unit(v.parameter)} common={common} i18n={i18n} />,
    },
    {
      title: t('latest.col.verdict'),
      dataIndex: 'verdict',
      width: 96,
      render: (_: unknown, v: Value) => <VerdictTag value={v} common={common} locale={locale} />,
    },
    {
      title: t('latest.col.exceedance'),
      dataIndex: 'exceedance',
      width: 140,
      render: (_: unknown, v: Value) => {
        const text = formatExceedance(v.applied, v.value, common);
        return text ? <span className="wq-verdict-text--exceeding">{text}</span> : null;
      },
    },
    ...(graded
      ? [
          {
            title: t('latest.col.grade'),
            dataIndex: 'grade',
            width: 80,
            render: (_: unknown, v: Value) => (v.applied.grade !== null ? gradeName(v.applied.grade, locale) : null),
          } satisfies TableColumnProps<Value>,
        ]
      : []),
    {
      title: t('latest.col.source'),
      dataIndex: 'source',
      width: 72,
      render: (_: unknown, v: Value) => common.t(`wq.source.${v.source}`),
    },
    {
      title: t('latest.col.time'),
      dataIndex: 'sampledAt',
      width: 150,
      render: (_: unknown, v: Value) => {
        const age = now - Date.parse(v.sampledAt);
        const stale = v.source === 'online' && age > STALE_MS;
        return (
          <span className={stale ? 'wq-latest__stale' : undefined}>
            {formatDateTime(v.sampledAt, locale)}
            {stale ? (
              <span className="wq-latest__stale-note">{t('latest.stale', { age: ageText(age, t) })}</span>
            ) : null}
          </span>
        );
      },
    },
  ];

  return (
    <article className={`wq-latest__site wq-latest__site--${site.verdict}`} aria-labelledby={headingId}>
      <header className="wq-latest__head">
        <div className="wq-latest__title">
          <h3 id={headingId} className="wq-latest__name">
            {s.name}
          </h3>
          <span className="wq-latest__code">{s.code}</span>
          <Tag size="small">{siteKindName(s.kind, locale)}</Tag>
          {graded && grade !== null && s.targetGrade !== null ? (
            <Tooltip
              content={t(grade <= s.targetGrade ? 'latest.gradeMet' : 'latest.gradeMissed', {
                grade: gradeName(grade, locale),
                target: gradeName(s.targetGrade, locale),
              })}
            >
              <Tag
                size="small"
                color={grade <= s.targetGrade ? 'green' : 'red'}
                className="wq-latest__grade"
                tabIndex={0}
              >
                {gradeName(grade, locale)}
              </Tag>
            </Tooltip>
          ) : null}
          <Tag size="small" color={VERDICT_COLOR[site.verdict]}>
            {exceeding > 0 ? t('latest.exceedingCount', { count: exceeding }) : verdictName(site.verdict, locale)}
          </Tag>
        </div>
        <div className="wq-latest__meta">
          {s.regionName ? <span>{s.regionName}</span> : null}
          <span>
            {s.limitSetName}
            {graded && s.targetGrade !== null
              ? ` · ${t('latest.target', { grade: gradeName(s.targetGrade, locale) })}`
              : ''}
          </span>
          {site.lastAt ? <span>{t('latest.lastAt', { time: formatDateTime(site.lastAt, locale) })}</span> : null}
        </div>
      </header>
      {site.values.length === 0 ? <p className="wq-latest__none">{t('latest.noValues')}</p> : null}
      {values.length > 0 ? (
        <Table<Value>
          rowKey="resultId"
          size="small"
          border={false}
          pagination={false}
          columns={columns}
          data={values}
          tableLayoutFixed
          scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
          rowClassName={(v: Value) => (v.applied.verdict === 'exceeding' ? 'wq-latest__row--exceeding' : '')}
        />
      ) : null}
      {context.length > 0 ? (
        <p className="wq-latest__context">
          <span className="wq-latest__context-title">{t('latest.unlimited')}</span>
          {context.map((v) => (
            <Button
              key={v.resultId}
              type="text"
              size="mini"
              className="wq-latest__context-item"
              aria-label={t('latest.openHistory', { site: s.name, parameter: parameterName(v.parameter, locale) })}
              onClick={() => setParams(historySearch(params, { siteId: s.id, parameter: v.parameter }))}
            >
              {parameterName(v.parameter, locale)}{' '}
              <span className="wq-latest__context-value">
                {withUnit(
                  formatWqValue(v.value, v.belowDetection, byCode.get(v.parameter)?.decimals ?? 2, common),
                  v.parameter,
                )}
              </span>
            </Button>
          ))}
        </p>
      ) : null}
    </article>
  );
}

/** The limit that applied, with where the standard states it on hover or focus. */
function LimitCell({
  value: v,
  unit,
  common,
  i18n: { t },
}: {
  value: Value;
  unit: string;
  common: WqCommonI18n;
  i18n: WqLatestI18n;
}) {
  const a = v.applied;
  if (a.lower === null && a.upper === null) return <span className="wq-latest__muted">—</span>;
  const text = formatLimit({ lower: a.lower, upper: a.upper }, common);
  const tip = [
    a.citation ? t('latest.citation', { citation: a.citation }) : t('latest.noCitation'),
    a.limitSetName ? t('latest.standard', { set: a.limitSetName, standard: a.standard }) : '',
    a.coldApplied && a.temperature !== null ? t('latest.coldApplied', { temperature: a.temperature }) : '',
  ].filter(Boolean);
  return (
    <Tooltip
      content={
        <div>
          {tip.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the citation to keyboard users */}
      <span className="wq-latest__limit" tabIndex={0} aria-description={tip.join(' ')}>
        {unit ? `${text} ${unit}` : text}
        {a.coldApplied ? '*' : ''}
      </span>
    </Tooltip>
  );
}

function VerdictTag({ value: v, common, locale }: { value: Value; common: WqCommonI18n; locale: Locale }) {
  const tag = (
    <Tag size="small" color={VERDICT_COLOR[v.applied.verdict]}>
      {verdictName(v.applied.verdict, locale)}
    </Tag>
  );
  if (v.applied.verdict !== 'unjudged' || !v.applied.unjudgedReason) return tag;
  const reason = common.t(`wq.unjudged.${v.applied.unjudgedReason}`);
  return (
    <Tooltip content={reason}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows why it is not judged */}
      <span tabIndex={0} aria-description={reason}>
        {tag}
      </span>
    </Tooltip>
  );
}
