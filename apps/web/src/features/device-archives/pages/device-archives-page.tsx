import { Button, Tabs } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { Permission } from '../../../shared/ui/permission.tsx';
import { ArchiveEntriesTab } from '../components/archive-entries-tab.tsx';
import { type ArchiveDrawerTarget, ArchiveEntryDrawer } from '../components/archive-entry-drawer.tsx';
import { ARCHIVE_WRITE } from '../components/archive-labels.tsx';
import { DueCalibrationsTab, EndingWarrantiesTab } from '../components/due-lists.tsx';
import { useDeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import '../device-archives.css';

const TABS = ['entries', 'calibrations', 'warranties'] as const;
type Tab = (typeof TABS)[number];

/**
 * Device archives: every device's life record, and what falls due from it (calibrations, and
 * warranties and service contracts, the Workplace's renewal orders). The tab and each list's search
 * live in the address. The server is the guard; the console leaves out what a reader could not use.
 */
export function DeviceArchivesPage() {
  const i18n = useDeviceArchivesI18n();
  const { t } = i18n;
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((key) => key === params.get('tab')) ?? 'entries';
  const [drawer, setDrawer] = useState<ArchiveDrawerTarget>(null);

  const openTab = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'entries') next.delete('tab');
      else next.set('tab', key);
      return next;
    });

  return (
    <ListShell
      title={t('deviceArchives.title')}
      subtitle={t('deviceArchives.subtitle')}
      actions={
        <Permission permissions={ARCHIVE_WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ entry: null })}>
            {t('deviceArchives.create')}
          </Button>
        </Permission>
      }
      body={
        <Tabs activeTab={tab} onChange={openTab} lazyload destroyOnHide>
          <Tabs.TabPane key="entries" title={t('deviceArchives.tab.entries')}>
            <ArchiveEntriesTab i18n={i18n} onEdit={(entry) => setDrawer({ entry })} />
          </Tabs.TabPane>
          <Tabs.TabPane key="calibrations" title={t('deviceArchives.tab.calibrations')}>
            <DueCalibrationsTab i18n={i18n} />
          </Tabs.TabPane>
          <Tabs.TabPane key="warranties" title={t('deviceArchives.tab.warranties')}>
            <EndingWarrantiesTab i18n={i18n} />
          </Tabs.TabPane>
        </Tabs>
      }
    >
      <ArchiveEntryDrawer target={drawer} onClose={() => setDrawer(null)} />
    </ListShell>
  );
}
