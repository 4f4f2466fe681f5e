import { Alert, Button, Empty, Message, Popconfirm, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { sessionItemSchema } from '@water/contracts';
import type { z } from 'zod';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { accountQueries, useEndSession } from '../api/account-queries.ts';
import { formatDateTime } from '../format.ts';
import { useAccountI18n } from '../use-account-i18n.ts';
import { describeUserAgent } from './user-agent-text.ts';

type Session = z.output<typeof sessionItemSchema>;

/** The user's live sessions. Any but the current one can be ended here; the current one by logging out. */
export function SessionTable() {
  const { t, locale } = useAccountI18n();
  const sessions = useQuery(accountQueries.sessions(locale));
  const end = useEndSession();

  if (sessions.isError && !sessions.data) {
    return (
      <LoadFailedResult
        error={sessions.error}
        onRetry={() => sessions.refetch()}
        title={t('account.common.loadFailed')}
        requestFailed={t('account.common.requestFailed')}
        retryLabel={t('account.common.retry')}
      />
    );
  }

  // The current session first, then the most recently active.
  const rows = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );

  const columns: TableColumnProps<Session>[] = [
    {
      title: t('account.sessions.device'),
      key: 'device',
      render: (_, row) => (
        <span title={row.userAgent}>
          {describeUserAgent(row.userAgent, t).summary}
          {row.current ? (
            <Tag color="arcoblue" size="small" className="account-current-tag">
              {t('account.sessions.current')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('account.sessions.ip'), dataIndex: 'ip' },
    {
      title: t('account.sessions.createdAt'),
      dataIndex: 'createdAt',
      render: (_, row) => <span className="account-nowrap">{formatDateTime(row.createdAt, locale)}</span>,
    },
    {
      title: t('account.sessions.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      render: (_, row) => <span className="account-nowrap">{formatDateTime(row.lastSeenAt, locale)}</span>,
    },
    {
      title: t('account.sessions.expiresAt'),
      dataIndex: 'expiresAt',
      render: (_, row) => <span className="account-nowrap">{formatDateTime(row.expiresAt, locale)}</span>,
    },
    {
      title: t('account.sessions.actions'),
      key: 'actions',
      width: 170,
      render: (_, row) =>
        row.current ? (
          <span className="account-muted">{t('account.sessions.currentHint')}</span>
        ) : (
          <Popconfirm
            title={t('account.sessions.endConfirm')}
            okText={t('account.sessions.end')}
            cancelText={t('account.common.cancel')}
            okButtonProps={{ status: 'danger' }}
            onOk={() =>
              end.mutateAsync(row.id).then(
                () => {
                  Message.success(t('account.sessions.ended'));
                },
                // The request layer has shown the server's message already.
                () => undefined,
              )
            }
          >
            <Button
              type="text"
              status="danger"
              size="small"
              aria-label={t('account.sessions.endLabel', { device: describeUserAgent(row.userAgent, t).summary })}
              loading={end.isPending && end.variables === row.id}
            >
              {t('account.sessions.end')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <>
      <Alert className="account-form-notice" type="info" content={t('account.sessions.note')} />
      <Table<Session>
        rowKey="id"
        columns={columns}
        data={rows}
        loading={sessions.isFetching}
        pagination={false}
        noDataElement={<Empty description={t('account.sessions.empty')} />}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
