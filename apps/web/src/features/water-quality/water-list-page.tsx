import { Tabs } from '@arco-design/web-react';
import { useSearchParams } from 'react-router';
import { ListShell } from '../../shared/ui/list-page.tsx';
import { useWqI18n } from './common/use-wq-i18n.ts';
import { ComplianceTab } from './compliance/compliance-tab.tsx';
import { HistoryTab } from './history/history-tab.tsx';
import { LatestTab } from './latest/latest-tab.tsx';
import { LimitSetsTab } from './limit-sets/limit-sets-tab.tsx';
import { ResultsTab } from './results/results-tab.tsx';
import { SitesTab } from './sites/sites-tab.tsx';

export const WQ_TABS = ['latest', 'history', 'compliance', 'results', 'sites', 'limitSets'] as const;
export type WqTab = (typeof WQ_TABS)[number];

/**
 * Water-quality monitoring data (/water/waterList, issue 18): the latest judgement per site, history
 * with the limit lines, compliance rates and the monthly report, lab results (entry and import),
 * sites and limit sets. The tab lives in the address (`?tab=`), as does each tab's filters; a tab's
 * filters are its own parameters, so switching tabs keeps them.
 */
export function WaterListPage() {
  const i18n = useWqI18n();
  const { t } = i18n;
  const [params, setParams] = useSearchParams();
  const tab: WqTab = WQ_TABS.find((key) => key === params.get('tab')) ?? 'latest';

  const openTab = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'latest') next.delete('tab');
      else next.set('tab', key);
      return next;
    });

  return (
    <ListShell
      title={t('wq.title')}
      subtitle={t('wq.subtitle')}
      body={
        <Tabs activeTab={tab} onChange={openTab} lazyload destroyOnHide>
          <Tabs.TabPane key="latest" title={t('wq.tab.latest')}>
            <LatestTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="history" title={t('wq.tab.history')}>
            <HistoryTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="compliance" title={t('wq.tab.compliance')}>
            <ComplianceTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="results" title={t('wq.tab.results')}>
            <ResultsTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="sites" title={t('wq.tab.sites')}>
            <SitesTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="limitSets" title={t('wq.tab.limitSets')}>
            <LimitSetsTab />
          </Tabs.TabPane>
        </Tabs>
      }
    />
  );
}
