import { IconFile, IconImage, IconPlayCircle } from '@arco-design/web-react/icon';
import type { ContentItem } from '@water/contracts';
import type { ContentI18n } from '../use-content-i18n.ts';

/** The small picture of a list row: the image itself, or an icon of the type. */
export function ContentThumb({ item, t }: { item: ContentItem; t: ContentI18n['t'] }) {
  if (item.type === 'image' && item.fileUrl) {
    return (
      <img
        className="content-thumb"
        src={item.fileUrl}
        alt={t('content.thumbnail', { title: item.title })}
        loading="lazy"
      />
    );
  }
  const Icon = item.type === 'image' ? IconImage : item.type === 'video' ? IconPlayCircle : IconFile;
  return (
    <span className="content-thumb content-thumb--icon" aria-hidden="true">
      <Icon />
    </span>
  );
}

/** An image or video item's file, as a reader sees it; "no file yet" until one is uploaded. */
export function ContentFile({ item, t }: { item: ContentItem; t: ContentI18n['t'] }) {
  if (!item.fileUrl) return <p className="content-media content-media--empty">{t('content.view.noFile')}</p>;
  if (item.type === 'image') return <img className="content-media" src={item.fileUrl} alt={item.title} />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploads are single files; the library stores no caption tracks
    <video
      className="content-media"
      src={item.fileUrl}
      controls
      preload="metadata"
      aria-label={t('content.view.video', { title: item.title })}
    />
  );
}

/**
 * A text item's body exactly as the server stored it. The server sanitises every body on save (no
 * scripts, event handlers, styles or javascript: links survive), and only its answer is shown here.
 */
export function ContentBody({ html, t }: { html: string; t: ContentI18n['t'] }) {
  if (!html.trim()) return <p className="content-body content-body--empty">{t('content.view.emptyBody')}</p>;
  return (
    <div
      className="content-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML (content.service.ts), the item itself
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
