import { callApi } from '../../../shared/api/http.ts';
import { queryClient } from '../../../shared/api/query-client.ts';

/** Kept apart from the Workplace queries: the router imports this file, so it stays in the entry and small. */
export const VISITS_KEY = ['workplace', 'visits'] as const;
const PATH_MAX = 300;

/**
 * Adds a page to the user's recently visited list (the router calls it after each completed
 * navigation). Best effort and silent: a lost record must never disturb the page the user opened.
 */
export function recordVisit(routeName: string, path: string): void {
  const body = { routeName, path: path.length > PATH_MAX ? path.slice(0, PATH_MAX) : path };
  // The Workplace contract loads with the first visit, not with the sign-in screen.
  void import('@water/contracts/workplace')
    .then(({ workplaceApi }) => callApi(workplaceApi.recordVisit, { body, silent: true }))
    .then(() => queryClient.invalidateQueries({ queryKey: VISITS_KEY }))
    .catch(() => undefined);
}
