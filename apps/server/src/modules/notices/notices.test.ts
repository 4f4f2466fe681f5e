import { contentApi, messagesApi, type NoticeInput, noticesApi } from '@water/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { departments, messages, noticeAttachments, notices, operationLog } from '../../db/schema/index.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { multipart } from '../../testing/multipart.ts';

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

const call: TestApp['call'] = (...args) => t.call(...args);
const draft: NoticeInput = {
  title: '关于城东片区计划停水的通知',
  contentHtml:
    '<p onclick="steal()">因管网改造，<strong>11 月 25 日</strong> 停水。</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="/uploads/a1b2c3.png" onerror="alert(3)">',
  level: 1,
  audience: { type: 'roles', codes: ['user'] },
};

describe('notices', () => {
  it('stores a script-bearing notice without the script, and publishes it to the audience in one go', async () => {
    const created = (await call(noticesApi.create, { body: draft, token: admin })).json();
    expect(created.code).toBe(200);
    const html = created.data.contentHtml as string;
    expect(html).toContain('<strong>11 月 25 日</strong>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    const id = created.data.id;
    // a draft reaches nobody
    expect((await call(messagesApi.list, { body: {}, token: user })).json().data).toHaveLength(0);

    const published = (await call(noticesApi.publish, { params: { id }, token: admin })).json();
    expect(published.data).toMatchObject({ status: 'published', recipients: 4, reads: 0 });
    const box = (await call(messagesApi.list, { body: {}, token: user })).json().data;
    expect(box).toHaveLength(1);
    expect(box[0]).toMatchObject({ type: 'notice', title: draft.title, messageType: 1 });
    expect(box[0].content).toBe('因管网改造，11 月 25 日 停水。x');

    await call(messagesApi.read, { body: { ids: [box[0].id] }, token: user });
    const listed = (await call(noticesApi.list, { token: admin })).json().data;
    expect(listed.list[0]).toMatchObject({ id, recipients: 4, reads: 1 });
    const announcements = (await call(noticesApi.announcements, { token: user })).json().data;
    expect(announcements).toEqual([
      expect.objectContaining({ id, title: draft.title, read: true, messageId: box[0].id }),
    ]);
    // a recipient may read it; publishing twice is refused
    expect((await call(noticesApi.get, { params: { id }, token: user })).json().data.contentHtml).toBe(html);
    expect((await call(noticesApi.publish, { params: { id }, token: admin })).statusCode).toBe(409);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.module, 'notices'))
      .orderBy(operationLog.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'publish', 'publish']);
    expect(logs[2]?.result).toBe('failure');
  });

  it('refuses remote images (tracking pixels) in notices and articles, naming the field, and keeps its own', async () => {
    for (const img of [
      '<img src="https://tracker.example/p.gif?u=1">',
      '<IMG SRC=http://tracker.example/p.gif>',
      '<img src="//tracker.example/p.gif">',
      '<img/src="https://tracker.example/p.gif">',
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
      '<img src="/uploads/../api/users">',
    ]) {
      const res = await call(noticesApi.create, {
        body: { ...draft, contentHtml: `<p>停水</p>${img}` },
        token: admin,
        lang: 'en-US',
      });
      expect(res.statusCode, img).toBe(400);
      expect(res.json().data.errors).toEqual([
        { field: 'contentHtml', message: expect.stringMatching(/Images from other sites/) },
      ]);
    }
    const article = await call(contentApi.create, {
      body: {
        type: 'text',
        categoryCode: 'sop',
        title: '有限空间作业',
        summary: '',
        bodyHtml: '<p>x</p><img src="https://tracker.example/p.gif">',
      },
      token: admin,
    });
    expect(article.statusCode).toBe(400);
    expect(article.json().data.errors[0].field).toBe('bodyHtml');
    const own = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    expect(own.contentHtml).toContain('<img src="/uploads/a1b2c3.png" />');
    expect(await t.database.db.select().from(notices)).toHaveLength(1);
  });

  it('delivers to a department and everything below it', async () => {
    const [drainage] = await t.database.db.select().from(departments).where(eq(departments.name, '排水管理部'));
    const created = (
      await call(noticesApi.create, {
        body: { ...draft, audience: { type: 'departments', ids: [drainage!.id] } },
        token: admin,
      })
    ).json().data;
    const published = (await call(noticesApi.publish, { params: { id: created.id }, token: admin })).json().data;
    expect(published.recipients).toBe(1);
    expect((await call(messagesApi.list, { body: {}, token: user })).json().data).toHaveLength(1);
    expect((await call(messagesApi.list, { body: {}, token: admin })).json().data).toHaveLength(0);
  });

  it('withdraws: the messages leave every box; then it can be deleted', async () => {
    const { id } = (
      await call(noticesApi.create, { body: { ...draft, audience: { type: 'all' } }, token: admin })
    ).json().data;
    await call(noticesApi.publish, { params: { id }, token: admin });
    expect((await t.database.db.select().from(messages)).length).toBe(4);
    expect((await call(noticesApi.remove, { params: { id }, token: admin })).statusCode).toBe(409);
    expect((await call(noticesApi.withdraw, { params: { id }, token: admin })).json().data.status).toBe('withdrawn');
    expect(await t.database.db.select().from(messages)).toHaveLength(0);
    expect((await call(noticesApi.get, { params: { id }, token: user })).statusCode).toBe(404);
    expect((await call(noticesApi.remove, { params: { id }, token: admin })).json().code).toBe(200);
    expect(await t.database.db.select().from(notices)).toHaveLength(0);
  });

  it('edits a draft with PUT, sanitising again, and logs what it was and what it became', async () => {
    const { id } = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    const edit: NoticeInput = {
      title: '关于城东片区停水时间调整的通知',
      contentHtml: '<p>停水改为 <em>11 月 26 日</em>。</p><script>alert(4)</script>',
      level: 3,
      audience: { type: 'all' },
    };
    const res = await call(noticesApi.update, { params: { id }, body: edit, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      status: 'draft',
      title: edit.title,
      level: 3,
      audience: { type: 'all' },
      contentHtml: '<p>停水改为 <em>11 月 26 日</em>。</p>',
    });
    expect((await call(noticesApi.get, { params: { id }, token: admin })).json().data).toMatchObject({
      title: edit.title,
      level: 3,
      contentHtml: '<p>停水改为 <em>11 月 26 日</em>。</p>',
    });
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notices'), eq(operationLog.action, 'update')));
    expect(log).toMatchObject({ result: 'success', targetId: String(id) });
    expect(log?.before).toMatchObject({ title: draft.title, level: 1, audience: draft.audience });
    expect(log?.after).toMatchObject({ title: edit.title, level: 3, audience: { type: 'all' } });
    // The edited audience is the one published to: every demo user, not only the user role.
    expect((await call(noticesApi.publish, { params: { id }, token: admin })).json().data.recipients).toBeGreaterThan(
      0,
    );
    expect((await call(messagesApi.list, { body: {}, token: admin })).json().data).toHaveLength(1);
  });

  it('refuses to edit a published notice: 409 in the caller language, nothing changed', async () => {
    const { id } = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    await call(noticesApi.publish, { params: { id }, token: admin });
    const res = await call(noticesApi.update, {
      params: { id },
      body: { ...draft, title: '改过的标题' },
      token: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg: '通知当前状态不允许此操作', data: null });
    const en = await call(noticesApi.update, {
      params: { id },
      body: { ...draft, title: '改过的标题' },
      token: admin,
      lang: 'en-US',
    });
    expect(en.json()).toEqual({ code: 409, msg: 'The notice is not in a state that allows this', data: null });
    const stored = (await call(noticesApi.get, { params: { id }, token: admin })).json().data;
    expect(stored).toMatchObject({ title: draft.title, status: 'published' });
    expect((await call(messagesApi.list, { body: {}, token: user })).json().data[0].title).toBe(draft.title);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notices'), eq(operationLog.action, 'update')));
    expect(logs.map((l) => l.result)).toEqual(['failure', 'failure']);
  });

  it('a publish that fails after the messages are written leaves neither the published state nor any message', async () => {
    const { id } = (
      await call(noticesApi.create, { body: { ...draft, audience: { type: 'all' } }, token: admin })
    ).json().data;
    const pushed = vi.spyOn(t.app.realtime, 'toUser');
    // The last statement of publishing (the notice's own state) fails, after every message row was
    // inserted: only the transaction can undo them.
    await t.database.db.execute(
      sql.raw(`alter table notices add constraint test_publish_fails check (status <> 'published') not valid`),
    );
    try {
      const res = await call(noticesApi.publish, { params: { id }, token: admin });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500, data: null });
    } finally {
      await t.database.db.execute(sql.raw('alter table notices drop constraint test_publish_fails'));
    }
    const [notice] = await t.database.db.select().from(notices).where(eq(notices.id, id));
    expect(notice).toMatchObject({ status: 'draft', publishedAt: null });
    expect(await t.database.db.select().from(messages)).toHaveLength(0);
    for (const token of [admin, user]) {
      expect((await call(messagesApi.list, { body: {}, token })).json().data).toHaveLength(0);
    }
    // Nobody was told of the messages that never were.
    expect(pushed).not.toHaveBeenCalled();
    pushed.mockRestore();
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notices'), eq(operationLog.action, 'publish')));
    expect(logs.map((l) => l.result)).toEqual(['failure']);
    // Once the fault is gone the same draft publishes normally.
    expect((await call(noticesApi.publish, { params: { id }, token: admin })).json().data.status).toBe('published');
    const delivered = await t.database.db.select().from(messages);
    expect(delivered).toHaveLength(4);
    // Sequences are not rolled back: the failed attempt did write its four rows before it failed.
    expect(Math.min(...delivered.map((m) => m.id))).toBe(5);
  });

  it('refuses a plain user publishing or listing, and hides drafts from them', async () => {
    const { id } = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    const refused = {
      create: () => call(noticesApi.create, { body: draft, token: user }),
      update: () => call(noticesApi.update, { params: { id }, body: draft, token: user }),
      publish: () => call(noticesApi.publish, { params: { id }, token: user }),
      list: () => call(noticesApi.list, { token: user }),
    };
    for (const [name, request] of Object.entries(refused)) {
      const res = await request();
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code).toBe(403);
    }
    expect((await call(noticesApi.get, { params: { id }, token: user })).statusCode).toBe(404);
    expect((await t.database.db.select().from(notices))[0]?.status).toBe('draft');
  });

  it('validates input: empty title, oversized content, unknown audience, an audience nobody is in', async () => {
    const cases = [
      { ...draft, title: '  ' },
      { ...draft, contentHtml: 'x'.repeat(100_001) },
      { ...draft, audience: { type: 'planet' } },
      { ...draft, audience: { type: 'departments', ids: [] } },
      { ...draft, level: 2 },
    ];
    // by address: an unknown audience type (planet) is no body the contract's types take
    for (const body of cases) expect((await call('POST', '/api/notices', admin, body)).statusCode).toBe(400);
    const { id } = (
      await call(noticesApi.create, {
        body: { ...draft, audience: { type: 'roles', codes: ['nobody'] } },
        token: admin,
      })
    ).json().data;
    const res = await call(noticesApi.publish, { params: { id }, token: admin });
    expect(res.json().code).toBe(50000);
    expect((await t.database.db.select().from(notices))[0]?.status).toBe('draft');
    expect((await call(noticesApi.get, { params: { id: 999999 }, token: admin })).statusCode).toBe(404);
    expect((await call(noticesApi.get, { params: { id: 'abc' }, token: admin })).statusCode).toBe(400);
  });
});

describe('notice attachments', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
  const attach = (id: number, token: string, file = multipart(pdf, '停水范围图.pdf', 'application/pdf')) =>
    t.inject({
      method: 'POST',
      url: `/api/notices/${id}/attachments`,
      headers: { ...bearer(token), ...file.headers },
      payload: file.payload,
    });

  it('attaches a document to a draft; recipients download it with its name once published, others never', async () => {
    const { id } = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    const added = (await attach(id, admin)).json();
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ name: '停水范围图.pdf', type: 'application/pdf', size: pdf.length });
    const attachment = { id, attachmentId: added.data.id };
    // not yet published: a recipient-to-be gets nothing
    expect((await call(noticesApi.downloadAttachment, { params: attachment, token: user })).statusCode).toBe(404);
    await call(noticesApi.publish, { params: { id }, token: admin });
    expect((await call(noticesApi.get, { params: { id }, token: user })).json().data.attachments).toEqual([added.data]);
    const file = await call(noticesApi.downloadAttachment, { params: attachment, token: user });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('停水范围图.pdf')}`);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // published: its attachments are fixed
    expect((await attach(id, admin)).statusCode).toBe(409);
    expect((await call(noticesApi.removeAttachment, { params: attachment, token: admin })).statusCode).toBe(409);
    // a user it did not reach (the audience is the user role) cannot fetch it, nor guess its way in
    const other = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    expect(
      (
        await call(noticesApi.downloadAttachment, {
          params: { id: other.id, attachmentId: added.data.id },
          token: admin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(noticesApi.downloadAttachment, { params: { id, attachmentId: 'abc' }, token: user })).statusCode,
    ).toBe(400);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'attach'))
      .orderBy(operationLog.id);
    expect(logs.map((l) => l.result)).toEqual(['success', 'failure']);
  });

  it('refuses a plain user attaching, a disguised file, an oversized one, and more than ten', async () => {
    const { id } = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    expect((await attach(id, user)).statusCode).toBe(403);
    const script = await attach(id, admin, multipart('<script>alert(1)</script>', 'x.pdf', 'application/pdf'));
    expect(script.statusCode).toBe(415);
    // a ZIP is only an Office file when its name says so
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect((await attach(id, admin, multipart(zip, 'a.zip', 'application/zip'))).statusCode).toBe(415);
    expect((await attach(id, admin, multipart(zip, '排班表.xlsx', 'application/octet-stream'))).statusCode).toBe(200);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await attach(id, admin, multipart(big, 'big.pdf', 'application/pdf'))).statusCode).toBe(413);
    for (let i = 0; i < 9; i++) expect((await attach(id, admin)).statusCode).toBe(200);
    const eleventh = await attach(id, admin);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().msg).toContain('10');
    expect(await t.database.db.select().from(noticeAttachments)).toHaveLength(10);
  });

  it('removes an attachment from a draft, and the files go with a deleted notice', async () => {
    const { id } = (await call(noticesApi.create, { body: draft, token: admin })).json().data;
    const a = (await attach(id, admin)).json().data;
    const b = (await attach(id, admin)).json().data;
    expect(
      (await call(noticesApi.removeAttachment, { params: { id, attachmentId: a.id }, token: admin })).json().code,
    ).toBe(200);
    expect((await call(noticesApi.get, { params: { id }, token: admin })).json().data.attachments).toEqual([b]);
    expect(
      (await call(noticesApi.removeAttachment, { params: { id, attachmentId: a.id }, token: admin })).statusCode,
    ).toBe(404);
    expect((await call(noticesApi.remove, { params: { id }, token: admin })).json().code).toBe(200);
    expect(await t.database.db.select().from(noticeAttachments)).toHaveLength(0);
    expect(
      (await call(noticesApi.downloadAttachment, { params: { id, attachmentId: b.id }, token: admin })).statusCode,
    ).toBe(404);
  });
});
