import { Button } from '@arco-design/web-react';
import type { OperationLog } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { actionText, moduleText, ResultTag } from '../components/log-labels.tsx';
import type { SystemAdminI18n } from '../use-system-admin-i18n.ts';

/**
 * The operation log's columns. At 1366 px the default ones fit in both languages (zh-CN 1,010 px,
 * en-US 1,045 px of 1,066); the record id is a click away in the column chooser.
 */
export function operationLogColumns({
  i18n,
  onOpen,
}: {
  i18n: SystemAdminI18n;
  onOpen: (row: OperationLog) => void;
}): ListColumn<OperationLog>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  return [
    {
      key: 'time',
      choice: 'always',
      title: t('sys.log.col.time'),
      dataIndex: 'createdAt',
      width: zh ? 160 : 175,
      // The time opens the details (so does the whole row, for the mouse).
      render: (_, row) => (
        <Button
          type="text"
          size="small"
          className="sys-time-link"
          aria-label={t('sys.actionLabel', { action: t('sys.log.details'), title: `#${row.id}` })}
          onClick={(event) => {
            // The row opens the same drawer; one opening is enough.
            event.stopPropagation();
            onOpen(row);
          }}
        >
          {formatDateTime(row.createdAt, locale, { seconds: true })}
        </Button>
      ),
    },
    {
      key: 'user',
      choice: 'always',
      title: t('sys.log.col.user'),
      dataIndex: 'displayName',
      width: 130,
      // The name people know, the account name (often a phone number) under it.
      render: (_, row) => (
        <StackedCell
          primary={row.displayName}
          secondary={row.displayName === row.username ? undefined : row.username}
        />
      ),
    },
    {
      key: 'module',
      title: t('sys.log.col.module'),
      dataIndex: 'module',
      width: 100,
      render: (_, row) => <span title={row.module}>{moduleText(row.module, locale)}</span>,
    },
    {
      key: 'action',
      choice: 'always',
      title: t('sys.log.col.action'),
      dataIndex: 'action',
      // "设置保留期", "Set retention" on one line.
      width: zh ? 110 : 130,
      render: (_, row) => <span title={row.action}>{actionText(row.action, locale)}</span>,
    },
    {
      key: 'target',
      choice: 'hidden',
      title: t('sys.log.col.target'),
      dataIndex: 'targetId',
      width: zh ? 64 : 80,
      render: (_, row) => (row.targetId ? row.targetId : <span className="list-page__muted">{t('sys.none')}</span>),
    },
    {
      key: 'request',
      title: t('sys.log.col.request'),
      dataIndex: 'path',
      width: 185,
      render: (_, row) => (
        <span className="sys-request" title={`${row.method} ${row.path}`}>
          <span className={`sys-method sys-method--${row.method.toLowerCase()}`}>{row.method}</span>
          <code className="sys-code sys-ellipsis">{row.path}</code>
        </span>
      ),
    },
    {
      key: 'result',
      choice: 'always',
      title: t('sys.log.col.result'),
      dataIndex: 'result',
      width: 80,
      render: (_, row) => <ResultTag result={row.result} t={t} />,
    },
    {
      key: 'duration',
      title: t('sys.log.col.duration'),
      dataIndex: 'durationMs',
      width: 90,
      align: 'right',
      render: (_, row) => (
        <span className="sys-number">{t('sys.log.duration', { ms: row.durationMs.toLocaleString(locale) })}</span>
      ),
    },
    { key: 'ip', title: t('sys.log.col.ip'), dataIndex: 'ip', width: 130, ellipsis: true },
  ];
}
