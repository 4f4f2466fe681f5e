import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { LoginBrand, LoginToolbar } from '../components/login-toolbar.tsx';
import { WaterIllustration } from '../components/water-illustration.tsx';
import '../login.css';

/** /logins: the same sign-in flow as a centred card, for kiosks and narrow screens. */
export default function LoginsPage() {
  const { t } = useI18n();
  return (
    <div className="logins-page">
      <header className="logins-page__header">
        <LoginBrand />
        <LoginToolbar />
      </header>
      <main className="logins-page__card">
        <WaterIllustration />
        <LoginForm />
      </main>
      <footer className="login-page__footer">{t('login.footer')}</footer>
    </div>
  );
}
