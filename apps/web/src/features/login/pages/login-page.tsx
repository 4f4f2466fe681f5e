import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';
import { LoginBanner } from '../components/login-banner.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { LoginBrand, LoginToolbar } from '../components/login-toolbar.tsx';
import '../login.css';

/** /login: slogans on the left, the form on the right (Arco Pro's layout). */
export default function LoginPage() {
  const { t } = useI18n();
  return (
    <div className="login-page">
      <LoginBanner />
      <main className="login-page__main">
        <header className="login-page__header">
          <LoginBrand />
          <LoginToolbar />
        </header>
        <div className="login-page__form">
          <LoginForm />
        </div>
        <footer className="login-page__footer">{t('login.footer')}</footer>
      </main>
    </div>
  );
}
