import { expect, type Page, test } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ADMIN, clientAddress, ingest, signIn, smtpPort } from './support.ts';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('notifications'));

/** The e2e server's mailbox (its SMTP_URL points here): what reached it, parsed as a mail client would. */
const inbox: ParsedMail[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          done();
        },
        (err: Error) => done(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const bell = (page: Page) => page.getByRole('button', { name: /^(消息通知|Notifications)/ });

/** Writes one template's zh-CN title through its drawer. */
async function editTitle(page: Page, channel: string, field: string, text: string) {
  await page.getByRole('button', { name: `编辑：告警触发 · ${channel}` }).click();
  const drawer = page.getByRole('dialog', { name: `编辑模板：告警触发 · ${channel}` });
  const box = drawer.getByRole('textbox', { name: `${field} · 中文` });
  await box.fill(text);
  // The live preview renders it with the sample alarm (the demo city's PS01 high level).
  await expect(drawer.getByText(/PS01-LT01/).first()).toBeVisible();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toBeHidden();
}

/**
 * Issue 16's journey: the administrator words the alarm-raised template of the console and of
 * e-mail; a level gauge's reading raises an alarm of a rule that tells the administrator (the e2e
 * server runs no simulator: the gauge reports through the HTTP ingest, as the simulator's devices
 * do); the rendered message reaches the bell and the local SMTP inbox; the push log has its receipts.
 */
test('an administrator words the alarm template, an alarm reaches the bell and the mailbox, and the push log has the receipts', async ({
  page,
}) => {
  const marker = `E2E${Date.now() % 100_000}`;
  const token = await signIn(page, ADMIN, '/callPolice/callPoliceMessage');
  await expect(page.getByRole('heading', { name: '消息模板', level: 1 })).toBeVisible();
  await editTitle(page, '站内消息', '标题', `${marker} 泵站告警：{device} {metric} {value}{unit}`);
  await editTitle(page, '电子邮件', '邮件主题', `${marker}【{severity}】{station} {device}`);

  // A rule that tells the administrator when a wet well stands at 6.8 m or more.
  const auth = { Authorization: `Bearer ${token}` };
  const profile = await (await page.request.get('/api/user/profile', { headers: auth })).json();
  const types = await (await page.request.get('/api/device-types', { headers: auth })).json();
  const gauge = (types.data as { id: number; code: string }[]).find((t) => t.code === 'level_gauge');
  const created = await page.request.post('/api/alarm-rules', {
    headers: auth,
    data: {
      name: `${marker} 前池超高液位`,
      severity: 'major',
      deviceTypeId: gauge?.id,
      groups: [{ conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 6.8 }] }],
      recipients: { userIds: [profile.data.userId], roleCodes: [], departmentIds: [] },
    },
  });
  expect((await created.json()).code).toBe(200);

  await page.goto('/#/dashboard/workplace');
  await expect(bell(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await ingest(page.request, 'PS05-LT01', { values: { level: 1.2 } });
  await ingest(page.request, 'PS05-LT01', { values: { level: 7.12 } });

  // The bell: the in-app message in the administrator's words, with the alarm's own values.
  await bell(page).click();
  const message = page.getByRole('button', { name: new RegExp(`${marker} 泵站告警：PS05-LT01`) });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await expect(message).toContainText('7.12');

  // The mailbox: the e-mail with the administrator's subject and the default body.
  await expect
    .poll(() => inbox.find((m) => m.subject?.startsWith(marker))?.subject, { timeout: 20_000 })
    .toMatch(new RegExp(`^${marker}【重要】.*PS05-LT01`));
  const mail = inbox.find((m) => m.subject?.startsWith(marker));
  expect(mail?.text).toContain('PS05-LT01');
  expect(mail?.messageId).toMatch(/@water-ops>?$/);

  // The push log: the alarm's push, and its receipts per recipient and channel.
  await page.goto('/#/callPolice/callPolicePush');
  await expect(page.getByRole('heading', { name: '消息推送', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row.first()).toBeVisible();
  await row
    .first()
    .getByRole('button', { name: /送达详情/ })
    .click();
  const detail = page.getByRole('dialog', { name: /推送详情/ });
  const receipts = detail.getByRole('table');
  await expect(receipts.getByRole('row').filter({ hasText: '站内消息' }).filter({ hasText: '已送达' })).toBeVisible();
  await expect(receipts.getByRole('row').filter({ hasText: '电子邮件' }).filter({ hasText: '已送达' })).toBeVisible();
});
