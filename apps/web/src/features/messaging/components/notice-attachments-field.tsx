import { Alert, Button, Upload } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_ATTACHMENT_MAX_BYTES, NOTICE_ATTACHMENTS_MAX, type Notice, noticesApi } from '@water/contracts';
import { useState } from 'react';
import { downloadFile } from '../../../shared/api/download.ts';
import { AttachmentList } from '../../../shared/ui/attachment-list.tsx';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { noticeQueries, useNoticeAttachment } from '../api/notice-queries.ts';
import type { MessagingI18n } from '../use-messaging-i18n.ts';

// What the picker offers; not strict, so a wrong file still reaches the server, which reads the bytes
// and says why it refuses it.
const ACCEPT = '.pdf,.docx,.xlsx,.png,.jpg,.jpeg,.webp';

/** Downloads one of a notice's files with the session. */
export function downloadNoticeFile(
  noticeId: number,
  file: { id: number; name: string },
  locale: MessagingI18n['locale'],
) {
  return downloadFile(noticesApi.downloadAttachment, {
    params: { id: noticeId, attachmentId: file.id },
    fallbackName: file.name,
    locale,
  });
}

/** A draft's files: add (checked for size here, for type and count by the server), remove, download. */
export function NoticeAttachmentsField({ id, i18n }: { id: number | null; i18n: MessagingI18n }) {
  const { t } = i18n;
  if (id === null) return <p className="notice-form-hint">{t('messaging.notices.attachments.saveFirst')}</p>;
  return <Attachments id={id} i18n={i18n} />;
}

function Attachments({ id, i18n }: { id: number; i18n: MessagingI18n }) {
  const { t, locale } = i18n;
  const notice = useQuery(noticeQueries.detail(id, locale));
  const { add, remove } = useNoticeAttachment(id);
  const [failure, setFailure] = useState<string | null>(null);
  const files: Notice['attachments'] = notice.data?.attachments ?? [];
  const fail = (error: unknown) => setFailure(errorText(error, t('messaging.notices.requestFailed')));

  return (
    <div className="notice-attachments">
      <AttachmentList
        items={files}
        onDownload={(file) => downloadNoticeFile(id, file, locale)}
        onRemove={(file) => {
          setFailure(null);
          remove.mutate(file.id, { onError: fail });
        }}
        removeLabel={(file) => t('messaging.notices.attachments.remove', { name: file.name })}
      />
      <div className="notice-attachments__add">
        <Upload
          accept={{ type: ACCEPT, strict: false }}
          showUploadList={false}
          disabled={files.length >= NOTICE_ATTACHMENTS_MAX}
          customRequest={({ file, onSuccess, onError }) => {
            setFailure(null);
            if (file.size > NOTICE_ATTACHMENT_MAX_BYTES) {
              onError({});
              setFailure(t('messaging.notices.attachments.tooLarge', { name: file.name }));
              return;
            }
            add.mutate(file, {
              onSuccess: (stored) => onSuccess(stored),
              onError: (error) => {
                onError({});
                fail(error);
              },
            });
          }}
        >
          <Button icon={<IconUpload />} loading={add.isPending} disabled={files.length >= NOTICE_ATTACHMENTS_MAX}>
            {t('messaging.notices.attachments.add')}
          </Button>
        </Upload>
        <span className="notice-form-hint">{t('messaging.notices.attachments.help')}</span>
      </div>
      {failure ? <Alert className="notice-form-notice" type="error" content={failure} /> : null}
    </div>
  );
}
