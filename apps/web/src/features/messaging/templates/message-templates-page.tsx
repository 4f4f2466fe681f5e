import { Result, Spin, Tabs } from '@arco-design/web-react';
import { type NotifyTemplate, Permissions } from '@water/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useTemplatesI18n } from '../use-templates-i18n.ts';
import { ChannelCards } from './channel-cards.tsx';
import { TemplateDrawer } from './template-drawer.tsx';
import { TemplateMatrix } from './template-matrix.tsx';
import './templates.css';

const VIEW = [Permissions.notifyView] as const;
const WRITE = [Permissions.notifyTemplateWrite] as const;
type Tab = 'templates' | 'channels';

/**
 * Message templates (/callPolice/callPoliceMessage): the templates of every purpose and channel, in
 * both languages, and the channels they go out on. Holders of notify:view read both; holders of
 * notify:template:write edit templates, reset them, set channels up and send tests. The server is
 * the guard; the console leaves out what a reader could not use. The open tab is in the address.
 */
export function MessageTemplatesPage() {
  const i18n = useTemplatesI18n();
  const { t } = i18n;
  const roleInfo = useRoleInfo();
  const reader = useButtonPermission(VIEW);
  const writer = useButtonPermission(WRITE);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'channels' ? 'channels' : 'templates';
  const [open, setOpen] = useState<NotifyTemplate | null>(null);

  if (!roleInfo) return <Spin className="tpl-page-loading" />;
  if (!reader && !writer) {
    return (
      <div className="list-page">
        <Result
          status="403"
          title={t('messaging.templates.forbidden.title')}
          subTitle={t('messaging.templates.forbidden.subtitle')}
        />
      </div>
    );
  }

  const openTab = (next: Tab) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'channels') out.set('tab', next);
      else out.delete('tab');
      return out;
    });

  return (
    <ListShell
      className="tpl-page"
      title={t('messaging.templates.title')}
      subtitle={t('messaging.templates.subtitle')}
      body={
        <Tabs activeTab={tab} onChange={(key) => openTab(key as Tab)} destroyOnHide className="tpl-tabs">
          <Tabs.TabPane key="templates" title={t('messaging.templates.tab.templates')}>
            <TemplateMatrix i18n={i18n} writer={writer} onOpen={setOpen} />
          </Tabs.TabPane>
          <Tabs.TabPane key="channels" title={t('messaging.templates.tab.channels')}>
            <ChannelCards i18n={i18n} writer={writer} />
          </Tabs.TabPane>
        </Tabs>
      }
    >
      <TemplateDrawer template={open} writer={writer} onClose={() => setOpen(null)} onReset={setOpen} />
    </ListShell>
  );
}
