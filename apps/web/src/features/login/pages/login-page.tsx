import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { LoginBrand, LoginToolbar } from '../components/login-toolbar.tsx';
import '../login.css';

// The banner (a carousel and three illustrations) is hidden below 993 px (login.css): narrow screens
// never load or render it. Wide ones ask for it once the form is on screen, so its chunk never
// competes with the form's for the first paint (its place is held by an empty panel until then).
const LoginBanner = lazy(() => import('../components/login-banner.tsx').then((m) => ({ default: m.LoginBanner })));
const WIDE = '(min-width: 993px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(WIDE).matches;

/** /login: slogans on the left, the form on the right (Arco Pro's layout). */
export default function LoginPage() {
  const { t } = useI18n();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);
  const [formShown, setFormShown] = useState(false);
  useEffect(() => setFormShown(true), []);
  const emptyBanner = <section className="login-banner" />;
  return (
    <div className="login-page">
      {wide && !formShown ? emptyBanner : null}
      {wide && formShown ? (
        <Suspense fallback={emptyBanner}>
          <LoginBanner />
        </Suspense>
      ) : null}
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
