import { Button, Result } from '@arco-design/web-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';

/** The catch-all page; it stands alone, since a visitor who reaches it may not be signed in. */
export default function NotFoundPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('menu.notFound')} · ${t('app.name')}`;
  }, [t]);
  return (
    <div className="not-found-page">
      <Result
        status="404"
        title={t('exception.404.title')}
        subTitle={t('exception.404.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('exception.home')}
          </Button>
        }
      />
    </div>
  );
}
