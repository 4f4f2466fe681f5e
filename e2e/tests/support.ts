import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const shots = path.resolve(import.meta.dirname, '../../screenshots');

export interface Account {
  username: string;
  password: string;
}

/** The port of the SMTP server the e2e server mails to (playwright.config.ts sets SMTP_URL): the journey that reads mail runs it. */
export const smtpPort = Number(process.env.E2E_PORT ?? 8181) + 2;

export const ADMIN: Account = { username: '13800000001', password: 'Admin@2026' };
export const USER: Account = { username: 'user', password: 'User@2026' };

/**
 * A client address of its own per journey (the e2e server trusts X-Forwarded-For), so failed
 * sign-ins in one journey never make the server ask another journey for a captcha.
 */
export function clientAddress(name: string): { extraHTTPHeaders: Record<string, string> } {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(name).digest();
  return { extraHTTPHeaders: { 'X-Forwarded-For': `10.${a}.${b}.${(c % 250) + 2}` } };
}

export const usernameBox = (page: Page, name = '用户名') => page.getByRole('textbox', { name, exact: true });
export const passwordBox = (page: Page, name = '密码') => page.getByLabel(name, { exact: true });

/** Signs in through the form of the sign-in screen the page is on. */
export async function fillSignIn(
  page: Page,
  account: Account,
  labels = { user: '用户名', pass: '密码', submit: '登录' },
) {
  await usernameBox(page, labels.user).fill(account.username);
  await passwordBox(page, labels.pass).fill(account.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** Signs in through the API and opens `target` with the session in place. */
export async function signIn(page: Page, account: Account = ADMIN, target = '/dashboard/workplace'): Promise<string> {
  // An address per sign-in: another journey's failures never make this one need a captcha.
  const [address] = Object.values(clientAddress(`${account.username} ${Math.random()}`).extraHTTPHeaders);
  const response = await page.request.post('/api/user/login', {
    data: account,
    headers: { 'X-Forwarded-For': address ?? '' },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  const token: string = body.data.token;
  await page.goto('/#/login');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  // A fresh document: the console starts as it would for a returning user (stored settings and all).
  await page.goto('about:blank');
  await page.goto(`/#${target}`);
  await expect(page.locator('.navbar__user')).toBeVisible();
  return token;
}

/** Settings as they would be after earlier changes: written before the console reads them. */
export async function presetSettings(page: Page, settings: Record<string, unknown>) {
  await page.goto('/#/login');
  await page.evaluate((value) => localStorage.setItem('arco-settings', JSON.stringify(value)), settings);
  // The console reads settings at start-up: the next visit must be a fresh document.
  await page.goto('about:blank');
}

export const hashPath = (page: Page) => new URL(page.url()).hash.slice(1);

export const sideMenu = (page: Page) => page.locator('.side-menu');
export const tabBar = (page: Page) => page.getByRole('tablist', { name: /已打开的页面|Open pages/ });
export const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name, exact: true });

export async function openMenuItem(page: Page, group: string, item: string) {
  const menu = sideMenu(page);
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
}

/**
 * A demo device's ingest secret, derived as the server's seed derives it (db/seed/demo-secrets.ts):
 * the key is public in that source. Computed here because e2e does not import server code.
 */
export const demoSecret = (code: string) =>
  createHmac('sha256', 'water-ops demo city 岚川市: not a secret').update(code).digest('base64url').slice(0, 32);

/** Reports as the device itself, through the HTTP ingest (the e2e server runs no MQTT and no simulator). */
export async function ingest(request: APIRequestContext, code: string, body: unknown) {
  const response = await request.post(`/api/ingest/${code}`, {
    headers: { Authorization: `Device ${demoSecret(code)}` },
    data: body,
  });
  const answer = await response.json();
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data as { accepted: number; duplicates: number; flagged: number; rejected: number };
}
