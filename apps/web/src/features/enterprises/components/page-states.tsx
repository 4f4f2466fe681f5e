import { Result } from '@arco-design/web-react';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
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

/** A failed load in place, with the server's message and a retry, in this feature's words. */
export function LoadFailed({ error, onRetry, t }: { error: unknown; onRetry: () => void; t: OrganizationI18n['t'] }) {
  return (
    <LoadFailedResult
      error={error}
      onRetry={onRetry}
      title={t('org.loadFailed')}
      requestFailed={t('org.requestFailed')}
      retryLabel={t('org.retry')}
    />
  );
}
