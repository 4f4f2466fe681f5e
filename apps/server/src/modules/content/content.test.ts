import { contentApi } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems, contentViews, seedMarks } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/index.ts';
import {
  bearer,
  createTestApp,
  resetDatabase,
  TEST_DATA_DIR,
  TEST_START,
  type TestApp,
} from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';
import { formatClicks } from './content.service.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await t.login();
  user = await t.login('user', 'User@2026');
});

describe('Workplace content widgets', () => {
  it('gives 8 daily points ending today (Beijing time), from real view rows', async () => {
    const points = (await t.call(contentApi.contentData, { token: user })).json().data as { x: string; y: number }[];
    expect(points).toHaveLength(8);
    expect(points.at(-1)?.x).toBe('2026-06-01');
    expect(points[0]?.x).toBe('2026-05-25');
    const total = points.reduce((s, p) => s + p.y, 0);
    expect(total).toBeGreaterThan(0);
    // opening an item adds one to today's point
    const [item] = await t.database.db.select().from(contentItems).where(eq(contentItems.type, 'text')).limit(1);
    await t.call(contentApi.get, { params: { id: item!.id }, token: user });
    const after = (await t.call(contentApi.contentData, { token: user })).json().data as { y: number }[];
    expect(after.at(-1)!.y).toBe(points.at(-1)!.y + 1);
  });

  it('lists 5 popular items of each type, each of its own type', async () => {
    for (const type of ['text', 'image', 'video'] as const) {
      const list = (await t.call(contentApi.popular, { query: { type }, token: user })).json().data as {
        key: string;
      }[];
      expect(list, type).toHaveLength(5);
      const rows = await t.database.db.select().from(contentItems);
      const mine = rows.filter((r) => r.type === type && r.status === 'published');
      // The seed has more than five of each, so the list is a choice: the most viewed, in order.
      expect(mine.length, type).toBeGreaterThan(5);
      for (const item of list) expect(rows.find((r) => String(r.id) === item.key)?.type, type).toBe(type);
      const ranked = mine.sort((a, b) => b.viewCount - a.viewCount || a.id - b.id).slice(0, 5);
      expect(list.map((i) => i.key)).toEqual(ranked.map((r) => String(r.id)));
    }
    const def = (await t.call(contentApi.popular, { token: user })).json().data;
    expect(def).toHaveLength(5);
    expect(def[0]).toEqual({
      key: expect.any(String),
      clickNumber: expect.any(String),
      title: expect.any(String),
      increases: expect.any(Number),
    });
    // the seeded views span both weeks: the trend is a real comparison, not a constant
    const trends = new Set(def.map((i: { increases: number }) => i.increases));
    expect(trends.size).toBeGreaterThan(1);
    // A type the contract does not know: sent as a raw address, past the typed call.
    expect(
      (await t.inject({ method: 'GET', url: '/api/popular/list?type=audio', headers: bearer(user) })).statusCode,
    ).toBe(400);
  });

  it('formats click numbers per language', () => {
    expect(formatClicks(3_463_000, 'zh-CN')).toBe('346.3w+');
    expect(formatClicks(3_463_000, 'en-US')).toBe('3.46M+');
    expect(formatClicks(4200, 'en-US')).toBe('4.2k+');
    expect(formatClicks(420, 'zh-CN')).toBe('420');
  });

  it('shares published content by category, in the caller language, adding to 100', async () => {
    const zh = (await t.call(contentApi.categoryShare, { token: user })).json().data as {
      name: string;
      percent: number;
      count: number;
    }[];
    expect(zh.map((c) => c.name)).toContain('操作规程');
    expect(Math.round(zh.reduce((s, c) => s + c.percent, 0))).toBe(100);
    expect(zh.reduce((s, c) => s + c.count, 0)).toBe(20);
    const en = (await t.call(contentApi.categoryShare, { token: user, lang: 'en-US' })).json().data as {
      name: string;
    }[];
    expect(en.map((c) => c.name)).toContain('Operating procedures');
  });
});

describe('content library', () => {
  const article = {
    type: 'text' as const,
    categoryCode: 'sop',
    title: '格栅清捞作业指导',
    summary: '',
    bodyHtml: '<p>步骤</p><script>x()</script>',
    status: 'draft' as const,
  };

  it('lets an editor create, publish and delete, sanitising the body; readers see published items only', async () => {
    const created = (await t.call(contentApi.create, { body: article, token: admin })).json();
    expect(created.data.bodyHtml).toBe('<p>步骤</p>');
    const id = created.data.id;
    expect((await t.call(contentApi.get, { params: { id }, token: user })).statusCode).toBe(404);
    const listed = (await t.call(contentApi.list, { query: { pageSize: 100 }, token: user })).json().data;
    expect(listed.list.every((i: { status: string }) => i.status === 'published')).toBe(true);
    const published = await t.call(contentApi.update, {
      params: { id },
      body: { ...article, status: 'published' },
      token: admin,
    });
    expect(published.json().data.status).toBe('published');
    const opened = (await t.call(contentApi.get, { params: { id }, token: user })).json().data;
    expect(opened.viewCount).toBe(1);
    expect(await t.database.db.select().from(contentViews).where(eq(contentViews.itemId, id))).toHaveLength(1);
    expect((await t.call(contentApi.remove, { params: { id }, token: admin })).json().code).toBe(200);
  });

  it('refuses a plain user writing, an unknown category, and a file that is not what it claims', async () => {
    expect((await t.call(contentApi.create, { body: article, token: user })).statusCode).toBe(403);
    const badCat = await t.call(contentApi.create, { body: { ...article, categoryCode: 'nope' }, token: admin });
    expect(badCat.json().code).toBe(50000);
    const [image] = await t.database.db.select().from(contentItems).where(eq(contentItems.type, 'image')).limit(1);
    const upload = multipart('<svg onload=alert(1)>', 'a.png', 'image/png');
    const res = await t.inject({
      method: 'POST',
      url: `/api/content/${image!.id}/file`,
      headers: { ...bearer(admin), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it('lists the categories in the caller language, for the editor form', async () => {
    const zh = (await t.call(contentApi.categories, { token: user })).json().data as { code: string; name: string }[];
    expect(zh).toContainEqual({ code: 'sop', name: '操作规程' });
    const en = (await t.call(contentApi.categories, { token: user, lang: 'en-US' })).json().data as {
      code: string;
      name: string;
    }[];
    expect(en.map((c) => c.code)).toEqual(zh.map((c) => c.code));
    expect(en).toContainEqual({ code: 'sop', name: 'Operating procedures' });
  });

  it('serves the seeded demo images, generated, with nosniff', async () => {
    const items = (await t.call(contentApi.list, { query: { type: 'image' }, token: user })).json().data.list as {
      fileUrl: string;
    }[];
    expect(items.length).toBe(6);
    const file = await t.inject({ method: 'GET', url: items[0]!.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('ships the training clips as real WebM files, seekable by range like any video', async () => {
    const items = (await t.call(contentApi.list, { query: { type: 'video' }, token: user })).json().data.list as {
      fileUrl: string;
    }[];
    expect(items).toHaveLength(6);
    for (const item of items) expect(item.fileUrl).toMatch(/^\/uploads\/content\/demo-training-\d\.webm$/);
    expect(new Set(items.map((i) => i.fileUrl)).size).toBe(6);
    const file = await t.inject({ method: 'GET', url: items[0]!.fileUrl });
    expect(file.headers['content-type']).toBe('video/webm');
    expect(file.rawPayload.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    const part = await t.inject({ method: 'GET', url: items[0]!.fileUrl, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
  });

  it('adds the later demo items to a library seeded before them, once, and never brings back a deleted one', async () => {
    const db = t.database.db;
    const later = ['格栅除污机操作演示', '管道 CCTV 检测入门', '闸阀启闭操作要点', '泵站配电系统单线图'];
    // A library as it was before the second batch: its items and marks absent.
    await db.delete(contentItems).where(inArray(contentItems.title, later));
    await db.delete(seedMarks).where(inArray(seedMarks.key, ['content:demo-2', 'content:demo-videos-2']));
    // An administrator's own changes to the first batch.
    await db.delete(contentItems).where(eq(contentItems.title, '液位计校准教学'));
    await db.update(contentItems).set({ title: '潜水泵检修（新版）' }).where(eq(contentItems.title, '潜水泵检修培训'));

    await seed(db, { demo: true, dataDir: TEST_DATA_DIR, now: TEST_START });
    await seed(db, { demo: true, dataDir: TEST_DATA_DIR, now: TEST_START });

    const rows = await db.select().from(contentItems);
    for (const title of later)
      expect(
        rows.filter((r) => r.title === title),
        title,
      ).toHaveLength(1);
    const clip = rows.find((r) => r.title === '管道 CCTV 检测入门')!;
    expect(clip).toMatchObject({ type: 'video', filePath: 'content/demo-training-5.webm', fileType: 'video/webm' });
    expect(clip.viewCount).toBeGreaterThan(0);
    expect(rows.find((r) => r.title === '泵站配电系统单线图')?.filePath).toBe('content/demo-6.png');
    expect(rows.filter((r) => r.title === '液位计校准教学')).toHaveLength(0);
    expect(rows.filter((r) => r.title === '潜水泵检修培训')).toHaveLength(0);
    expect(rows.filter((r) => r.type === 'video')).toHaveLength(5);
  });
});
