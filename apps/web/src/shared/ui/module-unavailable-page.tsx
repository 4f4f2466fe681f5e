import { Result } from '@arco-design/web-react';
import { IconTool } from '@arco-design/web-react/icon';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { useCurrentRouteLabel } from '../routing/current-route.tsx';
import './module-unavailable-page.css';

/**
 * The one honest placeholder for a module a later issue builds: says so, and shows no sample data.
 * A neutral tool icon, not the 404 illustration: the page exists, its module is still being built.
 */
export default function ModuleUnavailablePage() {
  const { t } = useI18n();
  const label = useCurrentRouteLabel();
  return (
    <div className="page-card">
      <Result
        className="module-unavailable"
        status={null}
        icon={<IconTool className="module-unavailable__icon" aria-hidden />}
        title={t('unavailable.title')}
        subTitle={t('unavailable.subtitle', { module: label ?? '' })}
      />
    </div>
  );
}
