import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN, clientAddress } from './support.ts';

/** Publishes a notice to the `user` role as the administrator, through the API (the notices page is another journey). */
export async function publishNoticeToUsers(
  request: APIRequestContext,
  title: string,
  { level = 1, contentHtml = `<p>${title}：请各班组按时到岗。</p>` }: { level?: 0 | 1 | 3; contentHtml?: string } = {},
): Promise<number> {
  const headers = clientAddress(`notices ${title}`).extraHTTPHeaders;
  const login = await (await request.post('/api/user/login', { data: ADMIN, headers })).json();
  expect(login.code, login.msg).toBe(200);
  const auth = { ...headers, Authorization: `Bearer ${login.data.token}` };
  const created = await (
    await request.post('/api/notices', {
      headers: auth,
      data: { title, contentHtml, level, audience: { type: 'roles', codes: ['user'] } },
    })
  ).json();
  expect(created.code, created.msg).toBe(200);
  const published = await (await request.post(`/api/notices/${created.data.id}/publish`, { headers: auth })).json();
  expect(published.code, published.msg).toBe(200);
  return created.data.id as number;
}
