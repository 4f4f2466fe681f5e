import { Spin } from '@arco-design/web-react';
import { lazy, Suspense } from 'react';
import { useEditorI18n } from './use-editor-i18n.ts';

// Quill and its stylesheet are fetched when a form first shows the editor, as a chunk of their own.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/**
 * A rich-text form field: bridges Arco Form's value/onChange to the editor, which takes its first
 * value only, and remounts it when the language changes so its toolbar speaks the new one.
 */
export function EditorField({
  value,
  onChange,
  placeholder,
  ariaLabel,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder: string;
  ariaLabel: string;
}) {
  const { t, locale } = useEditorI18n();
  return (
    <Suspense fallback={<Spin className="rich-text-editor-loading" tip={t('editor.loading')} />}>
      <RichTextEditor
        key={locale}
        initialHtml={value ?? ''}
        onChange={(html) => onChange?.(html)}
        placeholder={placeholder}
        ariaLabel={ariaLabel}
      />
    </Suspense>
  );
}
