import { Button, Layout, Select, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconLanguage, IconMoonFill, IconSunFill } from '@arco-design/web-react/icon';
import { LOCALES, type Locale } from '@water/contracts/common/locale';
import { useEffect } from 'react';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { useTheme } from '../../shared/theme/theme-provider.tsx';
import { ServerStatusCard } from './server-status-card.tsx';
import { SignInCard } from './sign-in-card.tsx';
import './start-page.css';

/** The foundation's only page; the console shell (router, menu, workplace) replaces it. */
export function StartPage() {
  const { t, locale, setLocale } = useI18n();
  const { theme, setTheme } = useTheme();
  const themeLabel = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  return (
    <Layout className="start-page">
      <Layout.Header className="start-page__header">
        <div className="start-page__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('app.name')}</span>
        </div>
        <div className="start-page__actions">
          <Select
            aria-label={t('language.label')}
            className="start-page__language"
            prefix={<IconLanguage />}
            value={locale}
            onChange={(value: Locale) => setLocale(value)}
            options={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
          />
          <Tooltip content={themeLabel} position="br">
            <Button
              shape="circle"
              type="secondary"
              aria-label={themeLabel}
              icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
              onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            />
          </Tooltip>
        </div>
      </Layout.Header>
      <Layout.Content className="start-page__content">
        <section className="start-page__intro">
          <Tag color="arcoblue" bordered>
            {t('app.foundation.tag')}
          </Tag>
          <Typography.Title heading={1} className="start-page__title">
            {t('app.name')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="start-page__lead">
            {t('app.foundation.intro')}
          </Typography.Paragraph>
        </section>
        <div className="start-page__grid">
          <SignInCard />
          <ServerStatusCard />
        </div>
      </Layout.Content>
    </Layout>
  );
}
