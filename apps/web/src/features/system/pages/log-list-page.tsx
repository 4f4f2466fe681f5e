import { Button, Tabs } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions } from '@water/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { Permission } from '../../../shared/ui/permission.tsx';
import { logQueries } from '../api/log-queries.ts';
import { LogRetentionModal } from '../components/log-retention-modal.tsx';
import { LoginLogTab } from '../components/login-log-tab.tsx';
import { OperationLogTab } from '../components/operation-log-tab.tsx';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import '../system-admin.css';

const WRITE = [Permissions.systemLogWrite] as const;
type Tab = 'operations' | 'logins';

/**
 * Log management: the operation log and the sign-in log, each filtered and exported on its own, and
 * how long each is kept. The open tab and each log's filters live in the address (`tab`, `op.…`,
 * `login.…`). Reading needs the log permission (the server refuses otherwise); setting the
 * retention needs the write permission, so its button is left out for everyone else.
 */
export function LogListPage() {
  const { t, locale } = useSystemAdminI18n();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'logins' ? 'logins' : 'operations';
  const [editing, setEditing] = useState(false);
  const retention = useQuery(logQueries.retention(locale));

  const openTab = (next: Tab) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'logins') out.set('tab', next);
      else out.delete('tab');
      return out;
    });

  return (
    <ListShell
      title={t('sys.log.title')}
      subtitle={t('sys.log.subtitle')}
      actions={
        <div className="sys-retention">
          {retention.data ? (
            <span className="sys-retention__summary">{t('sys.log.retention.summary', retention.data)}</span>
          ) : null}
          <Permission permissions={WRITE}>
            <Button icon={<IconSettings />} disabled={!retention.data} onClick={() => setEditing(true)}>
              {t('sys.log.retention.edit')}
            </Button>
          </Permission>
        </div>
      }
      body={
        <Tabs activeTab={tab} onChange={(key) => openTab(key as Tab)} destroyOnHide className="sys-tabs">
          <Tabs.TabPane key="operations" title={t('sys.log.tab.operations')}>
            <OperationLogTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="logins" title={t('sys.log.tab.logins')}>
            <LoginLogTab />
          </Tabs.TabPane>
        </Tabs>
      }
    >
      <LogRetentionModal current={retention.data} visible={editing} onClose={() => setEditing(false)} />
    </ListShell>
  );
}
