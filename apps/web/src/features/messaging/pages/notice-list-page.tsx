import { Button, Message, Result, Spin } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { noticesApi, Permissions } from '@water/contracts';
import { useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { type NoticeAction, noticeQueries, useNoticeAction } from '../api/notice-queries.ts';
import { type NoticeDrawerTarget, NoticeFormDrawer } from '../components/notice-form-drawer.tsx';
import { useRoleNames } from '../components/notice-labels.tsx';
import { NoticePreviewDrawer } from '../components/notice-preview-drawer.tsx';
import { type NoticeRow, noticeColumns } from '../list/notice-columns.tsx';
import { NoticeFilterFields } from '../list/notice-filters.tsx';
import { type MessagingMessageKey, useMessagingI18n } from '../use-messaging-i18n.ts';
import '../messaging.css';

const WRITE = [Permissions.noticeWrite] as const;
const DEFAULTS = { pageSize: 10 };

const DONE: Record<NoticeAction, MessagingMessageKey> = {
  publish: 'messaging.notices.done.publish',
  withdraw: 'messaging.notices.done.withdraw',
  remove: 'messaging.notices.done.delete',
};

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
      <div className="list-page">
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
  const list = useListFilters(noticesApi.list.query, { defaults: DEFAULTS });
  const notices = useQuery(noticeQueries.list(list.filters, locale));
  const action = useNoticeAction();
  const [drawer, setDrawer] = useState<NoticeDrawerTarget>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);

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

  const columns = noticeColumns({
    i18n,
    roleNames,
    actions: {
      onPreview: (row) => setPreviewId(row.id),
      onEdit: (row) => setDrawer({ id: row.id }),
      onAction: run,
      pending: action.isPending ? action.variables?.id : undefined,
    },
  });

  return (
    <ListPage<NoticeRow>
      title={t('messaging.notices.title')}
      subtitle={t('messaging.notices.subtitle')}
      // The page is the notice writers' only: the create button needs no permission of its own.
      actions={
        <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ id: null })}>
          {t('messaging.notices.create')}
        </Button>
      }
      filters={<NoticeFilterFields list={list} i18n={i18n} />}
      list={list}
      query={notices}
      columns={columns}
      columnsId="notices"
      rowKey="id"
      emptyText={t('messaging.notices.empty')}
    >
      <NoticeFormDrawer target={drawer} onClose={() => setDrawer(null)} />
      <NoticePreviewDrawer id={previewId} onClose={() => setPreviewId(null)} />
    </ListPage>
  );
}
