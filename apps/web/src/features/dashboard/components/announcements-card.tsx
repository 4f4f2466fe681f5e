import { Badge, Card, Modal, Skeleton, Tag } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { noticesApi } from '@water/contracts';
import { useEffect, useState } from 'react';
import { downloadFile } from '../../../shared/api/download.ts';
import { liveChannel } from '../../../shared/live/live-channel.ts';
import { useReadMessage } from '../../../shared/messages/message-queries.ts';
import { AttachmentList } from '../../../shared/ui/attachment-list.tsx';
import { workplaceQueries } from '../api/workplace-queries.ts';
import type { WorkplaceMessageKey } from '../use-workplace-i18n.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { WidgetState } from './widget-state.tsx';

const LEVELS: Record<0 | 1 | 3, { key: WorkplaceMessageKey; color: string }> = {
  0: { key: 'workplace.level.0', color: 'arcoblue' },
  1: { key: 'workplace.level.1', color: 'orange' },
  3: { key: 'workplace.level.3', color: 'red' },
};

function LevelTag({ level }: { level: 0 | 1 | 3 }) {
  const { t } = useWorkplaceI18n();
  return (
    <Tag size="small" color={LEVELS[level].color} className="workplace__level">
      {t(LEVELS[level].key)}
    </Tag>
  );
}

function NoticeBody({ id }: { id: number }) {
  const { t, locale } = useWorkplaceI18n();
  const query = useQuery(workplaceQueries.notice(id));
  return (
    <WidgetState query={query} skeletonRows={6}>
      {(notice) => (
        <article className="workplace__notice" aria-label={t('workplace.announcements.body')}>
          <div className="workplace__notice-meta">
            <LevelTag level={notice.level} />
            <span>{notice.authorName}</span>
            {notice.publishedAt ? (
              <time dateTime={notice.publishedAt}>{new Date(notice.publishedAt).toLocaleString(locale)}</time>
            ) : null}
          </div>
          <div
            className="workplace__notice-html"
            // The server sanitises notice HTML on every write (no script or handler survives).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see notices.service.ts
            dangerouslySetInnerHTML={{ __html: notice.contentHtml }}
          />
          <AttachmentList
            items={notice.attachments}
            onDownload={(file) =>
              downloadFile(noticesApi.downloadAttachment, {
                params: { id: notice.id, attachmentId: file.id },
                fallbackName: file.name,
                locale,
              })
            }
          />
        </article>
      )}
    </WidgetState>
  );
}

/** The latest published notices that reached the user; one opens in a dialog. */
export function AnnouncementsCard() {
  const { t, locale } = useWorkplaceI18n();
  const query = useQuery(workplaceQueries.announcements());
  const queryClient = useQueryClient();
  // A new notice, or one read in the message box, changes this list: the live channel says when.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: workplaceQueries.announcements().queryKey });
    const offs = [liveChannel.subscribe('message', refresh), liveChannel.subscribe('unread', refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
  const [open, setOpen] = useState<{ id: number; title: string } | null>(null);
  // Reading a notice here is reading its message: the bell and the box agree with the Workplace.
  const readMessage = useReadMessage();
  return (
    <Card
      className="workplace__card"
      bordered={false}
      title={<h3 className="workplace__title">{t('workplace.announcements')}</h3>}
    >
      <WidgetState query={query} skeletonRows={4} isEmpty={(items) => items.length === 0}>
        {(items) => (
          <ul className="workplace__announcements">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="workplace__announcement"
                  onClick={() => {
                    setOpen({ id: item.id, title: item.title });
                    if (!item.read) readMessage.mutate({ id: item.messageId, type: 'notice' });
                  }}
                >
                  <LevelTag level={item.level} />
                  <span
                    className={`workplace__announcement-title${item.read ? '' : ' workplace__announcement-title--unread'}`}
                  >
                    {item.title}
                  </span>
                  {item.read ? null : <Badge status="processing" aria-label={t('workplace.announcements.unread')} />}
                  <time dateTime={item.publishedAt} className="workplace__announcement-time">
                    {new Date(item.publishedAt).toLocaleDateString(locale, { month: '2-digit', day: '2-digit' })}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
      <Modal
        style={{ width: 640, maxWidth: 'calc(100vw - 32px)' }}
        visible={open !== null}
        title={open?.title ?? <Skeleton text={{ rows: 1 }} />}
        footer={null}
        onCancel={() => setOpen(null)}
        unmountOnExit
      >
        {open ? <NoticeBody id={open.id} /> : null}
      </Modal>
    </Card>
  );
}
