import { Tooltip } from '@arco-design/web-react';
import type { LoginLog } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { parseUserAgent } from '../../../shared/lib/user-agent.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ResultTag, reasonText } from '../components/log-labels.tsx';
import type { SystemAdminI18n } from '../use-system-admin-i18n.ts';

/** Browser and system of a User-Agent in words, "unknown" in the reader's language when unread. */
function userAgentSummary(ua: string, t: SystemAdminI18n['t']): string {
  const { browser, os } = parseUserAgent(ua);
  return t('sys.log.ua.summary', {
    browser: browser ?? t('sys.log.ua.unknownBrowser'),
    os: os ?? t('sys.log.ua.unknownOs'),
  });
}

/** The sign-in log's columns: 1,020 px in both languages, within the 1,066 px of a 1366 px window. */
export function loginLogColumns({ i18n }: { i18n: SystemAdminI18n }): ListColumn<LoginLog>[] {
  const { t, locale } = i18n;
  const none = <span className="list-page__muted">{t('sys.none')}</span>;
  return [
    {
      key: 'time',
      choice: 'always',
      title: t('sys.log.col.time'),
      dataIndex: 'createdAt',
      width: 180,
      render: (_, row) => (
        <span className="list-page__nowrap">{formatDateTime(row.createdAt, locale, { seconds: true })}</span>
      ),
    },
    { key: 'user', choice: 'always', title: t('sys.log.col.user'), dataIndex: 'username', width: 150, ellipsis: true },
    { key: 'ip', title: t('sys.log.col.ip'), dataIndex: 'ip', width: 140, ellipsis: true },
    {
      key: 'userAgent',
      title: t('sys.log.col.userAgent'),
      dataIndex: 'userAgent',
      width: 260,
      render: (_, row) =>
        row.userAgent ? (
          <Tooltip content={row.userAgent} position="tl">
            <span className="sys-ellipsis sys-ua">{userAgentSummary(row.userAgent, t)}</span>
          </Tooltip>
        ) : (
          none
        ),
    },
    {
      key: 'result',
      choice: 'always',
      title: t('sys.log.col.result'),
      dataIndex: 'success',
      width: 90,
      render: (_, row) => <ResultTag result={row.success ? 'success' : 'failure'} t={t} />,
    },
    {
      key: 'reason',
      title: t('sys.log.col.reason'),
      dataIndex: 'reason',
      width: 200,
      render: (_, row) => (row.reason ? <span title={row.reason}>{reasonText(row.reason, t)}</span> : none),
    },
  ];
}
