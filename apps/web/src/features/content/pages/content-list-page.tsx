import { Button, Message } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type ContentItem, contentApi, Permissions } from '@water/contracts';
import { useState } from 'react';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { type ContentAction, contentQueries, useContentAction, useRefreshContent } from '../api/content-queries.ts';
import { type ContentDrawerTarget, ContentFormDrawer } from '../components/content-form-drawer.tsx';
import { ContentViewDrawer } from '../components/content-view-drawer.tsx';
import { contentColumns } from '../list/content-columns.tsx';
import { ContentFilterFields } from '../list/content-filters.tsx';
import { type ContentMessageKey, useContentI18n } from '../use-content-i18n.ts';
import '../content.css';

const WRITE = [Permissions.contentWrite] as const;
const DEFAULTS = { pageSize: 10 };

const DONE: Record<ContentAction, ContentMessageKey> = {
  publish: 'content.done.publish',
  unpublish: 'content.done.unpublish',
  remove: 'content.done.delete',
};

/**
 * The content library: every signed-in user reads published items; content editors also see drafts
 * and write. The server is the guard (the list hides drafts from readers, writes need the
 * permission); the console only leaves out what a reader could not use.
 */
export function ContentListPage() {
  const i18n = useContentI18n();
  const { t, locale } = i18n;
  const editor = useButtonPermission(WRITE);
  const list = useListFilters(contentApi.list.query, { defaults: DEFAULTS });
  const items = useQuery(contentQueries.list(list.filters, locale));
  const action = useContentAction();
  const refresh = useRefreshContent();
  const [drawer, setDrawer] = useState<ContentDrawerTarget>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const columns = contentColumns({
    i18n,
    editor,
    actions: {
      onOpen: (row) => setOpenId(row.id),
      onEdit: (row) => setDrawer({ item: row }),
      onAction: (item: ContentItem, kind) =>
        action.mutateAsync({ item, action: kind }).then(
          () => Message.success(t(DONE[kind])),
          // The request layer has shown the server's message already.
          () => undefined,
        ),
      pending: action.isPending ? action.variables?.item.id : undefined,
    },
  });

  return (
    <ListPage<ContentItem>
      title={t('content.title')}
      subtitle={t(editor ? 'content.subtitleEditor' : 'content.subtitle')}
      actions={
        <Permission permissions={WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ item: null })}>
            {t('content.create')}
          </Button>
        </Permission>
      }
      filters={<ContentFilterFields list={list} i18n={i18n} />}
      list={list}
      query={items}
      columns={columns}
      columnsId="content"
      rowKey="id"
      emptyText={t('content.empty')}
    >
      <ContentFormDrawer target={drawer} onClose={() => setDrawer(null)} />
      <ContentViewDrawer
        id={openId}
        onClose={() => {
          setOpenId(null);
          // The opening counted a view: the list and the Workplace figures show it.
          void refresh();
        }}
      />
    </ListPage>
  );
}
