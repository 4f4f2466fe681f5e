import { useEffect } from 'react';
import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import { ThemeToggle } from '../../../shared/ui/theme-toggle.tsx';

export function LoginBrand() {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${t('menu.login')} · ${t('app.name')}`;
  }, [t]);
  return (
    <div className="login-brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{t('app.name')}</span>
    </div>
  );
}

export function LoginToolbar() {
  return (
    <div className="login-toolbar">
      <LanguageSwitch />
      <ThemeToggle />
    </div>
  );
}
