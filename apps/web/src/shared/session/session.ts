import { authApi } from '@water/contracts/auth';
import { callApi, setReloginHandler } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { removeRouteListener } from '../routing/route-listener.ts';
import { clearToken } from './token.ts';

/**
 * Ends the session (spec §4): asks the server to revoke it (its failure must not keep anyone
 * signed in here), resets the user info and the server menu (both live in the query cache),
 * clears the token and removes the route listeners. `reload` then starts the console afresh,
 * so no state of the previous user survives in memory.
 */
export async function logout({ reload = true }: { reload?: boolean } = {}): Promise<void> {
  await callApi(authApi.logout, { silent: true }).catch(() => undefined);
  queryClient.clear();
  clearToken();
  removeRouteListener();
  if (reload) window.location.reload();
}

setReloginHandler(() => logout());
