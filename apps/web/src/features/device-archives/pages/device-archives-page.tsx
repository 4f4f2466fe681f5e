import { Tabs } from '@arco-design/web-react';
import { useState } from 'react';
import { ArchiveEntriesTab } from '../components/archive-entries-tab.tsx';
import { DueCalibrationsTab, EndingWarrantiesTab } from '../components/due-lists.tsx';
import { useDeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import '../device-archives.css';

type Tab = 'entries' | 'calibrations' | 'warranties';

/**
 * Device archives: every device's life record, and what falls due from it (calibrations, and
 * warranties and service contracts, the Workplace's renewal orders). The server is the guard; the
 * console leaves out what a reader could not use.
 */
export function DeviceArchivesPage() {
  const i18n = useDeviceArchivesI18n();
  const { t } = i18n;
  const [tab, setTab] = useState<Tab>('entries');
  return (
    <div className="device-archives-page">
      <div className="device-archives-card">
        <header className="device-archives-header">
          <h1 className="device-archives-header__title">{t('deviceArchives.title')}</h1>
          <p className="device-archives-header__subtitle">{t('deviceArchives.subtitle')}</p>
        </header>
        <Tabs activeTab={tab} onChange={(key) => setTab(key as Tab)} lazyload destroyOnHide>
          <Tabs.TabPane key="entries" title={t('deviceArchives.tab.entries')}>
            <ArchiveEntriesTab i18n={i18n} />
          </Tabs.TabPane>
          <Tabs.TabPane key="calibrations" title={t('deviceArchives.tab.calibrations')}>
            <DueCalibrationsTab i18n={i18n} />
          </Tabs.TabPane>
          <Tabs.TabPane key="warranties" title={t('deviceArchives.tab.warranties')}>
            <EndingWarrantiesTab i18n={i18n} />
          </Tabs.TabPane>
        </Tabs>
      </div>
    </div>
  );
}
