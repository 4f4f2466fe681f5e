import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';

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

/** The editor's own texts: toolbar names and the link tooltip, which Quill only has in English. */
export interface EditorLabels {
  placeholder: string;
  editor: string;
  bold: string;
  italic: string;
  underline: string;
  strike: string;
  listOrdered: string;
  listBullet: string;
  blockquote: string;
  codeBlock: string;
  link: string;
  clean: string;
  header: string;
  normal: string;
  h1: string;
  h2: string;
  h3: string;
  visit: string;
  enterLink: string;
  edit: string;
  remove: string;
  save: string;
}

export interface RichTextEditorProps {
  /** The HTML the editor starts with; later changes of this prop are ignored (the editor owns its text). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Read once, when the editor is created: the drawer remounts it when the language changes. */
  labels: EditorLabels;
}

/** Quill's toolbar names its buttons by format (`bold`, `list: ordered`). */
const BUTTON_LABELS: Record<string, keyof EditorLabels> = {
  bold: 'bold',
  italic: 'italic',
  underline: 'underline',
  strike: 'strike',
  'list: ordered': 'listOrdered',
  'list: bullet': 'listBullet',
  blockquote: 'blockquote',
  'code-block': 'codeBlock',
  link: 'link',
  clean: 'clean',
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

/** Quill 2 (snow theme), loaded on demand by the notice drawer only. */
export default function RichTextEditor({ initialHtml, onChange, labels }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initial = useRef({ initialHtml, labels });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const editorElement = document.createElement('div');
    element.append(editorElement);
    const { initialHtml: html, labels: text } = initial.current;
    const quill = new Quill(editorElement, {
      theme: 'snow',
      placeholder: text.placeholder,
      formats: FORMATS,
      modules: { toolbar: TOOLBAR },
    });
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-label', text.editor);
    for (const button of element.querySelectorAll<HTMLButtonElement>('.ql-toolbar button')) {
      const key = BUTTON_LABELS[button.getAttribute('aria-label') ?? ''];
      if (!key) continue;
      button.setAttribute('aria-label', text[key]);
      button.title = text[key];
    }
    element.querySelector('.ql-picker.ql-header .ql-picker-label')?.setAttribute('aria-label', text.header);
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
    '--notice-editor-normal': cssText(labels.normal),
    '--notice-editor-h1': cssText(labels.h1),
    '--notice-editor-h2': cssText(labels.h2),
    '--notice-editor-h3': cssText(labels.h3),
    '--notice-editor-visit': cssText(labels.visit),
    '--notice-editor-enter-link': cssText(labels.enterLink),
    '--notice-editor-edit': cssText(labels.edit),
    '--notice-editor-remove': cssText(labels.remove),
    '--notice-editor-save': cssText(labels.save),
  } as React.CSSProperties;
  return <div ref={host} className="notice-editor" style={style} />;
}
