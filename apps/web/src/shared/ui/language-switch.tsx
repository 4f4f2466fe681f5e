import { Radio } from '@arco-design/web-react';
import { LOCALES, type Locale } from '@water/contracts/common/locale';
import { useI18n } from '../i18n/i18n-provider.tsx';

/**
 * Two languages, both in view: a button-style radio group. Lighter than Arco's Select (which the
 * sign-in screen would otherwise load before it is interactive) and one click instead of two.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, locale, setLocale } = useI18n();
  return (
    // Arco's group passes no aria attributes on: the wrapper names it.
    <fieldset aria-label={t('language.label')} className={`language-switch ${className ?? ''}`}>
      <Radio.Group
        type="button"
        size="small"
        value={locale}
        onChange={(value: Locale) => setLocale(value)}
        options={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      />
    </fieldset>
  );
}
