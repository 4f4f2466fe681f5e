import {
  accountApi,
  authApi,
  contentApi,
  type Endpoint,
  messagesApi,
  noticesApi,
  notifyApi,
  workplaceApi,
} from '@water/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  token = await t.login();
});

// Tables whose rows a refused request must leave untouched. The login log is left out on purpose:
// recording every refused sign-in is its job.
const GUARDED = [
  'users',
  'roles',
  'user_roles',
  'menus',
  'role_menus',
  'sessions',
  'sms_codes',
  'sms_outbox',
  'captchas',
];
async function snapshot(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of GUARDED) {
    const res = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
      rows: { n: number }[];
    };
    out[table] = res.rows[0]?.n ?? -1;
  }
  return out;
}

const hostile: unknown[] = [
  null,
  [],
  'just a string',
  42,
  { username: { $ne: '' }, password: ['a'] },
  { username: "' OR 1=1 --", password: "'; DROP TABLE users; --" },
  { username: 'user\u0000', password: 'x' },
  { username: '\u202Eresu', password: '\uD83D\uDCA7'.repeat(10) },
  { action: 'send', phone: "13900000004' OR '1'='1", purpose: 'reset-password' },
  { action: 'verify', phone: '13900000004', purpose: 'reset-password', code: '1 OR 1' },
  { action: 'send', phone: '１３９００００００４', purpose: 'reset-password' },
  { action: 'send', phone: '13900000004', purpose: 'login-as-admin' },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
];

const bodyRoutes = Object.entries({
  ...authApi,
  ...accountApi,
  ...messagesApi,
  ...noticesApi,
  ...contentApi,
  ...workplaceApi,
  // Notification templates, channels and the caller's own preferences (modules/notify).
  updateTemplate: notifyApi.updateTemplate,
  resetTemplate: notifyApi.resetTemplate,
  previewTemplate: notifyApi.previewTemplate,
  updateChannel: notifyApi.updateChannel,
  updatePrefs: notifyApi.updatePrefs,
}).filter(([, e]) => e.method !== 'GET') as [string, Endpoint][];

describe('bad input on every write route', () => {
  for (const [name, e] of bodyRoutes) {
    it(`${e.method} ${e.path} (${name}) never answers hostile bodies with a 5xx, accepts only what its contract accepts`, async () => {
      const before = await snapshot();
      let accepted = false;
      for (const [i, payload] of hostile.entries()) {
        const res = await t.inject({
          method: e.method,
          url: `/api${e.path.replace(':id', '1').replace(':channel', 'webhook')}`,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
          remoteAddress: `10.20.${i}.1`,
        });
        const body = res.json();
        expect(res.statusCode, `${name} #${i}: ${res.body}`).toBeLessThan(500);
        expect(body).toHaveProperty('code');
        expect(body).toHaveProperty('msg');
        if (res.statusCode < 400) {
          // Accepted only what the contract accepts (unknown keys are dropped, not trusted).
          expect(e.body ? e.body.safeParse(payload).success : true, `${name} #${i} accepted: ${res.body}`).toBe(true);
          accepted = true;
        } else {
          expect(body.code).not.toBe(200);
        }
      }
      const after = await snapshot();
      if (!accepted) expect(after).toEqual(before);
    });
  }

  it('answers an oversized body with 413 in the envelope', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'user', password: 'x'.repeat(5000) },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, msg: 'The request body is too large (limit 4096 bytes)' });
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    const broken = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "user",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 400, msg: '请求体不是有效的 JSON' });
    const xml = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe(415);
  });

  it('answers an over-long field with a per-field message', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'u'.repeat(65), password: 'x' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([{ field: 'username', message: 'Too long' }]);
  });

  it('validates query strings too', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/user/pc/captcha?username=${'a'.repeat(100)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].field).toBe('querystring.username');
  });
});
