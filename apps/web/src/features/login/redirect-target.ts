const DEFAULT_TARGET = '/dashboard/workplace';

/**
 * Where to go after sign-in: `redirect` plus every other query parameter the guard kept
 * (spec §8). Only a path of this console is accepted, never another site or the sign-in itself.
 */
export function redirectTarget(search: string): string {
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect');
  params.delete('redirect');
  const safe =
    redirect?.startsWith('/') &&
    !redirect.startsWith('//') &&
    !redirect.includes('\\') &&
    !/^\/logins?(\/|$|\?)/.test(redirect);
  const path = safe && redirect ? redirect : DEFAULT_TARGET;
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}
