import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import type { editorZhCN } from './locale/zh-CN.ts';
import { useEditorI18n } from './use-editor-i18n.ts';
import './rich-text.css';

/**
 * Only what the server's sanitiser keeps (apps/server/src/lib/sanitize.ts): no colours, alignment,
 * fonts or inline images, so what the author sees while writing is what recipients will get.
 */
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'blockquote', 'code-block', 'link'];
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'code-block', 'link'],
  ['clean'],
];

export interface RichTextEditorProps {
  /** The HTML the editor starts with; later changes of this prop are ignored (the editor owns its text). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Read once, when the editor is created: `EditorField` remounts it when the language changes. */
  placeholder: string;
  /** The accessible name of the writing area, e.g. "Notice content editor". */
  ariaLabel: string;
}

type EditorKey = keyof typeof editorZhCN;

/** Quill's toolbar names its buttons by format (`bold`, `list: ordered`). */
const BUTTON_LABELS: Record<string, EditorKey> = {
  bold: 'editor.bold',
  italic: 'editor.italic',
  underline: 'editor.underline',
  strike: 'editor.strike',
  'list: ordered': 'editor.listOrdered',
  'list: bullet': 'editor.listBullet',
  blockquote: 'editor.blockquote',
  'code-block': 'editor.codeBlock',
  link: 'editor.link',
  clean: 'editor.clean',
};

function cssText(text: string): string {
  return JSON.stringify(text);
}

/** Quill's own `<p><br></p>` for an empty document is stored as nothing. */
function toHtml(quill: Quill): string {
  if (quill.getLength() <= 1) return '';
  // Quill 2.0's semantic HTML writes every space as &nbsp;, which would stop lines wrapping.
  return quill.getSemanticHTML().replace(/&nbsp;/g, ' ');
}

/** Quill 2 (snow theme), loaded on demand (see `EditorField`) as a chunk of its own. */
export default function RichTextEditor({ initialHtml, onChange, placeholder, ariaLabel }: RichTextEditorProps) {
  const { t } = useEditorI18n();
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initial = useRef({ initialHtml, placeholder, ariaLabel, t });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const editorElement = document.createElement('div');
    element.append(editorElement);
    const { initialHtml: html, placeholder: hint, ariaLabel: name, t: text } = initial.current;
    const quill = new Quill(editorElement, {
      theme: 'snow',
      placeholder: hint,
      formats: FORMATS,
      modules: { toolbar: TOOLBAR },
    });
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-label', name);
    for (const button of element.querySelectorAll<HTMLButtonElement>('.ql-toolbar button')) {
      const key = BUTTON_LABELS[button.getAttribute('aria-label') ?? ''];
      if (!key) continue;
      button.setAttribute('aria-label', text(key));
      button.title = text(key);
    }
    element.querySelector('.ql-picker.ql-header .ql-picker-label')?.setAttribute('aria-label', text('editor.header'));
    if (html) quill.clipboard.dangerouslyPasteHTML(html, 'silent');
    const changed = () => onChangeRef.current(toHtml(quill));
    quill.on('text-change', changed);
    return () => {
      quill.off('text-change', changed);
      // The toolbar is inserted before the editor element: clear the host whole.
      element.replaceChildren();
    };
  }, []);

  // The stylesheet writes the tooltip's and the heading picker's words with `content`: these
  // variables give it the console's language.
  const style = {
    '--rich-text-editor-normal': cssText(t('editor.normal')),
    '--rich-text-editor-h1': cssText(t('editor.h1')),
    '--rich-text-editor-h2': cssText(t('editor.h2')),
    '--rich-text-editor-h3': cssText(t('editor.h3')),
    '--rich-text-editor-visit': cssText(t('editor.visit')),
    '--rich-text-editor-enter-link': cssText(t('editor.enterLink')),
    '--rich-text-editor-edit': cssText(t('editor.edit')),
    '--rich-text-editor-remove': cssText(t('editor.remove')),
    '--rich-text-editor-save': cssText(t('editor.save')),
  } as React.CSSProperties;
  return <div ref={host} className="rich-text-editor" style={style} />;
}
