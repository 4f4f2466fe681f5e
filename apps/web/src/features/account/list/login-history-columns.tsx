import { Tag } from '@arco-design/web-react';
import type { loginHistoryItemSchema } from '@water/contracts';
import type { z } from 'zod';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { describeUserAgent } from '../components/user-agent-text.ts';
import { formatDateTime } from '../format.ts';
import type { AccountI18n, AccountMessageKey } from '../use-account-i18n.ts';

export type Attempt = z.output<typeof loginHistoryItemSchema>;

const reasonKeys: Record<string, AccountMessageKey> = {
  bad_credentials: 'account.history.reason.bad_credentials',
  locked: 'account.history.reason.locked',
  disabled: 'account.history.reason.disabled',
  captcha_missing: 'account.history.reason.captcha_missing',
  captcha_wrong: 'account.history.reason.captcha_wrong',
};

function reasonText(reason: string, t: AccountI18n['t']): string {
  const key = reasonKeys[reason];
  return key ? t(key) : t('account.history.reason.other', { reason });
}

/**
 * The sign-in history's columns: all five fit the settings card at 1366 px in both languages
 * (zh 870 px, en 920 px); the result is the key column.
 */
export function loginHistoryColumns({ t, locale }: AccountI18n): ListColumn<Attempt>[] {
  const zh = locale === 'zh-CN';
  return [
    {
      key: 'time',
      choice: 'always',
      title: t('account.history.time'),
      dataIndex: 'time',
      width: 170,
      render: (_, row) => <span className="account-nowrap">{formatDateTime(row.time, locale)}</span>,
    },
    { key: 'ip', title: t('account.history.ip'), dataIndex: 'ip', width: 140 },
    {
      key: 'browser',
      title: t('account.history.browser'),
      dataIndex: 'userAgent',
      width: 160,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.userAgent}>
          {describeUserAgent(row.userAgent, t).browser}
        </span>
      ),
    },
    {
      key: 'os',
      title: t('account.history.os'),
      width: zh ? 160 : 170,
      render: (_, row) => describeUserAgent(row.userAgent, t).os,
    },
    {
      key: 'result',
      choice: 'always',
      title: t('account.history.result'),
      dataIndex: 'success',
      width: zh ? 240 : 280,
      render: (_, row) =>
        row.success ? (
          <Tag color="green">{t('account.history.success')}</Tag>
        ) : (
          <Tag color="red">
            {t('account.history.failure')}
            {row.reason ? ` · ${reasonText(row.reason, t)}` : ''}
          </Tag>
        ),
    },
  ];
}
