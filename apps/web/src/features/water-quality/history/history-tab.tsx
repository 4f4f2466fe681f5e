import { DatePicker, Empty, Radio, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  WQ_HISTORY_RAW_DAYS,
  WQ_RANGE_MAX_DAYS,
  type WqHistory,
  type WqLatestSite,
  type WqParameter,
  waterQualityApi,
} from '@water/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { callApi } from '../../../shared/api/http.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ChartColors } from '../../../shared/ui/echart-host.tsx';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { useWqI18n, type WqCommonI18n } from '../common/use-wq-i18n.ts';
import { WqParameterSelect, WqSiteSelect } from '../common/wq-filter-fields.tsx';
import {
  formatLimit,
  formatWqValue,
  gradeName,
  parameterName,
  VERDICT_COLOR,
  verdictName,
} from '../common/wq-format.ts';
import { wqReferenceQueries, wqRootKey } from '../common/wq-queries.ts';
import { formatRate, rateTone } from '../common/wq-rate.ts';
import {
  HISTORY_PREFIX,
  HISTORY_RANGES,
  type HistoryRange,
  type HistoryUrl,
  historyUrlSchema,
  RANGE_DAYS,
} from './history-address.ts';
import { buildHistoryOption, type HistoryChartTexts, limitsOf } from './history-option.ts';
import { useHistoryI18n, type WqHistoryI18n } from './use-history-i18n.ts';
import './history.css';

const HistoryChart = lazy(() => import('./history-chart.tsx'));

const DAY = 86_400_000;
const OFFSET = 8 * 3_600_000;
/** The utility's day (UTC+8) of an instant. */
const utilityDay = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 10);
const minuteNow = () => Math.floor(Date.now() / 60_000) * 60_000;
const startOfUtilityDay = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/** The instants asked for: a preset's days back to now, or a custom range's utility days, both included. */
export function rangeOf(url: Pick<HistoryUrl, 'range' | 'from' | 'to'>, now: number): { from: number; to: number } {
  if (url.range === 'custom' && url.from && url.to) {
    const to = startOfUtilityDay(url.to) + DAY;
    // The server reads at most WQ_RANGE_MAX_DAYS: a longer range (two years of rates) keeps its end.
    return { from: Math.max(startOfUtilityDay(url.from), to - WQ_RANGE_MAX_DAYS * DAY), to };
  }
  const days = RANGE_DAYS[url.range === 'custom' ? '7d' : url.range];
  return { from: now - days * DAY, to: now };
}

type Lab = WqHistory['lab'][number];

/**
 * One site's parameter over a range (issue 18): the chart with its limit lines, the compliance over
 * the range and the lab results. Site, parameter and range live in the address (`history.*`), so the
 * Latest and Compliance tabs open it on what was clicked.
 */
export function HistoryTab() {
  const common = useWqI18n();
  const i18n = useHistoryI18n();
  const { t, locale } = i18n;
  const { t: shared } = useSharedUiI18n();
  const list = useListFilters(historyUrlSchema, { prefix: HISTORY_PREFIX });
  const url = list.filters;

  const sites = useQuery(wqReferenceQueries.siteOptions(locale));
  // With no site chosen, the first (sites are few): the tab opens on something.
  const siteId = url.siteId ?? sites.data?.[0]?.id;
  const site = sites.data?.find((s) => s.id === siteId);
  const latest = useQuery({
    queryKey: [...wqRootKey, 'latest', { siteIds: String(siteId) }, locale] as const,
    queryFn: ({ signal }) =>
      callApi(waterQualityApi.latest, { locale, query: { siteIds: String(siteId) }, signal, silent: true }),
    enabled: siteId !== undefined,
  });
  const measured = measuredParameters(latest.data?.[0]);
  const parameter = url.parameter ?? measured[0];

  // The presets count back from when they were chosen (or the tab opened), not from every render.
  const [now, setNow] = useState(minuteNow);
  const [rangeSeen, setRangeSeen] = useState(url.range);
  if (rangeSeen !== url.range) {
    setRangeSeen(url.range);
    setNow(minuteNow());
  }
  const range = rangeOf(url, now);
  const query =
    siteId !== undefined && parameter
      ? { siteId, parameter, from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() }
      : null;
  const history = useQuery({
    queryKey: [...wqRootKey, 'history', query, locale] as const,
    queryFn: ({ signal }) =>
      callApi(waterQualityApi.history, { locale, query: query ?? undefined, signal, silent: true }),
    enabled: query !== null,
  });

  const customDays = { from: url.from ?? utilityDay(range.from), to: url.to ?? utilityDay(range.to - 1) };

  return (
    <div className="wq-history">
      <search className="list-page__filters" aria-label={shared('list.filters')}>
        <WqSiteSelect
          value={siteId}
          placeholder={t('history.pickSite')}
          onChange={(id) => list.set({ siteId: id, parameter: undefined })}
        />
        <WqParameterSelect
          value={parameter}
          first={measured}
          allowClear={false}
          onChange={(p) => list.set({ parameter: p })}
        />
        <Radio.Group
          type="button"
          aria-label={common.t('wq.range')}
          value={url.range}
          onChange={(next: HistoryRange) =>
            next === 'custom'
              ? list.set({ range: next, ...customDays })
              : list.set({ range: next, from: undefined, to: undefined })
          }
        >
          {HISTORY_RANGES.map((r) => (
            <Radio key={r} value={r}>
              {t(`history.range.${r}`)}
            </Radio>
          ))}
        </Radio.Group>
        {url.range === 'custom' ? (
          <DatePicker.RangePicker
            aria-label={t('history.customRange')}
            allowClear={false}
            value={[customDays.from, customDays.to]}
            disabledDate={(d) => d.valueOf() > Date.now()}
            onChange={(dates: string[] | undefined) => {
              const [from, to] = dates ?? [];
              if (from && to) list.set({ range: 'custom', from: from.slice(0, 10), to: to.slice(0, 10) });
            }}
          />
        ) : null}
      </search>
      {sites.data && sites.data.length === 0 ? (
        <Empty description={t('history.noSites')} />
      ) : !query ? (
        <Empty description={t('history.choose')} />
      ) : (
        <QueryState
          query={history}
          failedTitle={shared('list.loadFailed')}
          requestFailed={shared('list.requestFailed')}
          retryLabel={shared('list.retry')}
          skeletonClassName="list-page__skeleton"
        >
          {history.data ? (
            <HistoryBody
              data={history.data}
              siteName={site?.name ?? ''}
              parameter={query.parameter}
              range={range}
              common={common}
              i18n={i18n}
            />
          ) : null}
        </QueryState>
      )}
    </div>
  );
}

/** The parameters a site has results for, those beyond their limit first. */
function measuredParameters(site: WqLatestSite | undefined): WqParameter[] {
  if (!site) return [];
  return [...site.values]
    .sort((a, b) => Number(b.applied.verdict === 'exceeding') - Number(a.applied.verdict === 'exceeding'))
    .map((v) => v.parameter);
}

function HistoryBody({
  data,
  siteName,
  parameter,
  range,
  common,
  i18n,
}: {
  data: WqHistory;
  siteName: string;
  parameter: WqParameter;
  range: { from: number; to: number };
  common: WqCommonI18n;
  i18n: WqHistoryI18n;
}) {
  const { t, locale } = i18n;
  const p = data.parameter;
  const unit = p.unit;
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  const name = parameterName(parameter, locale);
  const { applied } = limitsOf(data);
  const rate = data.judged ? data.compliant / data.judged : null;
  const empty = data.lab.length === 0 && data.online.length === 0;

  const texts = useMemo<HistoryChartTexts>(
    () => ({
      online: t('history.series.online'),
      onlineHourly: t('history.series.onlineHourly'),
      onlineExceeding: t('history.series.onlineExceeding'),
      lab: t('history.series.lab'),
      limits: t('history.series.limits'),
      upper: (value) => t('history.line.upper', { value }),
      lower: (value) => t('history.line.lower', { value }),
      cold: (value) => t('history.line.cold', { value }),
      grade: (grade) => gradeName(grade, locale),
      numeral: (grade) => ['I', 'II', 'III', 'IV', 'V'][grade - 1] ?? String(grade),
      target: (grade) => t('history.line.target', { grade }),
      notDetected: common.t('wq.notDetected'),
      exceededOf: (exceeding, count) => t('history.exceededOf', { exceeding, count }),
      range: (min, max) => t('history.bandRange', { min, max }),
      formatTime: (ms) => formatDateTime(new Date(ms).toISOString(), locale),
      unit,
    }),
    [t, locale, common, unit],
  );
  const { from, to } = range;
  const build = useCallback(
    (c: ChartColors): EChartsCoreOption => buildHistoryOption(data, { from, to }, c, texts),
    [data, from, to, texts],
  );

  const labColumns: TableColumnProps<Lab>[] = [
    {
      title: t('history.col.time'),
      dataIndex: 'at',
      width: 170,
      render: (_: unknown, l: Lab) => formatDateTime(l.at, locale),
    },
    { title: t('history.col.sampleId'), dataIndex: 'sampleId', width: 160, render: (v: string | null) => v ?? '—' },
    {
      title: t('history.col.value'),
      dataIndex: 'value',
      width: 170,
      align: 'right',
      render: (_: unknown, l: Lab) => (
        <span className={`wq-verdict-text--${l.verdict}`}>
          {withUnit(formatWqValue(l.value, l.belowDetection, p.decimals, common))}
        </span>
      ),
    },
    {
      title: t('history.col.verdict'),
      dataIndex: 'verdict',
      width: 110,
      render: (_: unknown, l: Lab) => (
        <Tag size="small" color={VERDICT_COLOR[l.verdict]}>
          {verdictName(l.verdict, locale)}
        </Tag>
      ),
    },
  ];
  const labNewestFirst = [...data.lab].sort((a, b) => b.at.localeCompare(a.at));

  return (
    <div className="wq-history__body">
      <section className="wq-history__facts" aria-label={t('history.summary')}>
        <dl className="wq-history__stats">
          <div>
            <dt>{t('history.judged')}</dt>
            <dd>{data.judged}</dd>
          </div>
          <div>
            <dt>{t('history.compliant')}</dt>
            <dd>{data.compliant}</dd>
          </div>
          <div>
            <dt>{t('history.exceeding')}</dt>
            <dd className={data.judged > data.compliant ? 'wq-verdict-text--exceeding' : undefined}>
              {data.judged - data.compliant}
            </dd>
          </div>
          <div>
            <dt>{t('history.rate')}</dt>
            <dd className={`wq-rate wq-rate--${rateTone(rate)}`}>{formatRate(rate, locale)}</dd>
          </div>
          <div className="wq-history__limit">
            <dt>{t('history.limitNow')}</dt>
            <dd>
              {applied ? (
                <>
                  {applied.grade !== null ? `${gradeName(applied.grade, locale)} ` : ''}
                  {withUnit(formatLimit({ lower: applied.lower, upper: applied.upper }, common))}
                  {applied.coldUpper !== null
                    ? `; ${common.t('wq.limit.cold', { coldUpper: withUnit(String(applied.coldUpper)) })}`
                    : ''}
                  {applied.citation ? <span className="wq-history__citation">{applied.citation}</span> : null}
                </>
              ) : (
                <span className="wq-history__citation">{t('history.noLimit')}</span>
              )}
            </dd>
          </div>
        </dl>
      </section>
      {empty ? (
        <Empty description={t('history.noData', { site: siteName, parameter: name })} />
      ) : (
        <>
          <div
            className="wq-history__chart"
            role="img"
            aria-label={t('history.chart', { site: siteName, parameter: name })}
          >
            <Suspense fallback={<div style={{ height: 340 }} />}>
              <HistoryChart build={build} height={340} />
            </Suspense>
          </div>
          {data.onlineBucket === 'hour' ? (
            <p className="wq-history__note">{t('history.hourly', { days: WQ_HISTORY_RAW_DAYS })}</p>
          ) : null}
        </>
      )}
      <section className="wq-history__lab" aria-label={t('history.lab')}>
        <h3 className="wq-history__heading">{t('history.lab')}</h3>
        <Table<Lab>
          rowKey="id"
          size="small"
          border={false}
          columns={labColumns}
          data={labNewestFirst}
          tableLayoutFixed
          noDataElement={<Empty description={t('history.labEmpty')} />}
          pagination={labNewestFirst.length > 10 ? { pageSize: 10, size: 'small' } : false}
        />
      </section>
    </div>
  );
}
