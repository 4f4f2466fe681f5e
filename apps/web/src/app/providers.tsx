import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { Locale } from '@water/contracts/common/locale';
import type { ReactNode } from 'react';
import { I18nProvider, useI18n } from '../shared/i18n/i18n-provider.tsx';
import { ThemeProvider } from '../shared/theme/theme-provider.tsx';

const arcoLocales = { 'zh-CN': zhCN, 'en-US': enUS } satisfies Record<Locale, unknown>;

/** Arco's own texts (pagination, pickers, empty states) follow the console's language. */
function ArcoConfig({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  return <ConfigProvider locale={arcoLocales[locale]}>{children}</ConfigProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ThemeProvider>
        <ArcoConfig>{children}</ArcoConfig>
      </ThemeProvider>
    </I18nProvider>
  );
}
