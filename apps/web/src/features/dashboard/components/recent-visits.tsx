import { Card } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { catalogRouteByName } from '../../../shared/routing/route-catalog.ts';
import { workplaceQueries } from '../api/workplace-queries.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { routeIcon } from './route-icon.tsx';
import { WidgetState } from './widget-state.tsx';

/** The user's own last pages, kept server-side, labelled from the route registry in the current language. */
export function RecentVisits() {
  const { t, tApp } = useWorkplaceI18n();
  const navigate = useNavigate();
  const query = useQuery(workplaceQueries.visits());
  return (
    <Card
      className="workplace__card"
      bordered={false}
      title={<h3 className="workplace__title">{t('workplace.recent')}</h3>}
    >
      <WidgetState
        query={query}
        skeletonRows={2}
        isEmpty={(visits) => visits.every((v) => !catalogRouteByName(v.routeName))}
      >
        {(visits) => (
          <nav aria-label={t('workplace.recent')} className="workplace__shortcuts">
            {visits.flatMap((visit) => {
              const route = catalogRouteByName(visit.routeName);
              if (!route) return [];
              return [
                <button
                  key={visit.routeName}
                  type="button"
                  className="workplace__shortcut"
                  onClick={() => navigate(visit.path)}
                >
                  <span className="workplace__shortcut-icon" aria-hidden="true">
                    {routeIcon(route)}
                  </span>
                  <span className="workplace__shortcut-label">{tApp(route.labelKey)}</span>
                </button>,
              ];
            })}
          </nav>
        )}
      </WidgetState>
    </Card>
  );
}
