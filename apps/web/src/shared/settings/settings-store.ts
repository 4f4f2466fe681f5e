import { generate, getRgbStr } from '@arco-design/color';
import { createStore, useStore } from '../lib/create-store.ts';
import defaults from './settings.json';

/** App settings of spec §3. The server menu itself is server state (query cache), not a setting. */
export interface AppSettings {
  theme: 'light' | 'dark';
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  globalSettings: boolean;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
}

/** Defaults of spec §9; the settings drawer's "copy settings" output is meant to replace this file. */
export const DEFAULT_SETTINGS: AppSettings = defaults as AppSettings;

export const SETTINGS_STORAGE_KEY = 'arco-settings';
export const MENU_WIDTH_MIN = 160;
export const MENU_WIDTH_MAX = 400;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Stored settings are user input from another day's build: keep only known keys of the right type. */
export function sanitizeSettings(raw: unknown): AppSettings {
  const result: AppSettings = { ...DEFAULT_SETTINGS };
  if (typeof raw !== 'object' || raw === null) return result;
  const source = raw as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof AppSettings)[]) {
    const value = source[key];
    if (typeof value !== typeof DEFAULT_SETTINGS[key]) continue;
    (result as unknown as Record<string, unknown>)[key] = value;
  }
  if (result.theme !== 'light' && result.theme !== 'dark') result.theme = DEFAULT_SETTINGS.theme;
  if (result.device !== 'desktop' && result.device !== 'mobile') result.device = DEFAULT_SETTINGS.device;
  if (!HEX_COLOR.test(result.themeColor)) result.themeColor = DEFAULT_SETTINGS.themeColor;
  if (!Number.isFinite(result.menuWidth)) result.menuWidth = DEFAULT_SETTINGS.menuWidth;
  result.menuWidth = Math.min(MENU_WIDTH_MAX, Math.max(MENU_WIDTH_MIN, Math.round(result.menuWidth)));
  // The drawer is a transient panel: a reload never opens it.
  result.globalSettings = false;
  return result;
}

export function readStoredSettings(): AppSettings {
  try {
    const stored = globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY);
    return sanitizeSettings(stored ? JSON.parse(stored) : null);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export const settingsStore = createStore<AppSettings>(readStoredSettings());

/**
 * Applies one or more settings with the transitions of spec §4: topMenu on expands the side menu
 * (menuCollapse off). Every change is kept in local storage so it survives a reload.
 */
export function updateSettings(patch: Partial<AppSettings>): void {
  settingsStore.set((prev) => {
    const next = sanitizeSettings({ ...prev, ...patch });
    next.globalSettings = patch.globalSettings ?? prev.globalSettings;
    if (patch.topMenu === true) next.menuCollapse = false;
    return next;
  });
}

/** What "copy settings" puts on the clipboard: the persisted settings, without the drawer's own state. */
export function settingsForCopy(settings: AppSettings): string {
  const { globalSettings: _open, ...rest } = settings;
  return JSON.stringify({ ...rest, globalSettings: false }, null, 2);
}

export function useSettings(): AppSettings;
export function useSettings<S>(select: (settings: AppSettings) => S): S;
export function useSettings<S>(select?: (settings: AppSettings) => S) {
  return useStore(settingsStore, select ?? ((s) => s as unknown as S));
}

/** The ten shades Arco derives from one colour (its own generator), as "r,g,b" for --arcoblue-N. */
export function themePalette(color: string, dark: boolean): string[] {
  return (generate(color, { list: true, dark }) as string[]).map((shade) => getRgbStr(shade));
}

let applied: Partial<AppSettings> = {};

/**
 * Puts theme, colour and colour-weak mode on the document. Called before the first render (no
 * flash of the wrong theme), then on every change.
 */
export function applyDocumentSettings(settings: AppSettings): void {
  const body = document.body;
  if (applied.theme !== settings.theme) {
    // Arco's dark palette hangs off the body attribute; color-scheme darkens scrollbars and form controls.
    if (settings.theme === 'dark') body.setAttribute('arco-theme', 'dark');
    else body.removeAttribute('arco-theme');
    document.documentElement.style.colorScheme = settings.theme;
  }
  if (applied.themeColor !== settings.themeColor || applied.theme !== settings.theme) {
    themePalette(settings.themeColor, settings.theme === 'dark').forEach((rgb, index) => {
      body.style.setProperty(`--arcoblue-${index + 1}`, rgb);
    });
  }
  if (applied.colorWeak !== settings.colorWeak) {
    body.style.filter = settings.colorWeak ? 'invert(80%)' : '';
  }
  applied = { theme: settings.theme, themeColor: settings.themeColor, colorWeak: settings.colorWeak };
}

let started = false;

/** Start-up: apply the stored settings now and follow every change (document and storage). */
export function startSettings(): void {
  if (started) return;
  started = true;
  applyDocumentSettings(settingsStore.get());
  settingsStore.subscribe((settings) => {
    applyDocumentSettings(settings);
    try {
      localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ ...settings, globalSettings: false }));
    } catch (err) {
      console.warn('settings not saved', err);
    }
  });
}
