import { Button, Progress } from '@arco-design/web-react';
import type { noticeSummarySchema } from '@water/contracts';
import type { z } from 'zod';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import type { NoticeAction } from '../api/notice-queries.ts';
import { audienceText, LevelTag, StatusTag } from '../components/notice-labels.tsx';
import type { MessagingI18n, MessagingMessageKey } from '../use-messaging-i18n.ts';

export type NoticeRow = z.output<typeof noticeSummarySchema>;

export interface NoticeRowActions {
  onPreview: (row: NoticeRow) => void;
  onEdit: (row: NoticeRow) => void;
  onAction: (row: NoticeRow, kind: NoticeAction) => Promise<unknown>;
  /** The notice a publish, withdraw or delete is being sent for. */
  pending: number | undefined;
}

/**
 * The notice list's columns. Shown, they fit 1366 px in both languages (zh 970 px, en 1015 px of 1025);
 * the author is in the column chooser.
 */
export function noticeColumns({
  i18n,
  roleNames,
  actions,
}: {
  i18n: MessagingI18n;
  roleNames: ReadonlyMap<string, string>;
  actions: NoticeRowActions;
}): ListColumn<NoticeRow>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';

  return [
    {
      // The title opens the preview.
      key: 'title',
      choice: 'always',
      title: t('messaging.notices.col.title'),
      dataIndex: 'title',
      width: zh ? 230 : 200,
      render: (_, row) => (
        <Button
          type="text"
          className="notice-title-link"
          title={row.title}
          aria-label={t('messaging.notices.actionLabel', {
            action: t('messaging.notices.action.preview'),
            title: row.title,
          })}
          onClick={() => actions.onPreview(row)}
        >
          {row.title}
        </Button>
      ),
    },
    {
      key: 'level',
      title: t('messaging.notices.col.level'),
      dataIndex: 'level',
      width: zh ? 80 : 110,
      render: (_, row) => <LevelTag level={row.level} t={t} />,
    },
    {
      key: 'status',
      choice: 'always',
      title: t('messaging.notices.col.status'),
      dataIndex: 'status',
      width: zh ? 90 : 110,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    {
      key: 'audience',
      title: t('messaging.notices.col.audience'),
      width: 140,
      render: (_, row) => <span className="notice-audience">{audienceText(row.audience, t, locale, roleNames)}</span>,
    },
    {
      key: 'author',
      choice: 'hidden',
      title: t('messaging.notices.col.author'),
      dataIndex: 'authorName',
      width: 90,
    },
    {
      key: 'publishedAt',
      title: t('messaging.notices.col.publishedAt'),
      dataIndex: 'publishedAt',
      width: 140,
      render: (_, row) => (
        <span className="list-page__nowrap">
          {row.publishedAt ? formatDateTime(row.publishedAt, locale) : <span className="list-page__muted">—</span>}
        </span>
      ),
    },
    {
      key: 'reads',
      title: t('messaging.notices.col.reads'),
      width: 120,
      render: (_, row) => <ReadProgress row={row} t={t} />,
    },
    {
      key: 'actions',
      choice: 'always',
      title: t('messaging.notices.col.actions'),
      fixed: 'right',
      width: zh ? 170 : 195,
      render: (_, row) => <NoticeActions row={row} i18n={i18n} actions={actions} />,
    },
  ];
}

function ReadProgress({ row, t }: { row: NoticeRow; t: MessagingI18n['t'] }) {
  if (row.status === 'draft') return <span className="list-page__muted">{t('messaging.notices.notPublished')}</span>;
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

/** What each state allows: drafts are edited, published or deleted; published ones withdrawn; withdrawn ones deleted. */
function NoticeActions({ row, i18n, actions }: { row: NoticeRow; i18n: MessagingI18n; actions: NoticeRowActions }) {
  const { t } = i18n;
  const label = (action: MessagingMessageKey) =>
    t('messaging.notices.actionLabel', { action: t(action), title: row.title });
  const confirmed = (kind: NoticeAction, text: MessagingMessageKey, question: MessagingMessageKey, danger = false) => (
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
      {row.status === 'draft' ? (
        <>
          <RowAction
            text={t('messaging.notices.action.edit')}
            label={label('messaging.notices.action.edit')}
            onClick={() => actions.onEdit(row)}
          />
          {confirmed('publish', 'messaging.notices.action.publish', 'messaging.notices.confirm.publish')}
        </>
      ) : null}
      {row.status === 'published'
        ? confirmed('withdraw', 'messaging.notices.action.withdraw', 'messaging.notices.confirm.withdraw', true)
        : null}
      {row.status !== 'published'
        ? confirmed('remove', 'messaging.notices.action.delete', 'messaging.notices.confirm.delete', true)
        : null}
    </RowActions>
  );
}
