import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@water/contracts/common/locale';
import { type ReactNode, useEffect, useRef } from 'react';
import { queryClient } from '../shared/api/query-client.ts';
import { I18nProvider, useI18n } from '../shared/i18n/i18n-provider.tsx';
import { registerDictionaries } from '../shared/i18n/messages.ts';
import { ThirdPartyLabels } from '../shared/i18n/third-party-labels.tsx';
import { sessionQueries } from '../shared/session/session-queries.ts';
import { dictionaries } from './locale/dictionaries.ts';

registerDictionaries(dictionaries);

const arcoLocales = { 'zh-CN': zhCN, 'en-US': enUS } satisfies Record<Locale, unknown>;

/** Arco's own texts (pagination, pickers, upload, image preview) follow the console's language. */
function ArcoConfig({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const previous = useRef(locale);
  // Role names in role-info come in the request's language.
  useEffect(() => {
    if (previous.current === locale) return;
    previous.current = locale;
    void queryClient.invalidateQueries({ queryKey: sessionQueries.roleInfo().queryKey });
  }, [locale]);
  return (
    <ConfigProvider locale={arcoLocales[locale]}>
      <ThirdPartyLabels />
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider dictionaries={dictionaries}>
        <ArcoConfig>{children}</ArcoConfig>
      </I18nProvider>
    </QueryClientProvider>
  );
}
