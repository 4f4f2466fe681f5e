import { Button, Tooltip } from '@arco-design/web-react';
import { IconMoonFill, IconSunFill } from '@arco-design/web-react/icon';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { useTheme } from '../theme/theme-provider.tsx';

/** Light/dark switch; Arco's dark theme applies on every page, sign-in included. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useI18n();
  const { theme, setTheme } = useTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip content={label} position="br">
      <Button
        className={className}
        shape="circle"
        type="secondary"
        aria-label={label}
        icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      />
    </Tooltip>
  );
}
