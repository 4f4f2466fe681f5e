import { Alert, Button, ColorPicker, Drawer, InputNumber, Message, Notification, Switch } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { queryClient } from '../../shared/api/query-client.ts';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import type { MessageKey } from '../../shared/i18n/messages.ts';
import { translate } from '../../shared/i18n/messages.ts';
import { writeClipboard } from '../../shared/lib/clipboard.ts';
import { sessionQueries } from '../../shared/session/session-queries.ts';
import {
  type AppSettings,
  MENU_WIDTH_MAX,
  MENU_WIDTH_MIN,
  settingsForCopy,
  settingsStore,
  updateSettings,
  useSettings,
} from '../../shared/settings/settings-store.ts';

export const DRAWER_WIDTH = 300;
export const MENU_WIDTH_INPUT_WIDTH = 80;

type SwitchKey = 'navbar' | 'menu' | 'topMenu' | 'footer' | 'tabBar' | 'menuFromServer' | 'colorWeak';

const contentSwitches: { key: SwitchKey; label: MessageKey }[] = [
  { key: 'navbar', label: 'settings.navbar' },
  { key: 'menu', label: 'settings.menu' },
  { key: 'topMenu', label: 'settings.topMenu' },
  { key: 'footer', label: 'settings.footer' },
  { key: 'tabBar', label: 'settings.tabBar' },
  { key: 'menuFromServer', label: 'settings.menuFromServer' },
];

const NOTICE_ID = 'menuNotice';

/** menuFromServer on fetches the server menu with the notifications of spec §8. */
export async function loadServerMenu(): Promise<boolean> {
  Notification.info({ id: NOTICE_ID, content: translate('settings.menuFromServer.loading'), closable: true });
  try {
    await queryClient.fetchQuery({ ...sessionQueries.serverMenu(), staleTime: 0 });
    Notification.success({ id: NOTICE_ID, content: translate('settings.menuFromServer.success'), closable: true });
    return true;
  } catch {
    Notification.error({ id: NOTICE_ID, content: translate('settings.menuFromServer.error'), closable: true });
    return false;
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="settings-drawer__row">
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer() {
  const { t } = useI18n();
  const settings = useSettings();

  const toggle = (key: SwitchKey, value: boolean) => {
    updateSettings({ [key]: value } as Partial<AppSettings>);
    if (key === 'menuFromServer' && value) void loadServerMenu();
  };

  const copy = async () => {
    try {
      await writeClipboard(settingsForCopy(settingsStore.get()));
      Message.success(t('settings.copySettings.message'));
    } catch (err) {
      console.warn('copy failed', err);
      Message.error(t('settings.copySettings.failed'));
    }
  };

  const switchRow = (key: SwitchKey, label: MessageKey) => (
    <Row key={key} label={t(label)}>
      <Switch size="small" aria-label={t(label)} checked={settings[key]} onChange={(value) => toggle(key, value)} />
    </Row>
  );

  return (
    <Drawer
      width={DRAWER_WIDTH}
      title={t('settings.title')}
      visible={settings.globalSettings}
      onCancel={() => updateSettings({ globalSettings: false })}
      className="settings-drawer"
      footer={
        <div className="settings-drawer__footer">
          <Button onClick={() => updateSettings({ globalSettings: false })}>{t('settings.close')}</Button>
          <Button type="primary" icon={<IconCopy />} onClick={copy}>
            {t('settings.copySettings')}
          </Button>
        </div>
      }
    >
      <Alert className="settings-drawer__notice" content={t('settings.alertContent')} />
      <section className="settings-drawer__block">
        <h2 className="settings-drawer__heading">{t('settings.themeColor')}</h2>
        <ColorPicker
          value={settings.themeColor}
          showText
          disabledAlpha
          showPreset
          onChange={(value) => typeof value === 'string' && updateSettings({ themeColor: value })}
          triggerProps={{ position: 'bl' }}
          aria-label={t('settings.themeColor')}
        />
      </section>
      <section className="settings-drawer__block">
        <h2 className="settings-drawer__heading">{t('settings.content')}</h2>
        {contentSwitches.map(({ key, label }) => switchRow(key, label))}
        <Row label={t('settings.menuWidth')}>
          <InputNumber
            aria-label={t('settings.menuWidth')}
            style={{ width: MENU_WIDTH_INPUT_WIDTH }}
            size="small"
            min={MENU_WIDTH_MIN}
            max={MENU_WIDTH_MAX}
            step={10}
            hideControl
            value={settings.menuWidth}
            onChange={(value) => Number.isFinite(value) && updateSettings({ menuWidth: value })}
          />
        </Row>
      </section>
      <section className="settings-drawer__block">
        <h2 className="settings-drawer__heading">{t('settings.otherSettings')}</h2>
        {switchRow('colorWeak', 'settings.colorWeak')}
      </section>
    </Drawer>
  );
}
