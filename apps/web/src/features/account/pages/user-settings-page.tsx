import { Alert, Card, Tabs } from '@arco-design/web-react';
import { useSearchParams } from 'react-router';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { LoginHistoryTable } from '../components/login-history-table.tsx';
import { NotifyPrefsForm } from '../components/notify-prefs-form.tsx';
import { SessionTable } from '../components/session-table.tsx';
import { useAccountI18n } from '../use-account-i18n.ts';
import '../account.css';

const TABS = ['password', 'notify', 'history', 'sessions'] as const;
type Tab = (typeof TABS)[number];

/**
 * Change password, the notification preferences, the own sign-in history and the live sessions.
 * Tabs load their data when first opened; the tab and the history's page are kept in the address
 * (`?tab=history&history.page=2`).
 */
export function UserSettingsPage() {
  const { t } = useAccountI18n();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((key) => key === params.get('tab')) ?? 'password';
  const openTab = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'password') next.delete('tab');
      else next.set('tab', key);
      return next;
    });
  const mustChange = useRoleInfo()?.userInfos.mustChangePassword ?? false;

  return (
    <div className="account-page">
      <Card title={t('account.settings.title')}>
        {mustChange ? (
          <Alert className="account-must-change" type="warning" content={t('account.settings.mustChange')} />
        ) : null}
        <Tabs activeTab={tab} onChange={openTab} lazyload>
          <Tabs.TabPane key="password" title={t('account.settings.tab.password')}>
            <div className="account-settings-pane">
              <ChangePasswordForm />
            </div>
          </Tabs.TabPane>
          <Tabs.TabPane key="notify" title={t('account.notify.tab')}>
            <NotifyPrefsForm />
          </Tabs.TabPane>
          <Tabs.TabPane key="history" title={t('account.settings.tab.history')}>
            <LoginHistoryTable />
          </Tabs.TabPane>
          <Tabs.TabPane key="sessions" title={t('account.settings.tab.sessions')}>
            <SessionTable />
          </Tabs.TabPane>
        </Tabs>
      </Card>
    </div>
  );
}
