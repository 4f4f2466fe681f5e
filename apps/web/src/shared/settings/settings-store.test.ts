import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyDocumentSettings,
  DEFAULT_SETTINGS,
  PALETTE_STORAGE_KEY,
  readStoredSettings,
  SETTINGS_STORAGE_KEY,
  sanitizeSettings,
  settingsForCopy,
  settingsStore,
  startSettings,
  updateSettings,
} from './settings-store.ts';
import { themePalette } from './theme-palette.ts';

describe('settings store', () => {
  beforeEach(() => {
    settingsStore.set({ ...DEFAULT_SETTINGS });
    startSettings();
  });

  it('has the defaults of spec §9', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: 'light',
      themeColor: '#165DFF',
      menuWidth: 220,
      device: 'desktop',
      navbar: true,
      menu: true,
      footer: true,
      tabBar: false,
      menuFromServer: false,
      colorWeak: false,
    });
  });

  it('keeps every change in local storage, without the open drawer', () => {
    updateSettings({ tabBar: true, menuWidth: 260, globalSettings: true });
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({ tabBar: true, menuWidth: 260, globalSettings: false });
    expect(readStoredSettings()).toMatchObject({ tabBar: true, menuWidth: 260, globalSettings: false });
  });

  it('turning the top menu on expands the side menu', () => {
    updateSettings({ menuCollapse: true });
    updateSettings({ topMenu: true });
    expect(settingsStore.get()).toMatchObject({ topMenu: true, menuCollapse: false });
  });

  it('closing the drawer sets globalSettings false', () => {
    updateSettings({ globalSettings: true });
    expect(settingsStore.get().globalSettings).toBe(true);
    updateSettings({ globalSettings: false });
    expect(settingsStore.get().globalSettings).toBe(false);
  });

  it('refuses stored values of the wrong type or range', () => {
    expect(
      sanitizeSettings({ theme: 'purple', menuWidth: 9999, themeColor: 'red', navbar: 'yes', unknown: 1 }),
    ).toEqual({ ...DEFAULT_SETTINGS, menuWidth: 400 });
  });

  it('applies colour weakness as an 80% inversion, and removes it', () => {
    updateSettings({ colorWeak: true });
    expect(document.body.style.filter).toBe('invert(80%)');
    updateSettings({ colorWeak: false });
    expect(document.body.style.filter).toBe('');
  });

  it("derives the whole palette from the theme colour, keeps it, and goes back to Arco's own for the default", async () => {
    localStorage.removeItem(PALETTE_STORAGE_KEY);
    updateSettings({ themeColor: '#00B42A' });
    const palette = themePalette('#00B42A', false);
    expect(palette).toHaveLength(10);
    expect(palette[5]).toBe('0,180,42');
    await waitFor(() => expect(document.body.style.getPropertyValue('--arcoblue-6')).toBe(palette[5]));
    expect(JSON.parse(localStorage.getItem(PALETTE_STORAGE_KEY) ?? '{}')).toEqual({
      color: '#00B42A',
      dark: false,
      shades: palette,
    });
    updateSettings({ themeColor: DEFAULT_SETTINGS.themeColor });
    expect(document.body.style.getPropertyValue('--arcoblue-6')).toBe('');
    // A kept palette is painted at once, before any code is loaded.
    updateSettings({ themeColor: '#00B42A' });
    expect(document.body.style.getPropertyValue('--arcoblue-6')).toBe(palette[5]);
  });

  it('ignores a kept palette that was tampered with', async () => {
    localStorage.setItem(
      PALETTE_STORAGE_KEY,
      JSON.stringify({ color: '#F53F3F', dark: false, shades: Array(10).fill('url(x)') }),
    );
    updateSettings({ themeColor: '#F53F3F' });
    expect(document.body.style.getPropertyValue('--arcoblue-6')).not.toContain('url');
    await waitFor(() =>
      expect(document.body.style.getPropertyValue('--arcoblue-6')).toBe(themePalette('#F53F3F', false)[5]),
    );
  });

  it('puts the dark theme on the body', () => {
    applyDocumentSettings({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    applyDocumentSettings({ ...DEFAULT_SETTINGS });
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });

  it('copies the settings as JSON with the drawer closed', () => {
    const copied = JSON.parse(settingsForCopy({ ...DEFAULT_SETTINGS, globalSettings: true, tabBar: true }));
    expect(copied).toEqual({ ...DEFAULT_SETTINGS, tabBar: true, globalSettings: false });
  });
});
