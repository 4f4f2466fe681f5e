import { type AppSettings, updateSettings, useSettings } from '../settings/settings-store.ts';

export type Theme = AppSettings['theme'];

/** Theme is one of the app settings (spec §3); this hook is its short form for toggles. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSettings((s) => s.theme);
  return { theme, setTheme: (next) => updateSettings({ theme: next }) };
}
