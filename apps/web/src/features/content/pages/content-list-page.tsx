import {
  Button,
  Empty,
  Message,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentItem, Permissions } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { KeywordSearch, pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import {
  type ContentAction,
  type ContentFilters,
  contentQueries,
  useContentAction,
  useRefreshContent,
} from '../api/content-queries.ts';
import { type ContentDrawerTarget, ContentFormDrawer } from '../components/content-form-drawer.tsx';
import { StatusTag, statusText, TypeTag, typeText } from '../components/content-labels.tsx';
import { ContentThumb } from '../components/content-media.tsx';
import { ContentViewDrawer } from '../components/content-view-drawer.tsx';
import { type ContentI18n, type ContentMessageKey, useContentI18n } from '../use-content-i18n.ts';
import '../content.css';

type Type = ContentItem['type'];
type Status = ContentItem['status'];

const WRITE = [Permissions.contentWrite] as const;
const PAGE_SIZE = 10;
const ALL = 'all';

/**
 * The content library: every signed-in user reads published items; content editors also see drafts
 * and write. The server is the guard (the list hides drafts from readers, writes need the
 * permission); the console only leaves out what a reader could not use.
 */
export function ContentListPage() {
  const i18n = useContentI18n();
  const { t, locale } = i18n;
  const editor = useButtonPermission(WRITE);
  const [filters, setFilters] = useState<ContentFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<ContentDrawerTarget>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const items = useQuery(contentQueries.list(filters, locale));
  const categories = useQuery(contentQueries.categories(locale));
  const action = useContentAction();
  const refresh = useRefreshContent();
  const filtered = Boolean(filters.type || filters.category || filters.status || filters.keyword);

  const run = (item: ContentItem, kind: ContentAction) =>
    action.mutateAsync({ item, action: kind }).then(
      () => {
        Message.success(t(DONE[kind]));
      },
      // The request layer has shown the server's message already.
      () => undefined,
    );

  const columns: TableColumnProps<ContentItem>[] = [
    {
      title: t('content.col.title'),
      dataIndex: 'title',
      // The title opens the item: the column takes the width the others leave.
      render: (_, row) => (
        <div className="content-title-cell">
          <ContentThumb item={row} t={t} />
          <div className="content-title-cell__text">
            <Button
              type="text"
              className="content-title-link"
              title={row.title}
              aria-label={t('content.actionLabel', { action: t('content.action.open'), title: row.title })}
              onClick={() => setOpenId(row.id)}
            >
              {row.title}
            </Button>
            {row.summary ? (
              <span className="content-summary" title={row.summary}>
                {row.summary}
              </span>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      title: t('content.col.type'),
      dataIndex: 'type',
      width: locale === 'zh-CN' ? 80 : 90,
      render: (_, row) => <TypeTag type={row.type} t={t} />,
    },
    { title: t('content.col.category'), dataIndex: 'categoryName', width: 120 },
    { title: t('content.col.author'), dataIndex: 'authorName', width: 100 },
    ...(editor
      ? [
          {
            title: t('content.col.status'),
            dataIndex: 'status',
            width: 100,
            render: (_: unknown, row: ContentItem) => <StatusTag status={row.status} t={t} />,
          },
        ]
      : []),
    {
      title: t('content.col.publishedAt'),
      dataIndex: 'publishedAt',
      width: 160,
      render: (_, row) => (
        <span className="content-nowrap">
          {row.publishedAt ? formatDateTime(row.publishedAt, locale) : <span className="content-muted">—</span>}
        </span>
      ),
    },
    {
      title: t('content.col.views'),
      dataIndex: 'viewCount',
      width: 90,
      align: 'right',
      render: (_, row) => <span className="content-number">{row.viewCount.toLocaleString(locale)}</span>,
    },
    ...(editor
      ? [
          {
            title: t('content.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: locale === 'zh-CN' ? 150 : 200,
            render: (_: unknown, row: ContentItem) => (
              <RowActions
                row={row}
                i18n={i18n}
                pending={action.isPending && action.variables?.item.id === row.id}
                onEdit={() => setDrawer({ item: row })}
                onAction={(kind) => run(row, kind)}
              />
            ),
          },
        ]
      : []),
  ];

  const table = (
    <QueryState
      query={items}
      failedTitle={t('content.loadFailed')}
      requestFailed={t('content.requestFailed')}
      retryLabel={t('content.retry')}
      skeletonClassName="content-skeleton"
    >
      <Table<ContentItem>
        rowKey="id"
        columns={columns}
        data={items.data?.list ?? []}
        loading={items.isFetching}
        noDataElement={<Empty description={t(filtered ? 'content.emptyFiltered' : 'content.empty')} />}
        tableLayoutFixed
        scroll={{ x: editor ? 1100 : 900 }}
        pagination={tablePagination({
          page: filters.page ?? 1,
          pageSize: filters.pageSize ?? PAGE_SIZE,
          total: items.data?.total ?? 0,
          showTotal: (total: number) => t('content.total', { total }),
        })}
        onChange={(pagination) => setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }))}
      />
    </QueryState>
  );

  return (
    <div className="content-page">
      <div className="content-card">
        <header className="content-header">
          <div>
            <h1 className="content-header__title">{t('content.title')}</h1>
            <p className="content-header__subtitle">{t(editor ? 'content.subtitleEditor' : 'content.subtitle')}</p>
          </div>
          <Permission permissions={WRITE}>
            <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ item: null })}>
              {t('content.create')}
            </Button>
          </Permission>
        </header>
        <search className="content-filters">
          <Radio.Group
            type="button"
            aria-label={t('content.filter.type')}
            value={filters.type ?? ALL}
            onChange={(value: Type | typeof ALL) =>
              setFilters((f) => ({ ...f, type: value === ALL ? undefined : value, page: 1 }))
            }
          >
            <Radio value={ALL}>{t('content.type.all')}</Radio>
            {CONTENT_TYPES.map((type) => (
              <Radio key={type} value={type}>
                {typeText(type, t)}
              </Radio>
            ))}
          </Radio.Group>
          <Select
            className="content-filters__select"
            aria-label={t('content.filter.category')}
            placeholder={t('content.filter.allCategories')}
            allowClear
            loading={categories.isPending}
            value={filters.category}
            onChange={(category: string | undefined) => setFilters((f) => ({ ...f, category, page: 1 }))}
            options={(categories.data ?? []).map((c) => ({ label: c.name, value: c.code }))}
          />
          <Permission permissions={WRITE}>
            <Select
              className="content-filters__select"
              aria-label={t('content.filter.status')}
              placeholder={t('content.filter.allStatuses')}
              allowClear
              value={filters.status}
              onChange={(status: Status | undefined) => setFilters((f) => ({ ...f, status, page: 1 }))}
              options={CONTENT_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
            />
          </Permission>
          <KeywordSearch
            className="content-filters__keyword"
            label={t('content.filter.keyword')}
            value={keyword}
            onChange={setKeyword}
            onKeyword={(next) => setFilters((f) => ({ ...f, keyword: next, page: 1 }))}
          />
        </search>
        {table}
      </div>
      <ContentFormDrawer target={drawer} onClose={() => setDrawer(null)} />
      <ContentViewDrawer
        id={openId}
        onClose={() => {
          setOpenId(null);
          // The opening counted a view: the list and the Workplace figures show it.
          void refresh();
        }}
      />
    </div>
  );
}

const DONE: Record<ContentAction, ContentMessageKey> = {
  publish: 'content.done.publish',
  unpublish: 'content.done.unpublish',
  remove: 'content.done.delete',
};

interface RowActionsProps {
  row: ContentItem;
  i18n: ContentI18n;
  pending: boolean;
  onEdit: () => void;
  onAction: (kind: ContentAction) => Promise<void>;
}

function RowActions({ row, i18n, pending, onEdit, onAction }: RowActionsProps) {
  const { t } = i18n;
  const label = (action: ContentMessageKey) => t('content.actionLabel', { action: t(action), title: row.title });

  const confirmed = (kind: ContentAction, text: ContentMessageKey, confirm: ContentMessageKey, danger: boolean) => (
    <Popconfirm
      title={t(confirm)}
      okText={t(text)}
      cancelText={t('content.cancel')}
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
    <Space size={0} className="content-actions">
      <Button type="text" size="small" aria-label={label('content.action.edit')} onClick={onEdit}>
        {t('content.action.edit')}
      </Button>
      {row.status === 'draft'
        ? confirmed('publish', 'content.action.publish', 'content.confirm.publish', false)
        : confirmed('unpublish', 'content.action.unpublish', 'content.confirm.unpublish', false)}
      {confirmed('remove', 'content.action.delete', 'content.confirm.delete', true)}
    </Space>
  );
}
