import { ActiveAlarmsCard } from '../../alarms/public.ts';
import { AnnouncementsCard } from '../components/announcements-card.tsx';
import { CategoryShare } from '../components/category-share.tsx';
import { ContentChart } from '../components/content-chart.tsx';
import { OverviewPanel } from '../components/overview-panel.tsx';
import { PopularContent } from '../components/popular-content.tsx';
import { QuickOperations } from '../components/quick-operations.tsx';
import { RecentVisits } from '../components/recent-visits.tsx';
import '../workplace.css';

/**
 * The Workplace (spec §1), every operator's default tab. Each widget loads on its own, so the page
 * shows what has arrived instead of waiting for the slowest request. ECharts comes with this chunk only.
 */
export function WorkplacePage() {
  return (
    <div className="workplace">
      <div className="workplace__main">
        <OverviewPanel />
        <ContentChart />
        <div className="workplace__pair">
          <PopularContent />
          <CategoryShare />
        </div>
      </div>
      <aside className="workplace__side">
        <ActiveAlarmsCard />
        <QuickOperations />
        <RecentVisits />
        <AnnouncementsCard />
      </aside>
    </div>
  );
}
