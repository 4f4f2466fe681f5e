import * as contracts from '@water/contracts';
import { API_BASE, type Endpoint, plainText } from '@water/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operationLog, users } from '../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';
import { signInWithoutPermissions } from '../testing/fixtures.ts';
import { multipart } from '../testing/multipart.ts';
import { maskSecrets } from './route.ts';
import { cleanFileName } from './uploads.ts';

/**
 * Input at the edge, once for every route (issue 12, part 3). Generated from the route table the
 * server registered, like route-permissions.test.ts: each route gets the hostile inputs its kind
 * of input allows, signed in as the administrator (so no access rule hides a 500), and no answer
 * may be a 5xx. The contracts' endpoint tables say what each route takes.
 */

let t: TestApp;
let admin: string;
let nobody: string;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '65536' });
  await resetDatabase(t.database);
  admin = await t.login();
  nobody = await signInWithoutPermissions(t);
}, 60_000);
afterAll(() => t.close());

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'data' in v;
/** Every endpoint of every contract, by the key the route table uses. */
const endpoints = new Map<string, Endpoint>(
  Object.values(contracts).flatMap((table) =>
    typeof table === 'object' && table !== null
      ? Object.values(table)
          .filter(isEndpoint)
          .map((e) => [`${e.method} ${API_BASE}${e.path}`, e] as const)
      : [],
  ),
);

// Registered outside the contracts: the documentation, the OpenAPI document and the live socket.
// And this server's video streams (files, not envelopes: a playlist, fMP4 and MPEG-TS segments), whose
// own tests (modules/cameras/video.test.ts, video/rtsp.test.ts) refuse what has no ticket, odd names and ids.
const OUTSIDE = new Set([
  'GET /api/openapi.json',
  'GET /api/ws',
  'GET /api/media/demo/:code/index.m3u8',
  'GET /api/media/demo/:code/:file',
  'GET /api/media/rtsp/:id/index.m3u8',
  'GET /api/media/rtsp/:id/:file',
]);
const routes = () =>
  t.app.apiRoutes
    .filter((r) => !r.url.startsWith('/api/docs') && !OUTSIDE.has(`${r.method} ${r.url}`))
    .map((r) => ({ ...r, key: `${r.method} ${r.url}`, endpoint: endpoints.get(`${r.method} ${r.url}`) }));
const writes = () => routes().filter((r) => r.method !== 'GET');
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
const fill = (url: string, values: Record<string, string> = {}, fallback = '1') =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? fallback));
// Each call from its own address, so sign-in failures never bring a captcha into the next route.
let ip = 0;
const from = () => `10.77.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

type Res = Awaited<ReturnType<TestApp['inject']>>;
function expectNo5xx(res: Res, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.json(), what).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
}
const fields = (res: Res): string[] => ((res.json().data?.errors ?? []) as { field: string }[]).map((e) => e.field);

describe('the route table', () => {
  it('has a contract endpoint behind every API route, so the inputs below come from the contracts', () => {
    expect(routes().length).toBeGreaterThan(100);
    expect(
      routes()
        .filter((r) => !r.endpoint)
        .map((r) => r.key),
    ).toEqual([]);
  });
});

describe('ids in paths', () => {
  // Each is taken as 5 (or near it) by Number() or z.coerce; only "5" itself is an id.
  const NON_CANONICAL = [' 5', '+5', '5.0', '5e0', '05', '0x5', '0', '2147483648'];

  it('answers every non-canonical id in every id parameter of every route with 400 naming it', async () => {
    let calls = 0;
    for (const r of routes()) {
      for (const param of paramsOf(r.url).filter((p) => /id$/i.test(p))) {
        for (const bad of NON_CANONICAL) {
          const what = `${r.key} ${param}=${JSON.stringify(bad)}`;
          const res = await t.inject({
            method: r.method as 'GET',
            url: fill(r.url, { [param]: bad }),
            headers: bearer(admin),
            remoteAddress: from(),
            ...(r.method === 'GET' ? {} : { payload: {} }),
          });
          expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(fields(res), what).toContain(`params.${param}`);
          calls++;
        }
      }
    }
    expect(calls).toBeGreaterThan(40 * NON_CANONICAL.length);
  }, 60_000);

  it('still takes canonical ids, up to the largest the database holds', async () => {
    expect((await t.call('GET', '/api/devices/1', admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/devices/2147483647', admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/devices?regionId=1', admin)).statusCode).toBe(200);
    const bad = await t.call('GET', '/api/devices?regionId=01', admin, undefined, 'en-US');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([
      { field: 'querystring.regionId', message: 'Ids are positive whole numbers written plainly (e.g. 12)' },
    ]);
  });

  it('refuses DELETE /api/system/users/0x5 and deletes nobody', async () => {
    const before = await t.database.db.$count(users);
    const res = await t.call('DELETE', '/api/system/users/0x5', admin);
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('answers a path code no device can have with 400, never "ingest busy"', async () => {
    for (const code of ['%00', '%20x', 'a%2Fb', '-x', 'x'.repeat(41)]) {
      const ingest = await t.inject({ method: 'POST', url: `/api/ingest/${code}`, payload: { values: { level: 1 } } });
      expect(ingest.statusCode, code).toBe(400);
      expect(ingest.headers['retry-after'], code).toBeUndefined();
      expect((await t.call('GET', `/api/devices/by-code/${code}`, admin)).statusCode, code).toBe(400);
    }
  });
});

describe('text no field can hold', () => {
  // A lone surrogate (JSON.stringify writes it as the escape "\ud800", which JSON.parse gives back
  // alone) and NUL, under the names fields go by across the contracts.
  const BROKEN = ['\ud800', 'x\udc00', 'a\u0000b'];
  const NAMES = ['name', 'title', 'displayName', 'description', 'contentHtml', 'bodyHtml', 'code', 'username'];

  it('is refused with 400 naming the field on every route that takes a body, and never a 5xx', async () => {
    const bodied = writes().filter((r) => r.endpoint?.body);
    expect(bodied.length).toBeGreaterThan(40);
    for (const r of bodied) {
      for (const bad of BROKEN) {
        for (const body of [
          Object.fromEntries(NAMES.map((n) => [n, bad])),
          { items: [{ note: 'ok' }, { note: bad }] },
          { [`key${bad}`]: 'x' },
        ]) {
          const what = `${r.key} ${JSON.stringify(body)}`;
          const res = await t.inject({
            method: r.method as 'POST',
            // A named path parameter its route takes, so that the body is what is refused.
            url: fill(r.url, { channel: 'webhook', code: 'ph' }),
            headers: { ...bearer(admin), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
            remoteAddress: from(),
          });
          expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(400);
          const named = fields(res);
          if ('name' in body) expect(named, what).toContain('name');
          if ('items' in body) expect(named, what).toContain('items.1.note');
        }
      }
    }
  }, 60_000);

  it('is refused in every query string, and NUL in every path parameter', async () => {
    for (const r of routes().filter((x) => x.endpoint?.query)) {
      const res = await t.inject({
        method: r.method as 'GET',
        url: `${fill(r.url)}?keyword=a%00b`,
        headers: bearer(admin),
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.key}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(fields(res), r.key).toContain('querystring.keyword');
    }
    for (const r of routes().filter((x) => paramsOf(x.url).length > 0)) {
      const res = await t.inject({
        method: r.method as 'GET',
        url: fill(r.url, {}, '1\u0000'),
        headers: bearer(admin),
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.key}: ${res.body.slice(0, 300)}`).toBe(400);
    }
  });

  it('answers the device rename of the issue with 400 naming the field, in the caller language', async () => {
    const res = await t.call('PUT', '/api/devices/1', admin, { name: '\ud800' }, 'en-US');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toContainEqual({
      field: 'name',
      message: 'Contains an invalid character (a lone UTF-16 surrogate or NUL)',
    });
  });

  it('keeps the operation-log row of a failed write whatever text it carried', async () => {
    const params = maskSecrets({ name: '\ud800', note: 'a\u0000b', 'k\udc00': ['\ud83d\udca7', 'x\ud800'] });
    expect(params).toEqual({ name: '\uFFFD', note: 'a\uFFFDb', 'k\uFFFD': ['\ud83d\udca7', 'x\uFFFD'] });
    const [row] = await t.database.db
      .insert(operationLog)
      .values({
        module: 'devices',
        action: 'update',
        method: 'PUT',
        path: '/x',
        params,
        result: 'failure',
        createdAt: new Date(),
      })
      .returning({ id: operationLog.id });
    expect(row?.id).toBeGreaterThan(0);
  });
});

describe('a write without a body', () => {
  it('answers like the same write with {} on every route (bodies absent, or empty under a JSON type)', async () => {
    for (const r of writes()) {
      // Signing out would end the administrator's session for the rest of this file.
      if (r.key === 'POST /api/user/logout') continue;
      // A record that is not there: the handlers that run change nothing.
      const url = fill(r.url, {}, '999999');
      const send = (extra: object) =>
        t.inject({
          method: r.method as 'POST',
          url,
          remoteAddress: from(),
          ...extra,
          headers: { ...bearer(admin), ...(extra as { headers?: object }).headers },
        });
      const none = await send({});
      const empty = await send({ headers: { 'content-type': 'application/json' }, payload: '' });
      const braces = await send({ payload: {} });
      for (const [what, res] of [
        ['none', none],
        ['empty', empty],
        ['{}', braces],
      ] as const)
        expectNo5xx(res, `${r.key} ${what}`);
      expect([none.statusCode, empty.statusCode], `${r.key}: ${none.body} / ${empty.body} / ${braces.body}`).toEqual([
        braces.statusCode,
        braces.statusCode,
      ]);
    }
  }, 60_000);

  it('answers the spec call POST /api/message/list sent without a body with the first page', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/message/list', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(200);
  });
});

describe('a write refused to a signed-in user', () => {
  it('leaves an operation-log row with result "denied" for every audited guarded write, and none for a read', async () => {
    const denied = async () =>
      (await t.database.db.execute(
        sql`select count(*)::int as n from operation_log where result = 'denied'`,
      )) as unknown as {
        rows: { n: number }[];
      };
    const before = (await denied()).rows[0]?.n ?? 0;
    const guarded = routes().filter((r) => typeof r.access === 'object');
    const audited = guarded.filter((r) => r.method !== 'GET' && r.audit);
    expect(audited.length).toBeGreaterThan(30);
    for (const r of guarded) {
      const res = await t.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: bearer(nobody),
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, r.key).toBe(403);
    }
    expect((await denied()).rows[0]?.n).toBe(before + audited.length);
    const rows = await t.call('GET', '/api/system/logs/operations?result=denied&pageSize=200', admin);
    expect(rows.statusCode).toBe(200);
    const list = rows.json().data.list as { username: string; result: string; method: string }[];
    expect(list.length).toBe(before + audited.length);
    expect(list.every((l) => l.username === 'nobody' && l.result === 'denied' && l.method !== 'GET')).toBe(true);
  });
});

describe('multipart bodies', () => {
  const boundary = '----edge';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const MALFORMED: [string, { headers: Record<string, string>; payload: string | Buffer }][] = [
    ['no boundary', { headers: { 'content-type': 'multipart/form-data' }, payload: `${head}x\r\n--${boundary}--\r\n` }],
    [
      'cut short',
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `${head}\x89PNG` },
    ],
    [
      'no closing',
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `--${boundary}\r\n` },
    ],
    [
      'header broken',
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition\r\n`,
      },
    ],
  ];

  // An upload to a record reads the file only once the record takes one: a draft notice, an image
  // item, an entry of a device in service, a station. Every upload route to a record needs its target here.
  const TARGETS: Record<string, string> = {
    'POST /api/notices/:id/attachments': `select id from notices where status = 'draft' order by id limit 1`,
    'POST /api/content/:id/file': `select id from content_items where type = 'image' order by id limit 1`,
    'POST /api/device-archives/:id/attachments': `select e.id from device_archive_entries e join devices d on d.id = e.device_id
      where d.archived_at is null and (select count(*) from device_archive_attachments a where a.entry_id = e.id) < 10 order by e.id limit 1`,
    'POST /api/pump-stations/:id/photos': `select s.id from stations s
      where (select count(*) from station_photos p where p.station_id = s.id) < 20 order by s.id limit 1`,
  };

  it('is answered with 400 on every upload route when it has no boundary or is cut short, never a 5xx', async () => {
    await t.call('POST', '/api/notices', admin, {
      title: '停水通知',
      contentHtml: '<p>x</p>',
      audience: { type: 'all' },
    });
    const uploads = writes().filter((r) => r.endpoint?.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(6);
    for (const r of uploads) {
      let id = '1';
      if (paramsOf(r.url).length > 0) {
        expect(TARGETS[r.key], `${r.key} needs a target in TARGETS`).toBeDefined();
        const res = (await t.database.db.execute(sql.raw(TARGETS[r.key] as string))) as unknown as {
          rows: { id: number }[];
        };
        expect(res.rows[0], `${r.key}: no target`).toBeDefined();
        id = String(res.rows[0]?.id);
      }
      for (const [what, body] of MALFORMED) {
        const res = await t.inject({
          method: 'POST',
          url: fill(r.url, {}, id),
          payload: body.payload,
          headers: { ...bearer(admin), ...body.headers },
        });
        expect(res.statusCode, `${r.key} ${what}: ${res.body}`).toBe(400);
      }
    }
  }, 60_000);

  it('never answers 5xx on a route that takes no file', async () => {
    for (const r of writes().filter((x) => !x.endpoint?.upload && x.key !== 'POST /api/user/logout')) {
      for (const [what, body] of MALFORMED) {
        const res = await t.inject({
          method: r.method as 'POST',
          url: fill(r.url, {}, '999999'),
          payload: body.payload,
          headers: { ...bearer(admin), ...body.headers },
          remoteAddress: from(),
        });
        expectNo5xx(res, `${r.key} ${what}`);
      }
    }
  }, 60_000);
});

describe('stored file names', () => {
  it('lose bidirectional and other control characters', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061Cb.pdf')).toBe('ab.pdf');
    expect(cleanFileName('C:\\x\\re\u0000p\u0007o\u001Fr\u0085t\u007F.pdf')).toBe('report.pdf');
    expect(cleanFileName('水位\ud800.pdf')).toBe('水位.pdf');
    expect(cleanFileName('\u202E')).toBe('file');
  });

  it('are stored clean by the upload routes', async () => {
    const res = (await t.database.db.execute(
      sql`select id from notices where status = 'draft' order by id limit 1`,
    )) as unknown as { rows: { id: number }[] };
    const upload = multipart('%PDF-1.4\n', '水位\u202Efdp.exe', 'application/pdf');
    const attached = await t.inject({
      method: 'POST',
      url: `/api/notices/${res.rows[0]?.id}/attachments`,
      payload: upload.payload,
      headers: { ...bearer(admin), ...upload.headers },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.name).toBe('水位fdp.exe');
  });
});

/** Every string a body schema accepts, by its dotted path (`*` for array items and record values). */
function stringFields(schema: z.ZodType, path = ''): [string, z.ZodType][] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string, suffix = '') => stringFields(def[key] as z.ZodType, `${path}${suffix}`);
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
        stringFields(v, path ? `${path}.${k}` : k),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner('innerType');
    case 'array':
      return inner('element', '.*');
    case 'record':
      return inner('valueType', '.*');
    case 'pipe':
      return inner('in');
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => stringFields(o, path));
    default:
      return [];
  }
}

// Body fields that may hold markup, reviewed one by one: rich text (sanitised HTML), secrets and
// sign-in input (never shown), and codes, keys and technical values (matched against stored ones,
// never shown as text of their own). A name, title or description is never here.
const KEEPS_MARKUP = new Set([
  'bodyHtml',
  'contentHtml',
  'password',
  'oldPassword',
  'username',
  'captchaId',
  'captchaCode',
  'role',
  'roleCodes.*',
  'audience.codes.*',
  'categoryCode',
  'creditCode',
  'features.*.properties.parentCode',
  'model.metrics.*.options.*.value',
  'model.commands.*.params.*.options.*.value',
  'icon',
  'locale',
  'path',
  // Alarm rules: a condition's value is matched against readings (an enum's is one of its options),
  // role codes must exist, and an imported file's export time is not kept.
  'groups.*.conditions.*.value',
  'recipients.roleCodes.*',
  'escalation.recipients.roleCodes.*',
  'exportedAt',
  // Notification channels: a robot's or webhook's signing secret is never shown. A push's audience:
  // role codes are matched against the roles, like an alarm rule's recipients.
  'secret',
  'audience.roleCodes.*',
  // Cameras: stream addresses and ids matched against what the video host knows (a URL is checked for
  // its scheme and probed, never shown as markup), write-only secrets; a platform's API address, key
  // and secret likewise.
  'url',
  'serial',
  'gbDeviceId',
  'gbChannelId',
  'verifyCode',
  'apiUrl',
  'appKey',
  'appSecret',
]);

describe('plain-text fields', () => {
  it('follow one rule: text kept verbatim, markup tags refused', () => {
    const field = plainText(100);
    for (const ok of ['a < b', '<5 mg/L', 'x<=y', 'Tom & Jerry', '"quoted" \'single\'', '=1+2']) {
      expect(field.safeParse(ok), ok).toEqual({ success: true, data: ok });
    }
    for (const bad of ['<b>x</b>', 'a</p>', '<!-- x -->', '<?xml?>', '<img src=x onerror=alert(1)>', '<script>']) {
      expect(field.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('is the rule of every string field of every body, but the reviewed ones that may hold markup', () => {
    const keeps = new Set<string>();
    let checked = 0;
    for (const r of writes().filter((x) => x.endpoint?.body)) {
      for (const [path, schema] of stringFields(r.endpoint?.body as z.ZodType)) {
        checked++;
        if (schema.safeParse('<b>x</b>').success) keeps.add(path);
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect([...keeps].sort()).toEqual([...KEEPS_MARKUP].sort());
  });

  it('refuses markup in a device name with a message in the caller language', async () => {
    const res = await t.call('PUT', '/api/devices/1', admin, { name: '<b>泵站</b>' }, 'en-US');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toContainEqual({
      field: 'name',
      message: 'Must not contain HTML tags (such as <b>, </p>, <!-- -->)',
    });
  });
});
