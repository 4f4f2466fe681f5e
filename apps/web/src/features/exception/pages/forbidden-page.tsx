import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';

export default function ForbiddenPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <div className="page-card">
      <Result
        status="403"
        title={t('exception.403.title')}
        subTitle={t('exception.403.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard/workplace')}>
            {t('exception.back')}
          </Button>
        }
      />
    </div>
  );
}
