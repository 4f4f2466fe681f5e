import {
  Button,
  DatePicker,
  Empty,
  Message,
  Modal,
  Table,
  type TableColumnProps,
  Tooltip,
} from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { WQ_COMPLIANCE_MONTHS_MAX, type WqCompliance, type WqParameter, waterQualityApi } from '@water/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import {
  WqKindSelect,
  WqParameterSelect,
  WqRegionSelect,
  WqSiteSelect,
  WqSourceSelect,
} from '../common/wq-filter-fields.tsx';
import { parameterName } from '../common/wq-format.ts';
import { wqRootKey } from '../common/wq-queries.ts';
import { formatRate, type RateTone, rateTone } from '../common/wq-rate.ts';
import { historySearch } from '../history/history-address.ts';
import { useComplianceI18n, type WqComplianceI18n } from './use-compliance-i18n.ts';
import './compliance.css';

const COMPLIANCE_PREFIX = 'compliance.';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const OFFSET = 8 * 3_600_000;

/** The utility's month (UTC+8) now, and `n` months before a month. */
export const utilityMonth = (ms = Date.now()) => new Date(ms + OFFSET).toISOString().slice(0, 7);
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
}
const monthSpan = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
};
/** A month's last utility day, or today within the current month. */
function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const today = new Date(Date.now() + OFFSET).toISOString().slice(0, 10);
  return last < today ? last : today;
}

/**
 * The address's filters: the contract's, with the months optional (the screen's default is the last
 * three, this one included). Not paged: page 1 is the only page (useListFilters writes it otherwise).
 */
const complianceUrlSchema = waterQualityApi.compliance.query.extend({
  fromMonth: z.string().regex(MONTH).optional(),
  toMonth: z.string().regex(MONTH).optional(),
  page: z.number().default(1),
});

type Counts = WqCompliance['total'];
type Row = {
  key: string;
  kind: 'parameter' | 'site' | 'total';
  siteId: number;
  siteName: string;
  siteCode: string;
  parameter: WqParameter | null;
  months: Counts[];
  total: Counts;
  /** For the site column: how many rows the site spans (its first row), 0 for the rest. */
  span: number;
};

const sum = (counts: readonly Counts[]): Counts => {
  const judged = counts.reduce((n, c) => n + c.judged, 0);
  const compliant = counts.reduce((n, c) => n + c.compliant, 0);
  return { judged, compliant, rate: judged ? compliant / judged : null };
};

/** The table's rows: each site's parameters, then the site's total; all sites' total last. */
export function complianceRows(data: WqCompliance): Row[] {
  const bySite = new Map<number, WqCompliance['rows']>();
  for (const r of data.rows) bySite.set(r.siteId, [...(bySite.get(r.siteId) ?? []), r]);
  const rows: Row[] = [];
  for (const [siteId, own] of bySite) {
    const first = own[0] as WqCompliance['rows'][number];
    const head = { siteId, siteName: first.siteName, siteCode: first.siteCode };
    own.forEach((r, i) => {
      rows.push({
        ...head,
        key: `${siteId}:${r.parameter}`,
        kind: 'parameter',
        parameter: r.parameter,
        months: r.months,
        total: r.total,
        span: i === 0 ? own.length + 1 : 0,
      });
    });
    rows.push({
      ...head,
      key: `${siteId}:total`,
      kind: 'site',
      parameter: null,
      months: data.months.map((_, m) => sum(own.map((r) => r.months[m] as Counts))),
      total: data.sites.find((s) => s.siteId === siteId) ?? sum(own.map((r) => r.total)),
      span: 0,
    });
  }
  if (bySite.size > 1)
    rows.push({
      key: 'total',
      kind: 'total',
      siteId: 0,
      siteName: '',
      siteCode: '',
      parameter: null,
      months: data.months.map((_, m) => sum(data.rows.map((r) => r.months[m] as Counts))),
      total: data.total,
      span: 1,
    });
  return rows;
}

/**
 * Compliance rates (issue 18): site × parameter per month (UTC+8), with each site's total and all
 * sites', coloured by how far short of 100 % they fall; the filters in the address (`compliance.*`);
 * the monthly report as XLSX.
 */
export function ComplianceTab() {
  const i18n = useComplianceI18n();
  const { t, locale } = i18n;
  const { t: shared } = useSharedUiI18n();
  const thisMonth = utilityMonth();
  const defaults = useMemo(() => ({ fromMonth: monthsBefore(thisMonth, 2), toMonth: thisMonth }), [thisMonth]);
  const list = useListFilters(complianceUrlSchema, { prefix: COMPLIANCE_PREFIX, defaults });
  const f = list.filters;
  const fromMonth = f.fromMonth ?? defaults.fromMonth;
  const toMonth = f.toMonth ?? defaults.toMonth;
  const query = useMemo(
    () => ({
      fromMonth,
      toMonth,
      keyword: f.keyword,
      kind: f.kind,
      regionId: f.regionId,
      siteIds: f.siteIds?.length ? f.siteIds.join(',') : undefined,
      parameter: f.parameter,
      source: f.source,
    }),
    [fromMonth, toMonth, f.keyword, f.kind, f.regionId, f.siteIds, f.parameter, f.source],
  );
  const compliance = useQuery({
    queryKey: [...wqRootKey, 'compliance', query, locale] as const,
    queryFn: ({ signal }) => callApi(waterQualityApi.compliance, { locale, query, signal, silent: true }),
    placeholderData: (previous) => previous,
  });
  const [exporting, setExporting] = useState(false);
  const data = compliance.data;
  const rows = useMemo(() => (data ? complianceRows(data) : []), [data]);

  return (
    <div className="wq-compliance">
      <search className="list-page__filters" aria-label={shared('list.filters')}>
        <DatePicker.RangePicker
          mode="month"
          className="wq-compliance__months"
          aria-label={t('compliance.months')}
          allowClear={false}
          value={[fromMonth, toMonth]}
          disabledDate={(d) => d.format('YYYY-MM') > thisMonth}
          onChange={(months: string[] | undefined) => {
            const [from, to] = (months ?? []).map((m) => m.slice(0, 7));
            if (!from || !to) return;
            // The server answers at most 24 months: a longer pick keeps the last 24.
            const start =
              monthSpan(from, to) > WQ_COMPLIANCE_MONTHS_MAX ? monthsBefore(to, WQ_COMPLIANCE_MONTHS_MAX - 1) : from;
            list.set({ fromMonth: start, toMonth: to });
          }}
        />
        <WqKindSelect value={f.kind} onChange={(kind) => list.set({ kind })} />
        <WqRegionSelect value={f.regionId} onChange={(regionId) => list.set({ regionId })} />
        <WqSiteSelect
          multiple
          className="wq-compliance__sites"
          value={f.siteIds ?? []}
          onChange={(ids) => list.set({ siteIds: ids.length ? ids : undefined })}
        />
        <WqParameterSelect value={f.parameter} onChange={(parameter) => list.set({ parameter })} />
        <WqSourceSelect value={f.source} onChange={(source) => list.set({ source })} />
        {list.filtered ? (
          <Button type="text" onClick={list.reset}>
            {shared('list.reset')}
          </Button>
        ) : null}
        <Button
          type="primary"
          className="wq-compliance__export"
          icon={<IconDownload />}
          onClick={() => setExporting(true)}
        >
          {t('compliance.export')}
        </Button>
      </search>
      <QueryState
        query={compliance}
        failedTitle={shared('list.loadFailed')}
        requestFailed={shared('list.requestFailed')}
        retryLabel={shared('list.retry')}
        skeletonClassName="list-page__skeleton"
      >
        {data ? <ComplianceTable data={data} rows={rows} fromMonth={fromMonth} toMonth={toMonth} i18n={i18n} /> : null}
      </QueryState>
      {exporting ? (
        <ExportDialog
          defaultMonth={toMonth}
          thisMonth={thisMonth}
          onClose={() => setExporting(false)}
          scope={{ keyword: f.keyword, kind: f.kind, regionId: f.regionId, siteIds: query.siteIds }}
          i18n={i18n}
        />
      ) : null}
    </div>
  );
}

function RateCell({ counts, strong, i18n }: { counts: Counts; strong?: boolean; i18n: WqComplianceI18n }) {
  const { t, locale } = i18n;
  const tone: RateTone = rateTone(counts.rate);
  const tip = counts.judged
    ? t('compliance.cell', { judged: counts.judged, compliant: counts.compliant })
    : t('compliance.cellNone');
  const className = `wq-rate-cell wq-rate-cell--${tone}${strong ? ' wq-rate-cell--strong' : ''}`;
  return (
    <Tooltip content={tip} mini>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the counts to keyboard users */}
      <span className={className} tabIndex={0} aria-description={tip}>
        {formatRate(counts.rate, locale)}
      </span>
    </Tooltip>
  );
}

function ComplianceTable({
  data,
  rows,
  fromMonth,
  toMonth,
  i18n,
}: {
  data: WqCompliance;
  rows: Row[];
  fromMonth: string;
  toMonth: string;
  i18n: WqComplianceI18n;
}) {
  const { t, locale } = i18n;
  const [params, setParams] = useSearchParams();
  if (rows.length === 0) return <Empty description={t('compliance.empty')} />;
  const spanned = (children: ReactNode, props: { rowSpan?: number; colSpan?: number }) =>
    ({ children, props }) as unknown as ReactNode;

  const columns: TableColumnProps<Row>[] = [
    {
      title: t('compliance.col.site'),
      dataIndex: 'siteName',
      fixed: 'left',
      width: 170,
      render: (_: unknown, r: Row) => {
        if (r.kind === 'total') return spanned(<strong>{t('compliance.allSites')}</strong>, { colSpan: 2 });
        return spanned(
          <div className="wq-compliance__site">
            <span>{r.siteName}</span>
            <span className="wq-compliance__code">{r.siteCode}</span>
          </div>,
          { rowSpan: r.span },
        );
      },
    },
    {
      title: t('compliance.col.parameter'),
      dataIndex: 'parameter',
      fixed: 'left',
      width: 150,
      render: (_: unknown, r: Row) => {
        if (r.kind === 'total') return spanned(null, { colSpan: 0 });
        if (r.kind === 'site') return <span className="wq-compliance__subtotal">{t('compliance.siteTotal')}</span>;
        const parameter = r.parameter as WqParameter;
        const name = parameterName(parameter, locale);
        return (
          <Button
            type="text"
            size="mini"
            className="wq-compliance__parameter"
            aria-label={t('compliance.openHistory', { site: r.siteName, parameter: name })}
            onClick={() =>
              setParams(
                historySearch(params, {
                  siteId: r.siteId,
                  parameter,
                  from: `${fromMonth}-01`,
                  to: lastDayOf(toMonth),
                }),
              )
            }
          >
            {name}
          </Button>
        );
      },
    },
    ...data.months.map(
      (month, m): TableColumnProps<Row> => ({
        title: month,
        dataIndex: `month-${month}`,
        width: 96,
        align: 'center',
        render: (_: unknown, r: Row) => (
          <RateCell counts={r.months[m] as Counts} strong={r.kind !== 'parameter'} i18n={i18n} />
        ),
      }),
    ),
    {
      title: t('compliance.col.total'),
      dataIndex: 'total',
      width: 100,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, r: Row) => <RateCell counts={r.total} strong i18n={i18n} />,
    },
  ];

  return (
    <section className="wq-compliance__body" aria-label={t('compliance.table')}>
      <Table<Row>
        rowKey="key"
        size="small"
        border={{ wrapper: true, cell: true }}
        pagination={false}
        columns={columns}
        data={rows}
        tableLayoutFixed
        scroll={{ x: 320 + data.months.length * 96 + 100 }}
        rowClassName={(r: Row) => (r.kind === 'parameter' ? '' : `wq-compliance__row--${r.kind}`)}
      />
      <p className="wq-compliance__legend">
        <span>{t('compliance.legend')}</span>
        {(['full', 'good', 'warn', 'bad', 'none'] as const).map((tone) => (
          <span key={tone} className={`wq-rate-cell wq-rate-cell--${tone}`}>
            {t(`compliance.legend.${tone}`)}
          </span>
        ))}
      </p>
    </section>
  );
}

function ExportDialog({
  defaultMonth,
  thisMonth,
  scope,
  onClose,
  i18n,
}: {
  defaultMonth: string;
  thisMonth: string;
  scope: { keyword?: string; kind?: string; regionId?: number; siteIds?: string };
  onClose: () => void;
  i18n: WqComplianceI18n;
}) {
  const { t, locale } = i18n;
  const [month, setMonth] = useState(defaultMonth);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(waterQualityApi.report, {
        query: { ...scope, kind: scope.kind as never, month },
        fallbackName: t('compliance.fileName', { month }),
        locale,
      });
      onClose();
    } catch {
      Message.error(t('compliance.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible
      title={t('compliance.exportTitle')}
      okText={t('compliance.exportOk')}
      okButtonProps={{ loading: busy, icon: <IconDownload /> }}
      onOk={download}
      onCancel={onClose}
      unmountOnExit
    >
      <div className="wq-compliance__export-form">
        <div className="wq-compliance__export-month">
          <span>{t('compliance.exportMonth')}</span>
          <DatePicker.MonthPicker
            inputProps={{ 'aria-label': t('compliance.exportMonth') }}
            allowClear={false}
            value={month}
            disabledDate={(d) => d.format('YYYY-MM') > thisMonth}
            onChange={(value: string) => value && setMonth(value.slice(0, 7))}
          />
        </div>
        <p className="wq-compliance__export-scope">{t('compliance.exportScope')}</p>
      </div>
    </Modal>
  );
}
