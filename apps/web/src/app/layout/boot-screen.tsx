import { Button, Spin } from '@arco-design/web-react';
import { IconExclamationCircleFill } from '@arco-design/web-react/icon';
import { useRouteError } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';

/** Shown while the first navigation's guard loads the session. */
export function BootScreen() {
  const { t } = useI18n();
  return (
    <div className="boot-screen">
      <Spin size={32} tip={t('common.loading')} />
    </div>
  );
}

/**
 * A failed chunk or guard: say so and offer a reload instead of a blank page. No Arco Result here:
 * its illustrations would weigh on every first load for a screen almost nobody sees.
 */
export function RouteErrorScreen() {
  const { t } = useI18n();
  const error = useRouteError();
  console.error('route failed', error);
  return (
    <div className="boot-screen">
      <div className="boot-screen__error" role="alert">
        <IconExclamationCircleFill className="boot-screen__icon" />
        <h1>{t('error.title')}</h1>
        <p>{t('error.subtitle')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </div>
    </div>
  );
}
