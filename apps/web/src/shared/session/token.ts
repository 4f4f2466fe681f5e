import { TOKEN_STORAGE_KEY } from '@water/contracts/common/locale';

/** The session is the bearer token in local storage under `token` (spec §4, §9). */
export function getToken(): string | null {
  return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

export function isSignedIn(): boolean {
  return Boolean(getToken());
}
