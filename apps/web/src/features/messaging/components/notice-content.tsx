import type { MessagingI18n } from '../use-messaging-i18n.ts';

/**
 * A notice body exactly as the server stored it. The server sanitises every body on save (no
 * scripts, event handlers, styles or javascript: links survive), and this only ever shows HTML that
 * came back from it, never what is still in the editor.
 */
export function NoticeContent({ html, t }: { html: string; t: MessagingI18n['t'] }) {
  if (!html.trim())
    return <p className="notice-content notice-content--empty">{t('messaging.notices.previewEmpty')}</p>;
  return (
    <div
      className="notice-content"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML (lib/sanitize.ts), the point of the preview
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
