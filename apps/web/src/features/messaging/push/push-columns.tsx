import { Button, Tooltip } from '@arco-design/web-react';
import type { Push } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import type { PushI18n } from '../use-push-i18n.ts';
import { ChannelTags, DeliveryProgress, moneyText, PushStateTag, SourceText, shortDateTime } from './push-labels.tsx';

/** A click on a row opens its push, except on a button or a link of its own. */
export const openOnRowClick = (onOpen: (push: Push) => void) => (row: Push) => ({
  onClick: (event: React.MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element && target.closest('button, a, input, label'))) onOpen(row);
  },
});

/** What SMS cost: charged so far, or while nothing is charged yet the estimate, muted. */
export function SmsCostText({ push, i18n }: { push: Push; i18n: PushI18n }) {
  const { t, locale } = i18n;
  if (push.smsCount > 0 || push.smsCost > 0) {
    return (
      <Tooltip content={t('push.smsCountN', { n: push.smsCount })} mini>
        <span className="push-number">{t('push.money', { value: moneyText(push.smsCost, locale) })}</span>
      </Tooltip>
    );
  }
  if (push.smsEstimate > 0 && push.state !== 'done') {
    return (
      <span className="push-number list-page__muted">
        {t('push.smsEstimated', { value: moneyText(push.smsEstimate, locale) })}
      </span>
    );
  }
  return <span className="list-page__muted">{t('push.none')}</span>;
}

/**
 * The push log's columns. At 1366 px the default ones fit in both languages; the audience is in the
 * detail. Title opens the detail, as does a click anywhere on the row.
 */
export function pushColumns({ i18n, onOpen }: { i18n: PushI18n; onOpen: (push: Push) => void }): ListColumn<Push>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  return [
    {
      key: 'time',
      choice: 'always',
      title: t('push.col.time'),
      dataIndex: 'createdAt',
      width: zh ? 116 : 120,
      render: (_, row) => (
        <StackedCell
          primary={<time dateTime={row.createdAt}>{shortDateTime(row.createdAt, locale)}</time>}
          primaryTitle={formatDateTime(row.createdAt, locale, { seconds: true })}
          secondary={
            row.scheduledAt ? t('push.scheduledFor', { time: shortDateTime(row.scheduledAt, locale) }) : undefined
          }
          secondaryTitle={
            row.scheduledAt ? t('push.scheduledFor', { time: formatDateTime(row.scheduledAt, locale) }) : undefined
          }
        />
      ),
    },
    {
      key: 'title',
      choice: 'always',
      title: t('push.col.title'),
      dataIndex: 'title',
      width: zh ? 168 : 132,
      render: (_, row) => (
        <Button
          type="text"
          size="mini"
          className="push-title"
          title={row.title}
          aria-label={t('push.action.detailLabel', { title: row.title })}
          onClick={() => onOpen(row)}
        >
          <span className="list-page__ellipsis">{row.title}</span>
        </Button>
      ),
    },
    {
      key: 'source',
      title: t('push.col.source'),
      dataIndex: 'source',
      width: zh ? 84 : 88,
      render: (_, row) => (
        <span className="list-page__nowrap">
          <SourceText push={row} i18n={i18n} />
        </span>
      ),
    },
    {
      key: 'channels',
      title: t('push.col.channels'),
      dataIndex: 'channels',
      width: zh ? 148 : 140,
      render: (_, row) => <ChannelTags channels={row.channels} i18n={i18n} compact />,
    },
    {
      key: 'recipients',
      title: t('push.col.recipients'),
      dataIndex: 'recipients',
      width: zh ? 68 : 92,
      render: (_, row) => <span className="push-number">{t('push.recipientsN', { n: row.recipients })}</span>,
    },
    {
      key: 'progress',
      choice: 'always',
      title: t('push.col.progress'),
      dataIndex: 'counts',
      width: zh ? 168 : 180,
      render: (_, row) => <DeliveryProgress counts={row.counts} i18n={i18n} />,
    },
    {
      key: 'state',
      choice: 'always',
      title: t('push.col.state'),
      dataIndex: 'state',
      width: zh ? 88 : 100,
      render: (_, row) => <PushStateTag state={row.state} i18n={i18n} />,
    },
    {
      key: 'smsCost',
      title: t('push.col.smsCost'),
      dataIndex: 'smsCost',
      width: zh ? 88 : 84,
      render: (_, row) => <SmsCostText push={row} i18n={i18n} />,
    },
    {
      key: 'sender',
      title: t('push.col.sender'),
      dataIndex: 'createdBy',
      width: zh ? 88 : 84,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.createdBy}>
          {row.createdBy}
        </span>
      ),
    },
  ];
}
