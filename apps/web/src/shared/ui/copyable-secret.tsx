import { Button, Message } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { writeClipboard } from '../lib/clipboard.ts';
import './copyable-secret.css';

/** A secret shown once (a temporary password, an ingest secret), in a fixed-width box with a copy button. */
export function CopyableSecret({ value, label }: { value: string; label: string }) {
  const { t } = useI18n();
  return (
    <span className="copyable-secret">
      <code className="copyable-secret__value">{value}</code>
      <Button
        size="mini"
        type="text"
        icon={<IconCopy />}
        aria-label={t('copy.label', { what: label })}
        onClick={() =>
          writeClipboard(value).then(
            () => Message.success(t('copy.done')),
            () => Message.warning(t('copy.failed')),
          )
        }
      >
        {t('copy.button')}
      </Button>
    </span>
  );
}
