import {
  Button,
  Message,
  Popconfirm,
  Progress,
  Result,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_STATUSES, type noticeSummarySchema, Permissions } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { KeywordSearch, pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { type NoticeAction, type NoticeFilters, noticeQueries, useNoticeAction } from '../api/notice-queries.ts';
import { type NoticeDrawerTarget, NoticeFormDrawer } from '../components/notice-form-drawer.tsx';
import { audienceText, LevelTag, StatusTag, statusText, useRoleNames } from '../components/notice-labels.tsx';
import { NoticePreviewDrawer } from '../components/notice-preview-drawer.tsx';
import { type MessagingI18n, type MessagingMessageKey, useMessagingI18n } from '../use-messaging-i18n.ts';
import '../messaging.css';

type NoticeRow = z.output<typeof noticeSummarySchema>;
type Status = NoticeRow['status'];

const WRITE = [Permissions.noticeWrite] as const;
const PAGE_SIZE = 10;

/**
 * Notice management (issue 4 item 4). Only holders of the notice permission manage notices; the
 * server refuses everyone else with 403, so they get an honest explanation instead of a table.
 */
export function NoticeListPage() {
  const { t } = useMessagingI18n();
  const roleInfo = useRoleInfo();
  const allowed = useButtonPermission(WRITE);

  if (!roleInfo) return <Spin className="notice-page-loading" />;
  if (!allowed) {
    return (
      <div className="notice-page">
        <Result
          status="403"
          title={t('messaging.notices.forbidden.title')}
          subTitle={t('messaging.notices.forbidden.subtitle')}
        />
      </div>
    );
  }
  return <NoticeManager />;
}

function NoticeManager() {
  const i18n = useMessagingI18n();
  const { t, locale } = i18n;
  const roleNames = useRoleNames();
  const [filters, setFilters] = useState<NoticeFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<NoticeDrawerTarget>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const notices = useQuery(noticeQueries.list(filters, locale));
  const action = useNoticeAction();

  const run = (row: NoticeRow, kind: NoticeAction) =>
    action.mutateAsync({ id: row.id, action: kind }).then(
      (sms) => {
        if (!sms) Message.success(t(DONE[kind]));
        // What the balance could not pay for is the publisher's to know at once, and to top up.
        else if (sms.failed > 0)
          Message.warning({ content: t('messaging.notices.done.publishSmsShort', sms), duration: 8000 });
        else if (sms.skipped > 0) Message.success(t('messaging.notices.done.publishSmsSkipped', sms));
        else Message.success(t('messaging.notices.done.publishSms', sms));
      },
      // The request layer has shown the server's message already.
      () => undefined,
    );

  const columns: TableColumnProps<NoticeRow>[] = [
    {
      title: t('messaging.notices.col.title'),
      dataIndex: 'title',
      // The title opens the preview: the column takes the width the others leave.
      render: (_, row) => (
        <Button
          type="text"
          className="notice-title-link"
          title={row.title}
          aria-label={t('messaging.notices.actionLabel', {
            action: t('messaging.notices.action.preview'),
            title: row.title,
          })}
          onClick={() => setPreviewId(row.id)}
        >
          {row.title}
        </Button>
      ),
    },
    {
      title: t('messaging.notices.col.level'),
      dataIndex: 'level',
      width: 80,
      render: (_, row) => <LevelTag level={row.level} t={t} />,
    },
    {
      title: t('messaging.notices.col.status'),
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    {
      title: t('messaging.notices.col.audience'),
      key: 'audience',
      width: 170,
      render: (_, row) => <span className="notice-audience">{audienceText(row.audience, t, locale, roleNames)}</span>,
    },
    { title: t('messaging.notices.col.author'), dataIndex: 'authorName', width: 90 },
    {
      title: t('messaging.notices.col.publishedAt'),
      dataIndex: 'publishedAt',
      width: 150,
      render: (_, row) => (
        <span className="notice-nowrap">
          {row.publishedAt ? formatDateTime(row.publishedAt, locale) : <span className="notice-muted">—</span>}
        </span>
      ),
    },
    {
      title: t('messaging.notices.col.reads'),
      key: 'reads',
      width: 150,
      render: (_, row) => <ReadProgress row={row} t={t} />,
    },
    {
      title: t('messaging.notices.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: locale === 'zh-CN' ? 170 : 210,
      render: (_, row) => (
        <RowActions
          row={row}
          i18n={i18n}
          pending={action.isPending && action.variables?.id === row.id}
          onEdit={() => setDrawer({ id: row.id })}
          onAction={(kind) => run(row, kind)}
        />
      ),
    },
  ];

  return (
    <div className="notice-page">
      <div className="notice-card">
        <header className="notice-header">
          <div>
            <h1 className="notice-header__title">{t('messaging.notices.title')}</h1>
            <p className="notice-header__subtitle">{t('messaging.notices.subtitle')}</p>
          </div>
          <Permission permissions={WRITE}>
            <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ id: null })}>
              {t('messaging.notices.create')}
            </Button>
          </Permission>
        </header>
        <search className="notice-filters">
          <Select
            className="notice-filters__status"
            aria-label={t('messaging.notices.filter.status')}
            placeholder={t('messaging.notices.filter.allStatuses')}
            allowClear
            value={filters.status}
            onChange={(status: Status | undefined) => setFilters((f) => ({ ...f, status, page: 1 }))}
            options={NOTICE_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
          />
          <KeywordSearch
            className="notice-filters__keyword"
            label={t('messaging.notices.filter.keyword')}
            value={keyword}
            onChange={setKeyword}
            onKeyword={(next) => setFilters((f) => ({ ...f, keyword: next, page: 1 }))}
          />
        </search>
        <QueryState
          query={notices}
          failedTitle={t('messaging.notices.loadFailed')}
          requestFailed={t('messaging.notices.requestFailed')}
          retryLabel={t('messaging.notices.retry')}
        >
          <Table<NoticeRow>
            rowKey="id"
            columns={columns}
            data={notices.data?.list ?? []}
            loading={notices.isFetching}
            noDataElement={<div className="notice-empty">{t('messaging.notices.empty')}</div>}
            tableLayoutFixed
            scroll={{ x: 1100 }}
            pagination={tablePagination({
              page: filters.page ?? 1,
              pageSize: filters.pageSize ?? PAGE_SIZE,
              total: notices.data?.total ?? 0,
              showTotal: (total: number) => t('messaging.notices.total', { total }),
            })}
            onChange={(pagination) => setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }))}
          />
        </QueryState>
      </div>
      <NoticeFormDrawer target={drawer} onClose={() => setDrawer(null)} />
      <NoticePreviewDrawer id={previewId} onClose={() => setPreviewId(null)} />
    </div>
  );
}

const DONE: Record<NoticeAction, MessagingMessageKey> = {
  publish: 'messaging.notices.done.publish',
  withdraw: 'messaging.notices.done.withdraw',
  remove: 'messaging.notices.done.delete',
};

function ReadProgress({ row, t }: { row: NoticeRow; t: MessagingI18n['t'] }) {
  if (row.status === 'draft') return <span className="notice-muted">{t('messaging.notices.notPublished')}</span>;
  const percent = row.recipients ? Math.round((row.reads / row.recipients) * 100) : 0;
  return (
    <div className="notice-reads">
      <Progress
        percent={percent}
        size="small"
        showText={false}
        aria-label={t('messaging.notices.col.reads')}
        className="notice-reads__bar"
      />
      <span className="notice-reads__text">
        {row.reads} / {row.recipients}
      </span>
    </div>
  );
}

interface RowActionsProps {
  row: NoticeRow;
  i18n: MessagingI18n;
  pending: boolean;
  onEdit: () => void;
  onAction: (kind: NoticeAction) => Promise<void>;
}

/** What each state allows: drafts are edited, published or deleted; published ones withdrawn; withdrawn ones deleted. */
function RowActions({ row, i18n, pending, onEdit, onAction }: RowActionsProps) {
  const { t } = i18n;
  const label = (action: MessagingMessageKey) =>
    t('messaging.notices.actionLabel', { action: t(action), title: row.title });

  const confirmed = (kind: NoticeAction, text: MessagingMessageKey, confirm: MessagingMessageKey, danger: boolean) => (
    <Popconfirm
      title={t(confirm)}
      okText={t(text)}
      cancelText={t('messaging.notices.cancel')}
      okButtonProps={danger ? { status: 'danger' } : {}}
      onOk={() => onAction(kind)}
    >
      <Button
        type="text"
        size="small"
        status={danger ? 'danger' : 'default'}
        aria-label={label(text)}
        disabled={pending}
      >
        {t(text)}
      </Button>
    </Popconfirm>
  );

  return (
    <Space size={0} className="notice-actions">
      <Permission permissions={WRITE}>
        {row.status === 'draft' ? (
          <>
            <Button type="text" size="small" aria-label={label('messaging.notices.action.edit')} onClick={onEdit}>
              {t('messaging.notices.action.edit')}
            </Button>
            {confirmed('publish', 'messaging.notices.action.publish', 'messaging.notices.confirm.publish', false)}
          </>
        ) : null}
        {row.status === 'published'
          ? confirmed('withdraw', 'messaging.notices.action.withdraw', 'messaging.notices.confirm.withdraw', true)
          : null}
        {row.status !== 'published'
          ? confirmed('remove', 'messaging.notices.action.delete', 'messaging.notices.confirm.delete', true)
          : null}
      </Permission>
    </Space>
  );
}
