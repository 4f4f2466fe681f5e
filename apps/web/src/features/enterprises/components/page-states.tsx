import { Button, Result } from '@arco-design/web-react';
import { errorText } from '../../../shared/ui/form-rules.ts';
import type { OrganizationI18n } from '../use-organization-i18n.ts';

/** The server refuses the page's list without `permission`: an explanation instead of an empty table. */
export function ForbiddenResult({ permission, t }: { permission: string; t: OrganizationI18n['t'] }) {
  return (
    <div className="org-page">
      <div className="org-card">
        <Result status="403" title={t('org.forbidden.title')} subTitle={t('org.forbidden.subtitle', { permission })} />
      </div>
    </div>
  );
}

/** A failed load in place, with the server's message and a retry. */
export function LoadFailed({ error, onRetry, t }: { error: unknown; onRetry: () => void; t: OrganizationI18n['t'] }) {
  return (
    <Result
      status="error"
      title={t('org.loadFailed')}
      subTitle={errorText(error, t('org.requestFailed'))}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('org.retry')}
        </Button>
      }
    />
  );
}
