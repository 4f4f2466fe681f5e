import {
  isRobotChannel,
  LOCALES,
  NOTIFY_CHANNELS,
  NOTIFY_PURPOSES,
  type NotifyTemplate,
  type NotifyTemplateInput,
  notifyApi,
  SMS_MAX_SEGMENTS,
} from '@water/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifyTemplates, operationLog } from '../../db/schema/index.ts';
import { defaultTemplate } from '../../db/seed/notify-templates.ts';
import { createTestApp, resetDatabase, type TestApp } from '../../testing/build-app.ts';
import { signInWithoutPermissions } from '../../testing/fixtures.ts';
import { loadTemplates } from './templates.repository.ts';
import { checkTemplate } from './templates.service.ts';

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

const list = async (token = admin, query: { purpose?: string; channel?: string } = {}) =>
  (await t.call(notifyApi.templates, { token, query: query as never })).json().data as NotifyTemplate[];

async function template(purpose: string, channel: string): Promise<NotifyTemplate> {
  const found = (await list(admin, { purpose, channel }))[0];
  if (!found) throw new Error(`no template ${purpose}/${channel}`);
  return found;
}

const input = (tpl: NotifyTemplate, change: Partial<NotifyTemplateInput> = {}): NotifyTemplateInput => ({
  enabled: tpl.enabled,
  title: tpl.title,
  body: tpl.body,
  fallback: tpl.fallback,
  ...change,
});

const both = (text: string) => ({ 'zh-CN': text, 'en-US': text });

describe('the seeded templates', () => {
  it('are one per purpose and channel in both languages, with SMS on only where someone must act', async () => {
    const all = await list();
    expect(all).toHaveLength(NOTIFY_PURPOSES.length * NOTIFY_CHANNELS.length);
    for (const p of NOTIFY_PURPOSES) {
      for (const c of NOTIFY_CHANNELS) {
        const tpl = all.find((x) => x.purpose === p && x.channel === c);
        expect(tpl, `${p}/${c}`).toBeDefined();
        expect(tpl!.isDefault).toBe(true);
        for (const l of LOCALES) expect(tpl!.body[l].length, `${p}/${c}/${l}`).toBeGreaterThan(0);
        expect(tpl!.title['zh-CN'] === '', `${p}/${c} has a title unless SMS`).toBe(c === 'sms');
      }
    }
    const sms = Object.fromEntries(all.filter((x) => x.channel === 'sms').map((x) => [x.purpose, x.enabled]));
    expect(sms).toEqual({
      'alarm.raised': true,
      'alarm.escalated': true,
      'alarm.reminder': false,
      'alarm.cleared': false,
      'workorder.todo': true,
      manual: true,
    });
    expect(all.filter((x) => x.channel === 'inApp').every((x) => x.enabled)).toBe(true);
    expect(await list(admin, { purpose: 'manual' })).toHaveLength(NOTIFY_CHANNELS.length);
  });

  it('use only their purpose’s variables, and each SMS renders as one segment with the sample values', () => {
    for (const purpose of NOTIFY_PURPOSES) {
      for (const channel of NOTIFY_CHANNELS) {
        const { preview, issues } = checkTemplate({ purpose, channel, ...defaultTemplate(purpose, channel) });
        expect(issues, `${purpose}/${channel}`).toEqual([]);
        if (channel === 'sms') {
          for (const l of LOCALES) expect(preview.sms?.[l].segments, `${purpose}/${l}`).toBe(1);
        }
        // Nothing left unrendered: every {name} had a sample.
        for (const l of LOCALES) expect(preview.rendered[l].body).not.toMatch(/\{[A-Za-z]\w*\}/);
        if (isRobotChannel(channel)) {
          expect(preview.rendered['zh-CN'].body).toContain('](/#/');
          // DingTalk's title is only its notification preview; WeCom and Feishu show it above the markdown.
          expect(preview.rendered['en-US'].body.startsWith('### '), `${purpose}/${channel}`).toBe(
            channel === 'dingtalk',
          );
        }
      }
    }
  });

  it('are what the planner reads through loadTemplates', async () => {
    const raised = await loadTemplates(t.database.db, 'alarm.raised');
    expect([...raised.keys()].sort()).toEqual([...NOTIFY_CHANNELS].sort());
    expect(raised.get('sms')).toEqual({ ...defaultTemplate('alarm.raised', 'sms') });
  });
});

describe('the preview', () => {
  it('renders both languages with their sample values and sizes an SMS', async () => {
    const res = await t.call(notifyApi.previewTemplate, {
      token: admin,
      body: {
        purpose: 'alarm.raised',
        channel: 'sms',
        title: both(''),
        body: {
          'zh-CN': '{station}{device} {metric} {value}{unit}',
          'en-US': '{station} {device} {metric} {value} {unit}',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.rendered['zh-CN'].body).toBe('滨江雨水泵站PS01-LT01 液位 7.05m');
    expect(p.rendered['en-US'].body).toBe('Binjiang Stormwater Pumping Station PS01-LT01 Level 7.05 m');
    expect(p.sms['zh-CN']).toEqual({ chars: 24, segments: 1, unicode: true });
    expect(p.sms['en-US'].unicode).toBe(false);
    expect(p.unknown).toEqual([]);
    expect(p.problems).toEqual([]);
  });

  it('shows unknown variables and limits exceeded without refusing (it is live)', async () => {
    const long = '超长短信'.repeat(80); // 320 characters: 5 UCS-2 segments
    const res = await t.call(notifyApi.previewTemplate, {
      token: admin,
      body: {
        purpose: 'manual',
        channel: 'sms',
        title: both(''),
        body: { 'zh-CN': `${long}{device}`, 'en-US': '{sender}' },
      },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.unknown).toEqual(['device']);
    expect(p.sms['zh-CN'].segments).toBe(5);
    expect(p.problems).toEqual([{ locale: 'zh-CN', key: 'validation.smsTooLong', limit: SMS_MAX_SEGMENTS }]);
    // An unknown variable renders empty, as it would be sent.
    expect(p.rendered['zh-CN'].body).toBe(long);
  });

  it('gives a robot’s markdown in bytes against its cap and no SMS size', async () => {
    const res = await t.call(notifyApi.previewTemplate, {
      token: admin,
      body: { purpose: 'alarm.raised', channel: 'wecom', title: both('告警'), body: both('水'.repeat(1400)) },
    });
    const p = res.json().data;
    expect(p.sms).toBeNull();
    expect(p.bytes['zh-CN']).toBe(Buffer.byteLength(`告警\n${'水'.repeat(1400)}`));
    expect(p.problems.map((x: { locale: string; key: string }) => `${x.locale} ${x.key}`)).toEqual([
      'zh-CN validation.markdownTooLong',
      'en-US validation.markdownTooLong',
    ]);
  });
});

describe('editing a template', () => {
  it('saves both languages, is no longer the default, names its editor and leaves an operation-log row', async () => {
    const tpl = await template('alarm.raised', 'inApp');
    const body = {
      'zh-CN': '{station} {device} 液位 {value}{unit}',
      'en-US': '{station} {device} level {value} {unit}',
    };
    const res = await t.call(notifyApi.updateTemplate, {
      params: { id: tpl.id },
      token: admin,
      body: input(tpl, { body, fallback: 'sms' }),
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data as NotifyTemplate;
    expect(saved).toMatchObject({ body, fallback: 'sms', isDefault: false, updatedBy: '张伟' });
    expect(await template('alarm.raised', 'inApp')).toEqual(saved);
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-templates'), eq(operationLog.action, 'update')))
      .orderBy(desc(operationLog.id));
    expect(log).toMatchObject({ result: 'success', targetId: String(tpl.id), username: '13800000001' });
    expect((log!.before as { body: unknown }).body).toEqual(tpl.body);
    expect((log!.after as { body: unknown }).body).toEqual(body);
  });

  it('refuses a variable the purpose does not offer, naming it in the caller’s language', async () => {
    const tpl = await template('workorder.todo', 'sms');
    const body = { 'zh-CN': '工单 {order} 的 {device} 待处理', 'en-US': 'Order {order} for {device}' };
    const zh = await t.call(notifyApi.updateTemplate, {
      params: { id: tpl.id },
      token: admin,
      body: input(tpl, { body }),
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('未知变量 {device}');
    expect(zh.json().data.errors).toContainEqual({ field: 'body.zh-CN', message: expect.stringContaining('{order}') });
    expect(zh.json().data.errors.map((e: { field: string }) => e.field)).toEqual(['body.zh-CN', 'body.en-US']);
    const en = await t.call(notifyApi.updateTemplate, {
      params: { id: tpl.id },
      token: admin,
      lang: 'en-US',
      body: input(tpl, { title: both('{devce}'), body: both('{order}') }),
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toContain('Unknown variable {devce}');
    expect(en.json().data.errors[0].field).toBe('title.zh-CN');
    // Nothing was saved.
    expect(await template('workorder.todo', 'sms')).toEqual(tpl);
  });

  it('refuses an SMS over the segment limit, a robot over its markdown cap and a fallback to itself', async () => {
    const sms = await template('alarm.raised', 'sms');
    const tooLong = await t.call(notifyApi.updateTemplate, {
      params: { id: sms.id },
      token: admin,
      lang: 'en-US',
      body: input(sms, { body: { 'zh-CN': `${'泵站液位超高请处理'.repeat(30)}{station}`, 'en-US': '{station}' } }),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.errors).toEqual([
      { field: 'body.zh-CN', message: 'The SMS renders as 5 segments (276 characters), over the limit of 4' },
    ]);

    const robot = await template('alarm.raised', 'wecom');
    const markdown = await t.call(notifyApi.updateTemplate, {
      params: { id: robot.id },
      token: admin,
      body: input(robot, { body: { 'zh-CN': robot.body['zh-CN'], 'en-US': `${'水'.repeat(1400)}` } }),
    });
    expect(markdown.statusCode).toBe(400);
    expect(markdown.json().data.errors[0].field).toBe('body.en-US');
    expect(markdown.json().data.errors[0].message).toMatch(/^渲染后 \d+ 字节，超过该机器人 4096 字节的上限$/);
    // DingTalk's cap is higher: the same text is fine there.
    const ding = await template('alarm.raised', 'dingtalk');
    const fits = await t.call(notifyApi.updateTemplate, {
      params: { id: ding.id },
      token: admin,
      body: input(ding, { body: { 'zh-CN': ding.body['zh-CN'], 'en-US': `${'水'.repeat(1400)}` } }),
    });
    expect(fits.statusCode).toBe(200);

    const email = await template('manual', 'email');
    const self = await t.call(notifyApi.updateTemplate, {
      params: { id: email.id },
      token: admin,
      body: input(email, { fallback: 'email' }),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().data.errors).toEqual([{ field: 'fallback', message: '备用渠道不能是模板自身的渠道' }]);
  });

  it('refuses an empty body, an unknown fallback and a missing template', async () => {
    const tpl = await template('manual', 'inApp');
    const empty = await t.call(notifyApi.updateTemplate, {
      params: { id: tpl.id },
      token: admin,
      body: input(tpl, { body: { 'zh-CN': '', 'en-US': 'x' } }),
    });
    expect(empty.statusCode).toBe(400);
    const robotFallback = await t.call('PUT', `/api/notify/templates/${tpl.id}`, admin, {
      ...input(tpl),
      fallback: 'wecom',
    });
    expect(robotFallback.statusCode).toBe(400);
    const missing = await t.call(notifyApi.updateTemplate, { params: { id: 99_999 }, token: admin, body: input(tpl) });
    expect(missing.statusCode).toBe(404);
  });

  it('is put back to its seeded text by a reset', async () => {
    const tpl = await template('alarm.escalated', 'email');
    await t.call(notifyApi.updateTemplate, {
      params: { id: tpl.id },
      token: admin,
      body: input(tpl, { enabled: false, title: both('{title}'), body: both('{title} {minutes}'), fallback: 'sms' }),
    });
    expect((await template('alarm.escalated', 'email')).isDefault).toBe(false);
    const res = await t.call(notifyApi.resetTemplate, { params: { id: tpl.id }, token: admin });
    expect(res.statusCode).toBe(200);
    const reset = res.json().data as NotifyTemplate;
    const seeded = defaultTemplate('alarm.escalated', 'email');
    expect(reset).toMatchObject({ ...seeded, isDefault: true });
    expect(reset.title).toEqual(tpl.title);
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-templates'), eq(operationLog.action, 'reset')));
    expect(log?.result).toBe('success');
  });

  it('stays the default when saved unchanged', async () => {
    const tpl = await template('alarm.cleared', 'feishu');
    const res = await t.call(notifyApi.updateTemplate, { params: { id: tpl.id }, token: admin, body: input(tpl) });
    expect(res.json().data.isDefault).toBe(true);
  });
});

describe('who may', () => {
  it('lets a role with notify:view read templates and preview, and refuses it every template write', async () => {
    const tpl = await template('alarm.raised', 'sms');
    expect((await list(user)).length).toBe(NOTIFY_PURPOSES.length * NOTIFY_CHANNELS.length);
    const preview = await t.call(notifyApi.previewTemplate, {
      token: user,
      body: { purpose: 'manual', channel: 'inApp', title: both('{title}'), body: both('{content}') },
    });
    expect(preview.statusCode).toBe(200);

    const update = await t.call(notifyApi.updateTemplate, {
      params: { id: tpl.id },
      token: user,
      body: input(tpl, { body: both('被篡改的 {title}') }),
    });
    expect(update.statusCode).toBe(403);
    const reset = await t.call(notifyApi.resetTemplate, { params: { id: tpl.id }, token: user });
    expect(reset.statusCode).toBe(403);
    expect(await template('alarm.raised', 'sms')).toEqual(tpl);
    const denied = await t.database.db
      .select({ action: operationLog.action })
      .from(operationLog)
      .where(and(eq(operationLog.module, 'notify-templates'), eq(operationLog.result, 'denied')));
    expect(denied.map((d) => d.action).sort()).toEqual(['reset', 'update']);
  });

  it('refuses a role without notify:view even the reading', async () => {
    const nobody = await signInWithoutPermissions(t);
    expect((await t.call(notifyApi.templates, { token: nobody })).statusCode).toBe(403);
    const rows = await t.database.db.select({ id: notifyTemplates.id }).from(notifyTemplates);
    expect(rows.length).toBe(42);
  });
});
