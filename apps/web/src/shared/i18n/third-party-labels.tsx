import { useEffect } from 'react';
import { useI18n } from './i18n-provider.tsx';
import type { MessageKey } from './messages.ts';

/**
 * Accessible names some libraries hard-code in English, whatever their locale (Arco's Tree names
 * its expand icon "fold button" / "expand button"), with the key of each one's words here.
 */
const FIXED_LABELS: Record<string, MessageKey> = {
  'fold button': 'a11y.tree.collapse',
  'expand button': 'a11y.tree.expand',
};

function relabel(root: ParentNode, translate: (english: string) => string | undefined) {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-label]')) {
    const text = translate(el.getAttribute('aria-label') ?? '');
    if (text !== undefined) el.setAttribute('aria-label', text);
  }
}

/**
 * Gives those elements the console's own words, in its language, wherever they render (popups
 * and drawers too): one observer of the document for every tree, present and to come. The fix
 * converges: a relabelled element no longer carries an English name this watches for.
 */
export function ThirdPartyLabels() {
  const { t } = useI18n();
  useEffect(() => {
    const translate = (english: string) => {
      const key = FIXED_LABELS[english];
      return key ? t(key) : undefined;
    };
    relabel(document.body, translate);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          const el = record.target as HTMLElement;
          const text = translate(el.getAttribute('aria-label') ?? '');
          if (text !== undefined) el.setAttribute('aria-label', text);
        } else {
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            const own = translate(node.getAttribute('aria-label') ?? '');
            if (own !== undefined) node.setAttribute('aria-label', own);
            relabel(node, translate);
          }
        }
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [t]);
  return null;
}
