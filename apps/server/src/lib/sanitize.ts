import sanitizeHtml from 'sanitize-html';
import { RequestValidationError } from './validation.ts';

/** A picture this server serves itself: an upload under its random name, same origin. */
const OWN_IMAGE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const isOwnImage = (src: string | undefined) => src !== undefined && OWN_IMAGE.test(src);

/**
 * Rich text may not embed pictures from elsewhere: a remote image is fetched by every reader's
 * browser, so it tells its owner who read the notice, when and from where (a tracking pixel), and
 * it breaks in a control room without internet. The author is told, rather than the picture
 * vanishing on save; the sanitiser drops any that slip past (parsed HTML, not a pattern).
 */
function refuseExternalImages(html: string, field: string): void {
  let external = 0;
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src'] },
    allowedSchemesByTag: { img: ['http', 'https', 'data', 'ftp', 'file', 'blob'] },
    allowProtocolRelative: true,
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img' && !isOwnImage(frame.attribs.src)) external++;
      return false;
    },
  });
  if (external > 0) {
    throw new RequestValidationError('body', [
      { code: 'custom', path: [field], message: 'validation.externalImage', input: '' },
    ]);
  }
}

/**
 * Rich text as the console accepts it: formatting, links, this server's own images, tables. Scripts,
 * event handlers, styles, iframes and javascript: URLs do not survive; a remote image is refused (400
 * naming `field`).
 */
export function sanitizeRichText(html: string, field: string): string {
  refuseExternalImages(html, field);
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'h1',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
      'code',
      'pre',
      'span',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Images only from this server's own uploads (see refuseExternalImages): no scheme at all.
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src),
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

/** The text of some HTML, for message previews. */
export function htmlToText(html: string, max = 200): string {
  const plain = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}
