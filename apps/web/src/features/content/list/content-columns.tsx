import { Button } from '@arco-design/web-react';
import type { ContentItem } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import type { ContentAction } from '../api/content-queries.ts';
import { StatusTag, TypeTag } from '../components/content-labels.tsx';
import { ContentThumb } from '../components/content-media.tsx';
import type { ContentI18n, ContentMessageKey } from '../use-content-i18n.ts';

export interface ContentRowActions {
  onOpen: (row: ContentItem) => void;
  onEdit: (row: ContentItem) => void;
  onAction: (row: ContentItem, kind: ContentAction) => Promise<unknown>;
  /** The item a publish, unpublish or delete is being sent for. */
  pending: number | undefined;
}

/**
 * The content library's columns. An editor sees status and actions too, and finds the author in the
 * column chooser: shown, they fit 1366 px in both languages (zh 950 px, en 1020 px); a reader's
 * columns (author shown) take zh 800 px, en 810 px.
 */
export function contentColumns({
  i18n,
  editor,
  actions,
}: {
  i18n: ContentI18n;
  editor: boolean;
  actions: ContentRowActions;
}): ListColumn<ContentItem>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';

  return [
    {
      // The title opens the item.
      key: 'title',
      choice: 'always',
      title: t('content.col.title'),
      dataIndex: 'title',
      width: 280,
      render: (_, row) => (
        <div className="content-title-cell">
          <ContentThumb item={row} t={t} />
          <div className="content-title-cell__text">
            <Button
              type="text"
              className="content-title-link"
              title={row.title}
              aria-label={t('content.actionLabel', { action: t('content.action.open'), title: row.title })}
              onClick={() => actions.onOpen(row)}
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
      key: 'type',
      title: t('content.col.type'),
      dataIndex: 'type',
      width: zh ? 80 : 90,
      render: (_, row) => <TypeTag type={row.type} t={t} />,
    },
    {
      key: 'category',
      title: t('content.col.category'),
      dataIndex: 'categoryName',
      width: 110,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.categoryName}>
          {row.categoryName}
        </span>
      ),
    },
    {
      key: 'author',
      // An editor's row is wider (status, actions): the author waits in the chooser.
      choice: editor ? 'hidden' : 'shown',
      title: t('content.col.author'),
      dataIndex: 'authorName',
      width: 90,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.authorName}>
          {row.authorName}
        </span>
      ),
    },
    ...(editor
      ? [
          {
            key: 'status',
            choice: 'always' as const,
            title: t('content.col.status'),
            dataIndex: 'status',
            width: zh ? 90 : 100,
            render: (_: unknown, row: ContentItem) => <StatusTag status={row.status} t={t} />,
          },
        ]
      : []),
    {
      key: 'publishedAt',
      title: t('content.col.publishedAt'),
      dataIndex: 'publishedAt',
      width: 150,
      render: (_, row) => (
        <span className="list-page__nowrap">
          {row.publishedAt ? formatDateTime(row.publishedAt, locale) : <span className="list-page__muted">—</span>}
        </span>
      ),
    },
    {
      key: 'views',
      title: t('content.col.views'),
      dataIndex: 'viewCount',
      width: 90,
      align: 'right',
      render: (_, row) => <span className="content-number">{row.viewCount.toLocaleString(locale)}</span>,
    },
    ...(editor
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('content.col.actions'),
            fixed: 'right' as const,
            width: zh ? 150 : 200,
            render: (_: unknown, row: ContentItem) => <ContentActions row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function ContentActions({ row, i18n, actions }: { row: ContentItem; i18n: ContentI18n; actions: ContentRowActions }) {
  const { t } = i18n;
  const label = (action: ContentMessageKey) => t('content.actionLabel', { action: t(action), title: row.title });
  const confirmed = (kind: ContentAction, text: ContentMessageKey, question: ContentMessageKey, danger = false) => (
    <ConfirmAction
      danger={danger}
      text={t(text)}
      label={label(text)}
      question={t(question)}
      disabled={actions.pending === row.id}
      onConfirm={() => actions.onAction(row, kind)}
    />
  );
  return (
    <RowActions>
      <RowAction
        text={t('content.action.edit')}
        label={label('content.action.edit')}
        onClick={() => actions.onEdit(row)}
      />
      {row.status === 'draft'
        ? confirmed('publish', 'content.action.publish', 'content.confirm.publish')
        : confirmed('unpublish', 'content.action.unpublish', 'content.confirm.unpublish')}
      {confirmed('remove', 'content.action.delete', 'content.confirm.delete', true)}
    </RowActions>
  );
}
