import { Button, DatePicker, Message, Radio } from '@arco-design/web-react';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, type WqResult } from '@water/contracts';
import { useState } from 'react';
import { ListView } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { useWqI18n } from '../common/use-wq-i18n.ts';
import {
  WqKindSelect,
  WqParameterSelect,
  WqRegionSelect,
  WqSiteSelect,
  WqVerdictSelect,
} from '../common/wq-filter-fields.tsx';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import { CorrectDrawer } from './correct-drawer.tsx';
import { resultColumns } from './result-columns.tsx';
import { ResultsImportDialog } from './results-import-dialog.tsx';
import { RESULTS_QUERY, type ResultFilters, resultQueries, useDeleteResult } from './results-queries.ts';
import { SampleDrawer } from './sample-drawer.tsx';
import { type ResultsI18n, useResultsI18n } from './use-results-i18n.ts';
import '../common/wq-filters.css';
import '../common/wq-tab.css';
import './results.css';

const WRITE = [Permissions.waterResultWrite] as const;
/** The tab's filters live in the address under their own prefix: the sites tab has a `kind` and a page of its own. */
const PREFIX = 'lab.';
const DEFAULTS = { pageSize: 20 };

/**
 * Results (`?tab=results`), the lab's unless the source says online or all: filtered by site, kind,
 * region, parameter, verdict and sampling dates, all in the address; each with the limit that applied (its citation on
 * hover) and its verdict. Holders of water:result:write enter samples (judged as typed), import them
 * from a sheet, and correct or delete lab results; online results are the analysers' and stay.
 */
export function ResultsTab() {
  const i18n = useResultsI18n();
  const common = useWqI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(RESULTS_QUERY, { defaults: DEFAULTS, prefix: PREFIX });
  const results = useQuery(resultQueries.list(list.filters, locale));
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const remove = useDeleteResult(locale);
  const [entering, setEntering] = useState(false);
  const [importing, setImporting] = useState(false);
  const [correcting, setCorrecting] = useState<WqResult | null>(null);

  const columns = resultColumns({
    i18n,
    common,
    parameters: new Map((parameters.data ?? []).map((p) => [p.code, p])),
    writer,
    actions: {
      onCorrect: setCorrecting,
      // The request layer shows a refusal; the list is read again either way.
      onDelete: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('wqResults.deleted')),
          () => undefined,
        ),
    },
  });

  return (
    <div className="wq-tab">
      <div className="wq-tab__bar">
        <p className="wq-tab__hint">{t('wqResults.hint')}</p>
        <Permission permissions={WRITE}>
          <div className="wq-tab__actions">
            <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
              {t('wqResults.import')}
            </Button>
            <Button type="primary" icon={<IconPlus />} onClick={() => setEntering(true)}>
              {t('wqResults.enter')}
            </Button>
          </div>
        </Permission>
      </div>
      <ListView<WqResult>
        filters={<ResultFilterFields filters={list.filters} set={list.set} i18n={i18n} />}
        list={list}
        query={results}
        columns={columns}
        columnsId="wq-results"
        rowKey="id"
        emptyText={t('wqResults.empty')}
        totalText={(total) => t('wqResults.total', { total })}
      />
      {writer ? (
        <>
          <SampleDrawer open={entering} onClose={() => setEntering(false)} />
          <CorrectDrawer result={correcting} onClose={() => setCorrecting(null)} />
          <ResultsImportDialog visible={importing} onClose={() => setImporting(false)} />
        </>
      ) : null}
    </div>
  );
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const nextDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);

/** The filter row: source as a segmented control, then site, kind, region, parameter, verdict and days. */
function ResultFilterFields({
  filters,
  set,
  i18n,
}: {
  filters: ResultFilters;
  set: (patch: Partial<ResultFilters>) => void;
  i18n: ResultsI18n;
}) {
  const { t } = i18n;
  const common = useWqI18n();
  // The range is days: `to` is the start of the day after the last one.
  const range: Date[] =
    filters.from && filters.to ? [new Date(filters.from), new Date(Date.parse(filters.to) - 1)] : [];
  return (
    <>
      <Radio.Group
        type="button"
        aria-label={t('wqResults.filter.source')}
        value={filters.source}
        onChange={(source: ResultFilters['source']) => set({ source })}
      >
        <Radio value="lab">{common.t('wq.source.lab')}</Radio>
        <Radio value="online">{common.t('wq.source.online')}</Radio>
        <Radio value="all">{t('wqResults.filter.allSources')}</Radio>
      </Radio.Group>
      <WqSiteSelect
        value={filters.siteIds?.[0]}
        onChange={(id) => set({ siteIds: id === undefined ? undefined : [id] })}
      />
      <WqKindSelect value={filters.kind} onChange={(kind) => set({ kind })} />
      <WqRegionSelect value={filters.regionId} onChange={(regionId) => set({ regionId })} />
      <WqParameterSelect value={filters.parameter} onChange={(parameter) => set({ parameter })} />
      <WqVerdictSelect value={filters.verdict} onChange={(verdict) => set({ verdict })} />
      <DatePicker.RangePicker
        className="wq-results__range"
        aria-label={t('wqResults.filter.range')}
        placeholder={[t('wqResults.filter.from'), t('wqResults.filter.to')]}
        allowClear
        value={range}
        onChange={(_text, dates) => {
          const [first, last] = dates ?? [];
          if (!first || !last) {
            set({ from: undefined, to: undefined });
            return;
          }
          set({
            from: startOfDay(first.toDate()).toISOString(),
            to: nextDay(startOfDay(last.toDate())).toISOString(),
          });
        }}
      />
    </>
  );
}
