import { Tag, Tooltip } from '@arco-design/web-react';
import type { WqParameterInfo, WqResult } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import type { WqCommonI18n } from '../common/use-wq-i18n.ts';
import { formatExceedance, formatWqValue, gradeName, parameterName, siteKindName } from '../common/wq-format.ts';
import type { ResultsI18n } from './use-results-i18n.ts';
import { appliedLimitText, VerdictTag } from './verdict-tag.tsx';

interface Actions {
  onCorrect: (row: WqResult) => void;
  onDelete: (row: WqResult) => Promise<unknown> | undefined;
}

/**
 * The results list's columns, within 1366 px by default: the analyser or sample and analyst share one
 * column, the source has its own only when chosen (the filter's segmented control says it).
 */
export function resultColumns({
  i18n,
  common,
  parameters,
  writer,
  actions,
}: {
  i18n: ResultsI18n;
  common: WqCommonI18n;
  parameters: ReadonlyMap<string, WqParameterInfo>;
  writer: boolean;
  actions: Actions;
}): ListColumn<WqResult>[] {
  const { t, locale } = i18n;
  const valueText = (row: WqResult) => {
    const p = parameters.get(row.parameter);
    const shown = formatWqValue(row.value, row.belowDetection, p?.decimals ?? 3, common);
    return p?.unit ? `${shown} ${p.unit}` : shown;
  };
  const columns: ListColumn<WqResult>[] = [
    {
      key: 'sampledAt',
      choice: 'always',
      title: t('wqResults.col.sampledAt'),
      dataIndex: 'sampledAt',
      width: 150,
      render: (_, row) => formatDateTime(row.sampledAt, locale),
    },
    {
      key: 'site',
      choice: 'always',
      title: t('wqResults.col.site'),
      dataIndex: 'siteName',
      width: locale === 'zh-CN' ? 150 : 140,
      render: (_, row) => (
        <StackedCell
          primary={row.siteName}
          secondary={`${row.siteCode} · ${siteKindName(row.siteKind, locale)}`}
          strong
        />
      ),
    },
    {
      key: 'parameter',
      choice: 'always',
      title: t('wqResults.col.parameter'),
      dataIndex: 'parameter',
      width: 130,
      render: (_, row) => parameterName(row.parameter, locale),
    },
    {
      key: 'value',
      choice: 'always',
      title: t('wqResults.col.value'),
      dataIndex: 'value',
      width: 110,
      render: (_, row) => (
        <span className={row.applied.verdict === 'exceeding' ? 'wq-exceeding wq-strong' : undefined}>
          {valueText(row)}
        </span>
      ),
    },
    {
      key: 'limit',
      title: t('wqResults.col.limit'),
      dataIndex: 'applied.upper',
      width: 95,
      render: (_, row) => <LimitCell row={row} i18n={i18n} common={common} />,
    },
    {
      key: 'verdict',
      choice: 'always',
      title: t('wqResults.col.verdict'),
      dataIndex: 'applied.verdict',
      width: 120,
      render: (_, row) => {
        const { applied } = row;
        const second =
          formatExceedance(applied, row.value, common) ??
          (applied.grade !== null ? gradeName(applied.grade, locale) : null) ??
          (applied.unjudgedReason ? common.t(`wq.unjudged.${applied.unjudgedReason}`) : null);
        return (
          <StackedCell
            primary={<VerdictTag verdict={applied.verdict} reason={applied.unjudgedReason} i18n={common} />}
            secondary={second ?? undefined}
            secondaryTitle={second ?? undefined}
            secondaryClassName={applied.verdict === 'exceeding' ? 'wq-exceeding' : undefined}
          />
        );
      },
    },
    {
      key: 'source',
      choice: 'hidden',
      title: t('wqResults.col.source'),
      dataIndex: 'source',
      width: 80,
      render: (_, row) => (
        <Tag size="small" color={row.source === 'lab' ? 'purple' : 'cyan'}>
          {common.t(`wq.source.${row.source}`)}
        </Tag>
      ),
    },
    {
      key: 'sample',
      title: t('wqResults.col.sample'),
      dataIndex: 'sampleId',
      width: 120,
      render: (_, row) =>
        row.source === 'lab' ? (
          <StackedCell primary={row.sampleId ?? ''} secondary={row.analyst || undefined} />
        ) : (
          <StackedCell
            primary={common.t('wq.source.online')}
            secondary={row.deviceCode ? t('wqResults.analyser', { code: row.deviceCode }) : undefined}
          />
        ),
    },
  ];
  if (writer) {
    columns.push({
      key: 'actions',
      choice: 'always',
      title: t('wqResults.col.actions'),
      dataIndex: 'id',
      // "Correct" and "Delete" take half as much again as 更正 and 删除.
      width: locale === 'zh-CN' ? 110 : 150,
      fixed: 'right',
      render: (_, row) => {
        if (row.source !== 'lab') return null;
        const names = { sample: row.sampleId ?? '', parameter: parameterName(row.parameter, locale) };
        return (
          <RowActions>
            <RowAction
              text={t('wqResults.correct')}
              label={t('wqResults.correctLabel', names)}
              onClick={() => actions.onCorrect(row)}
            />
            <ConfirmAction
              danger
              text={t('wqResults.delete')}
              label={t('wqResults.deleteLabel', names)}
              question={t('wqResults.deleteQuestion', names)}
              hint={t('wqResults.deleteHint')}
              onConfirm={() => actions.onDelete(row)}
            />
          </RowActions>
        );
      },
    });
  }
  return columns;
}

/** The limit that applied, with the standard's citation, the set and the cold-water rule on hover. */
function LimitCell({ row, i18n, common }: { row: WqResult; i18n: ResultsI18n; common: WqCommonI18n }) {
  const { t } = i18n;
  const { applied } = row;
  const text = appliedLimitText(applied, common);
  if (!text) return <span className="wq-muted">{t('wqResults.noLimit')}</span>;
  const tip = [
    applied.citation,
    applied.limitSetName ? t('wqResults.appliedSet', { set: applied.limitSetName, standard: applied.standard }) : '',
    applied.coldApplied && applied.temperature !== null
      ? t('wqResults.coldApplied', { temperature: applied.temperature })
      : '',
  ].filter(Boolean);
  return (
    <Tooltip
      trigger={['hover', 'focus']}
      content={
        <div className="wq-citation">
          {tip.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      {/* A button, so the citation opens from the keyboard too. */}
      <button type="button" className="wq-limit" aria-description={tip.join('; ')}>
        {text}
        {applied.coldApplied ? <sup className="wq-muted">*</sup> : null}
      </button>
    </Tooltip>
  );
}
