/**
 * "Remember" keeps only the username (issue 3, item 2). The template stored the password in plain
 * text in local storage, where any script on the origin can read it. Passwords are left to the
 * browser's own password manager instead: the form is a real <form> with autocomplete="username"
 * and "current-password", so the browser offers to save and fill it.
 */
export const REMEMBERED_USERNAME_KEY = 'login-username';

export function readRememberedUsername(): string {
  return globalThis.localStorage?.getItem(REMEMBERED_USERNAME_KEY) ?? '';
}

export function rememberUsername(remember: boolean, username: string): void {
  if (remember && username) localStorage.setItem(REMEMBERED_USERNAME_KEY, username);
  else localStorage.removeItem(REMEMBERED_USERNAME_KEY);
}
