import { Empty, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { loginHistoryItemSchema } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { accountQueries } from '../api/account-queries.ts';
import { formatDateTime } from '../format.ts';
import { type AccountI18n, type AccountMessageKey, useAccountI18n } from '../use-account-i18n.ts';
import { describeUserAgent } from './user-agent-text.ts';

type Attempt = z.output<typeof loginHistoryItemSchema>;

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

function columns({ t, locale }: AccountI18n): TableColumnProps<Attempt>[] {
  return [
    {
      title: t('account.history.time'),
      dataIndex: 'time',
      render: (_, row) => <span className="account-nowrap">{formatDateTime(row.time, locale)}</span>,
    },
    { title: t('account.history.ip'), dataIndex: 'ip' },
    {
      title: t('account.history.browser'),
      dataIndex: 'userAgent',
      render: (_, row) => <span title={row.userAgent}>{describeUserAgent(row.userAgent, t).browser}</span>,
    },
    {
      title: t('account.history.os'),
      key: 'os',
      render: (_, row) => describeUserAgent(row.userAgent, t).os,
    },
    {
      title: t('account.history.result'),
      dataIndex: 'success',
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

/** The user's own sign-in attempts, newest first, paged by the server. */
export function LoginHistoryTable() {
  const i18n = useAccountI18n();
  const { t, locale } = i18n;
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const history = useQuery(accountQueries.loginHistory(page, locale));

  return (
    <QueryState
      query={history}
      failedTitle={t('account.common.loadFailed')}
      requestFailed={t('account.common.requestFailed')}
      retryLabel={t('account.common.retry')}
    >
      <Table<Attempt>
        rowKey="id"
        columns={columns(i18n)}
        data={history.data?.list ?? []}
        loading={history.isFetching}
        noDataElement={<Empty description={t('account.history.empty')} />}
        scroll={{ x: 'max-content' }}
        pagination={{
          ...tablePagination({
            page: page.page,
            pageSize: page.pageSize,
            total: history.data?.total ?? 0,
            showTotal: true,
          }),
          onChange: (current, pageSize) =>
            setPage((prev) => ({ page: pageSize === prev.pageSize ? current : 1, pageSize })),
        }}
      />
    </QueryState>
  );
}
