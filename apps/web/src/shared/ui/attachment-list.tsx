import { Button, Tooltip } from '@arco-design/web-react';
import { IconAttachment, IconDelete, IconDownload } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import './attachment-list.css';

export interface AttachmentItem {
  id: number;
  name: string;
  size: number;
}

/** 1536 → "1.5 KB", in the console's language. */
export function formatBytes(bytes: number, locale: string): string {
  const [unit, value] =
    bytes >= 1024 * 1024
      ? (['megabyte', bytes / 1024 / 1024] as const)
      : bytes >= 1024
        ? (['kilobyte', bytes / 1024] as const)
        : (['byte', bytes] as const);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * Files that go with a record (a notice's attachments): each downloads through `onDownload`, which
 * fetches it with the session; `onRemove` adds a remove button for editors.
 */
export function AttachmentList({
  items,
  onDownload,
  onRemove,
  removeLabel,
}: {
  items: AttachmentItem[];
  onDownload: (item: AttachmentItem) => Promise<void>;
  onRemove?: (item: AttachmentItem) => void;
  removeLabel?: (item: AttachmentItem) => string;
}) {
  const { t, locale } = useI18n();
  const [busy, setBusy] = useState<number | null>(null);
  if (items.length === 0) return null;
  return (
    <section className="attachment-list" aria-label={t('attachments.label')}>
      <h4 className="attachment-list__title">
        <IconAttachment /> {t('attachments.label')}
      </h4>
      <ul>
        {items.map((item) => (
          <li key={item.id} className="attachment-list__item">
            <Button
              type="text"
              size="small"
              icon={<IconDownload />}
              loading={busy === item.id}
              aria-label={t('attachments.download', { name: item.name })}
              onClick={() => {
                setBusy(item.id);
                // A failed download has shown its message already.
                onDownload(item)
                  .catch(() => {})
                  .finally(() => setBusy(null));
              }}
            >
              <span className="attachment-list__name">{item.name}</span>
            </Button>
            <span className="attachment-list__size">{formatBytes(item.size, locale)}</span>
            {onRemove ? (
              <Tooltip content={removeLabel?.(item)}>
                <Button
                  type="text"
                  size="mini"
                  status="danger"
                  icon={<IconDelete />}
                  aria-label={removeLabel?.(item)}
                  onClick={() => onRemove(item)}
                />
              </Tooltip>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
