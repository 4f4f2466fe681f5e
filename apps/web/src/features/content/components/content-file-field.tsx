import { Alert, Button, Message, Upload } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import type { ContentItem } from '@water/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { useUploadContentFile } from '../api/content-queries.ts';
import { useContentI18n } from '../use-content-i18n.ts';
import { ContentFile } from './content-media.tsx';

// What the browser's picker offers. Not strict: a wrong file still goes up and the server, which
// reads the bytes, says why it refuses it (415) instead of the picker dropping it silently.
const ACCEPT = { image: 'image/png,image/jpeg,image/webp', video: 'video/mp4,video/webm' } as const;

/** An image or video item's current file and the button that replaces it. */
export function ContentFileField({ item, onUploaded }: { item: ContentItem; onUploaded: (item: ContentItem) => void }) {
  const { t } = useContentI18n();
  const upload = useUploadContentFile();
  const [failure, setFailure] = useState<string | null>(null);
  if (item.type === 'text') return null;

  return (
    <div className="content-file-field">
      <div className="content-file-field__preview">
        <ContentFile item={item} t={t} />
      </div>
      <div className="content-file-field__actions">
        <Upload
          accept={{ type: ACCEPT[item.type], strict: false }}
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            setFailure(null);
            upload.mutate(
              { id: item.id, file },
              {
                onSuccess: (stored) => {
                  onSuccess(stored);
                  onUploaded(stored);
                  Message.success(t('content.file.uploaded'));
                },
                onError: (error) => {
                  onError({});
                  setFailure(t('content.file.uploadFailed', { reason: errorText(error, t('content.requestFailed')) }));
                },
              },
            );
          }}
        >
          <Button icon={<IconUpload />} loading={upload.isPending}>
            {t(item.fileUrl ? 'content.file.replace' : 'content.file.choose')}
          </Button>
        </Upload>
        <span className="content-muted">
          {t(item.type === 'image' ? 'content.file.imageHint' : 'content.file.videoHint')}
        </span>
      </div>
      {failure ? <Alert className="content-form-notice" type="error" content={failure} /> : null}
    </div>
  );
}
