import { Result } from '@arco-design/web-react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { useCurrentRouteLabel } from '../routing/current-route.tsx';

/**
 * The one honest placeholder for a module a later issue builds: says so, and shows no sample data.
 */
export default function ModuleUnavailablePage() {
  const { t } = useI18n();
  const label = useCurrentRouteLabel();
  return (
    <div className="page-card">
      <Result
        status="404"
        title={t('unavailable.title')}
        subTitle={t('unavailable.subtitle', { module: label ?? '' })}
      />
    </div>
  );
}
