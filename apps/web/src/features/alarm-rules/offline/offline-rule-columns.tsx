import { Tag } from '@arco-design/web-react';
import type { OfflineRule } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { secondsText } from '../common/durations.ts';
import { AttentionCount, updatedAtColumn } from '../common/rule-fields.tsx';
import { SeverityTag } from '../severity/severity-tag.tsx';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

export interface OfflineRuleRowActions {
  onEdit: (row: OfflineRule) => void;
  onDelete: (row: OfflineRule) => Promise<unknown>;
}

/** What a rule governs in words: one device, or every device of its type without a rule of its own. */
export const offlineRuleName = (row: OfflineRule, t: AlarmRulesI18n['t']) =>
  row.deviceId === null
    ? t('offlineRules.allOfType', { type: row.deviceTypeName })
    : `${row.deviceCode ?? ''} ${row.deviceName ?? ''}`.trim();

/**
 * The offline-rule list's columns: at 1366×768 the default set (1010 px) fits the 1025 px the
 * layout leaves a list, in both languages; the update time waits in the column chooser.
 */
export function offlineRuleColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: AlarmRulesI18n;
  writer: boolean;
  actions: OfflineRuleRowActions;
}): ListColumn<OfflineRule>[] {
  const { t, locale } = i18n;
  return [
    {
      key: 'deviceType',
      choice: 'always',
      title: t('offlineRules.col.deviceType'),
      dataIndex: 'deviceTypeName',
      width: 160,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.deviceTypeName}>
          {row.deviceTypeName}
        </span>
      ),
    },
    {
      key: 'device',
      choice: 'always',
      title: t('offlineRules.col.device'),
      dataIndex: 'deviceCode',
      width: 170,
      render: (_, row) =>
        row.deviceId === null ? (
          <span className="list-page__muted">{t('offlineRules.allDevices')}</span>
        ) : (
          <StackedCell primary={row.deviceName ?? ''} secondary={row.deviceCode ?? ''} />
        ),
    },
    {
      key: 'timeout',
      title: t('offlineRules.col.timeout'),
      dataIndex: 'timeoutSeconds',
      width: 100,
      render: (_, row) => <span className="list-page__nowrap">{secondsText(row.timeoutSeconds, t)}</span>,
    },
    {
      key: 'deadband',
      title: t('offlineRules.col.deadband'),
      dataIndex: 'deadbandSeconds',
      width: 100,
      render: (_, row) =>
        row.deadbandSeconds === 0 ? (
          <span className="list-page__muted">{t('offlineRules.noDeadband')}</span>
        ) : (
          <span className="list-page__nowrap">{secondsText(row.deadbandSeconds, t)}</span>
        ),
    },
    {
      key: 'severity',
      title: t('offlineRules.col.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (_, row) => <SeverityTag severity={row.severity} />,
    },
    {
      key: 'enabled',
      title: t('offlineRules.col.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (_, row) =>
        row.enabled ? (
          <Tag size="small" color="green">
            {t('offlineRules.on')}
          </Tag>
        ) : (
          <Tag size="small">{t('offlineRules.off')}</Tag>
        ),
    },
    {
      key: 'devices',
      title: t('offlineRules.col.devices'),
      dataIndex: 'devices',
      width: 80,
      align: 'right',
    },
    {
      key: 'offline',
      title: t('offlineRules.col.offline'),
      dataIndex: 'offline',
      width: 100,
      align: 'right',
      render: (_, row) => <AttentionCount n={row.offline} />,
    },
    updatedAtColumn(t('offlineRules.col.updatedAt'), locale),
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('offlineRules.col.actions'),
            fixed: 'right' as const,
            width: 130,
            render: (_: unknown, row: OfflineRule) => {
              const name = offlineRuleName(row, t);
              const edit = t('alarmRules.action.edit');
              const remove = t('alarmRules.action.delete');
              return (
                <RowActions>
                  <RowAction
                    text={edit}
                    label={t('alarmRules.actionLabel', { action: edit, name })}
                    onClick={() => actions.onEdit(row)}
                  />
                  <ConfirmAction
                    danger
                    text={remove}
                    label={t('alarmRules.actionLabel', { action: remove, name })}
                    question={t('offlineRules.confirm.delete', { name })}
                    hint={t(
                      row.deviceId === null
                        ? 'offlineRules.confirm.deleteTypeHint'
                        : 'offlineRules.confirm.deleteDeviceHint',
                    )}
                    onConfirm={() => actions.onDelete(row)}
                  />
                </RowActions>
              );
            },
          },
        ]
      : []),
  ];
}
