import { Switch } from '@arco-design/web-react';
import type { AlarmRule } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { AttentionCount, updatedAtColumn } from '../common/rule-fields.tsx';
import { SeverityTag } from '../severity/severity-tag.tsx';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

export interface RuleRowActions {
  onEdit: (row: AlarmRule) => void;
  onCopy: (row: AlarmRule) => Promise<unknown>;
  onDelete: (row: AlarmRule) => Promise<unknown>;
  onEnabled: (row: AlarmRule, enabled: boolean) => Promise<unknown>;
  /** The rule whose switch is on its way. */
  switching: number | null;
}

/**
 * The rule list's columns. At 1366×768 the default set (name, severity, what it watches, the
 * conditions with when they raise, enabled, active alarms, actions: 1000 px) fits the 1025 px the
 * layout leaves a list in both languages; the update time waits in the column chooser.
 */
export function ruleColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: AlarmRulesI18n;
  writer: boolean;
  actions: RuleRowActions;
}): ListColumn<AlarmRule>[] {
  const { t, locale } = i18n;
  return [
    {
      key: 'name',
      choice: 'always',
      title: t('alarmRules.col.name'),
      dataIndex: 'name',
      width: 150,
      render: (_, row) => <StackedCell strong primary={row.name} secondary={row.description} />,
    },
    {
      key: 'severity',
      choice: 'always',
      title: t('alarmRules.col.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (_, row) => <SeverityTag severity={row.severity} />,
    },
    {
      key: 'target',
      title: t('alarmRules.col.target'),
      dataIndex: 'deviceTypeName',
      width: 170,
      render: (_, row) => <StackedCell primary={row.deviceTypeName} secondary={row.scopeName} />,
    },
    {
      key: 'conditions',
      title: t('alarmRules.col.conditions'),
      dataIndex: 'summary',
      width: 260,
      // The server's words carry the duration and the repeat too; two lines hold most rules whole.
      render: (_, row) => (
        <span className="alarm-rules-summary" title={row.summary}>
          {row.summary}
        </span>
      ),
    },
    {
      key: 'enabled',
      choice: 'always',
      title: t('alarmRules.col.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          disabled={!writer}
          loading={actions.switching === row.id}
          aria-label={t('alarmRules.enabledLabel', { name: row.name })}
          onChange={(enabled: boolean) => void actions.onEnabled(row, enabled)}
        />
      ),
    },
    {
      key: 'activeAlarms',
      title: t('alarmRules.col.activeAlarms'),
      dataIndex: 'activeAlarms',
      width: 90,
      align: 'right',
      render: (_, row) => <AttentionCount n={row.activeAlarms} />,
    },
    updatedAtColumn(t('alarmRules.col.updatedAt'), locale),
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('alarmRules.col.actions'),
            fixed: 'right' as const,
            width: 160,
            render: (_: unknown, row: AlarmRule) => <RuleRowButtons row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function RuleRowButtons({ row, i18n, actions }: { row: AlarmRule; i18n: AlarmRulesI18n; actions: RuleRowActions }) {
  const { t } = i18n;
  const label = (action: string) => t('alarmRules.actionLabel', { action, name: row.name });
  const edit = t('alarmRules.action.edit');
  const copy = t('alarmRules.action.copy');
  const remove = t('alarmRules.action.delete');
  return (
    <RowActions>
      <RowAction text={edit} label={label(edit)} onClick={() => actions.onEdit(row)} />
      <RowAction text={copy} label={label(copy)} onClick={() => void actions.onCopy(row)} />
      <ConfirmAction
        danger
        text={remove}
        label={label(remove)}
        question={t('alarmRules.confirm.delete', { name: row.name })}
        hint={t('alarmRules.confirm.deleteHint')}
        onConfirm={() => actions.onDelete(row)}
      />
    </RowActions>
  );
}
