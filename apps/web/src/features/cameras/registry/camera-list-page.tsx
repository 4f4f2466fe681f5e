import { Tabs } from '@arco-design/web-react';
import { Permissions } from '@water/contracts';
import { useSearchParams } from 'react-router';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { CamerasTab } from './cameras-tab.tsx';
import { PlatformsTab } from './platforms-tab.tsx';
import { useRegistryI18n } from './use-registry-i18n.ts';
import './registry.css';

export const REGISTRY_TABS = ['cameras', 'platforms'] as const;
export type RegistryTab = (typeof REGISTRY_TABS)[number];

const WRITE = [Permissions.cameraWrite] as const;

/**
 * The camera registry (/bz/cameraList, issue 19): the cameras with their online state, and, for
 * holders of video:camera:write, the video platform accounts they are reached through. The tab lives
 * in the address (`?tab=platforms`), as do the cameras' filters.
 */
export function CameraListPage() {
  const { t } = useRegistryI18n();
  const writer = useButtonPermission(WRITE);
  const [params, setParams] = useSearchParams();
  const asked: RegistryTab = REGISTRY_TABS.find((key) => key === params.get('tab')) ?? 'cameras';
  // The platforms hold secrets' owners: without the write permission the tab is not offered at all.
  const tab = writer ? asked : 'cameras';

  const openTab = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'cameras') next.delete('tab');
      else next.set('tab', key);
      return next;
    });

  return (
    <ListShell
      title={t('cam.title')}
      subtitle={t('cam.subtitle')}
      className="cam-registry"
      body={
        writer ? (
          <Tabs activeTab={tab} onChange={openTab} lazyload destroyOnHide>
            <Tabs.TabPane key="cameras" title={t('cam.tab.cameras')}>
              <CamerasTab />
            </Tabs.TabPane>
            <Tabs.TabPane key="platforms" title={t('cam.tab.platforms')}>
              <PlatformsTab />
            </Tabs.TabPane>
          </Tabs>
        ) : (
          <CamerasTab />
        )
      }
    />
  );
}
