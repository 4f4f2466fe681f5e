import { Descriptions } from '@arco-design/web-react';
import type { Notice } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { AttachmentList } from '../../../shared/ui/attachment-list.tsx';
import type { MessagingI18n } from '../use-messaging-i18n.ts';
import { downloadNoticeFile } from './notice-attachments-field.tsx';
import { NoticeContent } from './notice-content.tsx';
import { audienceText, LevelTag, StatusTag, useRoleNames } from './notice-labels.tsx';

/** A notice as stored: its facts, then its body as recipients will see it. */
export function NoticeDetails({ notice, i18n }: { notice: Notice; i18n: MessagingI18n }) {
  const { t, locale } = i18n;
  const roleNames = useRoleNames();
  return (
    <article className="notice-details" aria-label={notice.title}>
      <h2 className="notice-details__title">{notice.title}</h2>
      <Descriptions
        column={2}
        size="small"
        className="notice-details__facts"
        data={[
          { label: t('messaging.notices.col.level'), value: <LevelTag level={notice.level} t={t} /> },
          { label: t('messaging.notices.col.status'), value: <StatusTag status={notice.status} t={t} /> },
          { label: t('messaging.notices.col.audience'), value: audienceText(notice.audience, t, locale, roleNames) },
          {
            label: t('messaging.notices.col.delivery'),
            value: t(notice.sms ? 'messaging.notices.delivery.sms' : 'messaging.notices.delivery.console'),
          },
          { label: t('messaging.notices.col.author'), value: notice.authorName },
          {
            label: t('messaging.notices.col.publishedAt'),
            value: notice.publishedAt
              ? formatDateTime(notice.publishedAt, locale)
              : t('messaging.notices.notPublished'),
          },
        ]}
      />
      <NoticeContent html={notice.contentHtml} t={t} />
      <AttachmentList items={notice.attachments} onDownload={(file) => downloadNoticeFile(notice.id, file, locale)} />
    </article>
  );
}
