import { Button, Descriptions, Drawer, Skeleton } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { contentQueries } from '../api/content-queries.ts';
import { type ContentI18n, useContentI18n } from '../use-content-i18n.ts';
import { StatusTag, TypeTag } from './content-labels.tsx';
import { ContentBody, ContentFile } from './content-media.tsx';

/**
 * Opens one item. The server counts a view for each GET, so the item is fetched once when the drawer
 * opens (the query is never refetched and goes with the drawer); the page refreshes the list on close.
 */
export function ContentViewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useContentI18n();
  const drawerTitle = t('content.view.title');
  return (
    <Drawer
      width={760}
      visible={id !== null}
      title={drawerTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('content.close')}</Button>}
      unmountOnExit
      // Arco's drawer gives itself no role; its wrapper takes extra attributes.
      {...dialogAttributes(drawerTitle)}
      className="content-drawer"
    >
      {id === null ? null : <OpenedItem id={id} />}
    </Drawer>
  );
}

function OpenedItem({ id }: { id: number }) {
  const i18n = useContentI18n();
  const { t, locale } = i18n;
  const item = useQuery(contentQueries.open(id, locale));

  if (item.data) return <ItemView item={item.data} i18n={i18n} />;
  if (item.isError) {
    return (
      <LoadFailedResult
        error={item.error}
        onRetry={() => item.refetch()}
        title={t('content.loadFailed')}
        requestFailed={t('content.requestFailed')}
        retryLabel={t('content.retry')}
      />
    );
  }
  return <Skeleton animation text={{ rows: 6 }} image={{ shape: 'square' }} className="content-drawer-loading" />;
}

function ItemView({ item, i18n }: { item: ContentItem; i18n: ContentI18n }) {
  const { t, locale } = i18n;
  return (
    <article className="content-view">
      <h2 className="content-view__title">{item.title}</h2>
      <div className="content-view__tags">
        <TypeTag type={item.type} t={t} />
        {item.status === 'draft' ? <StatusTag status={item.status} t={t} /> : null}
      </div>
      <Descriptions
        className="content-view__facts"
        column={2}
        size="small"
        colon={locale === 'zh-CN' ? '：' : ':'}
        data={[
          { label: t('content.col.category'), value: item.categoryName },
          { label: t('content.col.author'), value: item.authorName },
          {
            label: t('content.col.publishedAt'),
            value: item.publishedAt ? formatDateTime(item.publishedAt, locale) : t('content.notPublished'),
          },
          { label: t('content.col.views'), value: item.viewCount.toLocaleString(locale) },
        ]}
      />
      {item.summary ? <p className="content-view__summary">{item.summary}</p> : null}
      {item.type === 'text' ? <ContentBody html={item.bodyHtml} t={t} /> : <ContentFile item={item} t={t} />}
    </article>
  );
}
