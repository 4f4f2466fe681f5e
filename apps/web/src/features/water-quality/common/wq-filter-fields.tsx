import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  type RegionNode,
  WQ_PARAMETERS,
  WQ_RESULT_SOURCES,
  WQ_SITE_KINDS,
  WQ_VERDICTS,
  type WqParameter,
  type WqResultSource,
  type WqSiteKind,
  type WqVerdict,
} from '@water/contracts';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { type IdTreeNode, IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { useWqI18n } from './use-wq-i18n.ts';
import { parameterName, siteKindName, verdictName } from './wq-format.ts';
import { wqReferenceQueries } from './wq-queries.ts';
import './wq-filters.css';

// The filter fields the water-quality tabs share, each a controlled picker whose value lives in the
// address (the tab's useListFilters), with the shared texts as labels.

const regionNodes = (nodes: RegionNode[]): IdTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

/** A region (its sites and those of every region below it: the server's doing). */
export function WqRegionSelect({
  value,
  onChange,
  className = 'wq-filter__region',
}: {
  value: number | undefined;
  onChange: (regionId: number | undefined) => void;
  className?: string;
}) {
  const { t, locale } = useWqI18n();
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <IdTreeSelect
      className={className}
      label={t('wq.region')}
      placeholder={t('wq.allRegions')}
      loading={regions.isPending}
      treeData={regionNodes(regions.data ?? [])}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
    />
  );
}

export function WqKindSelect({
  value,
  onChange,
}: {
  value: WqSiteKind | undefined;
  onChange: (kind: WqSiteKind | undefined) => void;
}) {
  const { t, locale } = useWqI18n();
  return (
    <Select
      className="list-page__select"
      aria-label={t('wq.siteKind')}
      placeholder={t('wq.allKinds')}
      allowClear
      value={value}
      onChange={(kind: WqSiteKind | undefined) => onChange(kind)}
      options={WQ_SITE_KINDS.map((kind) => ({ label: siteKindName(kind, locale), value: kind }))}
    />
  );
}

export function WqParameterSelect({
  value,
  onChange,
  allowClear = true,
  first = [],
}: {
  value: WqParameter | undefined;
  onChange: (parameter: WqParameter | undefined) => void;
  allowClear?: boolean;
  /** Parameters listed first (those a site measures), the rest after them. */
  first?: readonly WqParameter[];
}) {
  const { t, locale } = useWqI18n();
  const ordered = [...first, ...WQ_PARAMETERS.filter((p) => !first.includes(p))];
  return (
    <Select
      className="wq-filter__parameter"
      aria-label={t('wq.parameter')}
      placeholder={t('wq.allParameters')}
      allowClear={allowClear}
      showSearch
      value={value}
      onChange={(parameter: WqParameter | undefined) => onChange(parameter)}
      options={ordered.map((p) => ({ label: parameterName(p, locale), value: p }))}
    />
  );
}

export function WqVerdictSelect({
  value,
  onChange,
}: {
  value: WqVerdict | undefined;
  onChange: (verdict: WqVerdict | undefined) => void;
}) {
  const { t, locale } = useWqI18n();
  return (
    <Select
      className="list-page__select"
      aria-label={t('wq.verdict')}
      placeholder={t('wq.allVerdicts')}
      allowClear
      value={value}
      onChange={(verdict: WqVerdict | undefined) => onChange(verdict)}
      options={WQ_VERDICTS.map((v) => ({ label: verdictName(v, locale), value: v }))}
    />
  );
}

export function WqSourceSelect({
  value,
  onChange,
}: {
  value: WqResultSource | undefined;
  onChange: (source: WqResultSource | undefined) => void;
}) {
  const { t } = useWqI18n();
  return (
    <Select
      className="list-page__select"
      aria-label={t('wq.source')}
      placeholder={t('wq.allSources')}
      allowClear
      value={value}
      onChange={(source: WqResultSource | undefined) => onChange(source)}
      options={WQ_RESULT_SOURCES.map((s) => ({ label: t(`wq.source.${s}`), value: s }))}
    />
  );
}

/** One site, or several with `multiple`: code and name, searchable. */
export function WqSiteSelect<M extends boolean = false>({
  value,
  onChange,
  multiple,
  className = 'wq-filter__site',
  placeholder,
}: {
  multiple?: M;
  value: M extends true ? number[] : number | undefined;
  onChange: (value: M extends true ? number[] : number | undefined) => void;
  className?: string;
  placeholder?: string;
}) {
  const { t, locale } = useWqI18n();
  const sites = useQuery(wqReferenceQueries.siteOptions(locale));
  return (
    <Select
      className={className}
      aria-label={t('wq.site')}
      placeholder={placeholder ?? t('wq.allSites')}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={2}
      allowClear
      showSearch
      loading={sites.isPending}
      value={value as never}
      onChange={(next: unknown) => onChange(next as never)}
      options={(sites.data ?? []).map((s) => ({ label: `${s.code} ${s.name}`, value: s.id }))}
    />
  );
}
