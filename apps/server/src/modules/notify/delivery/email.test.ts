import type { AddressInfo } from 'node:net';
import smtpServer from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, TEST_START, type TestApp } from '../../../testing/build-app.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { deliveriesOf, insertDeliveries, insertPush, setChannel, userIds } from './outbox.fixtures.ts';
import { emailProvider, messageIdOf, smtpOutcome } from './providers/email.ts';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A mail server in the test process: takes every message, refuses the addresses the tests name. */
async function startMailServer() {
  const inbox: Mail[] = [];
  const server = new smtpServer.SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refuse = (code: number, words: string) => callback(Object.assign(new Error(words), { responseCode: code }));
      if (address.address.startsWith('bounce@')) return refuse(550, 'No such user here');
      if (address.address.startsWith('busy@')) return refuse(451, 'Try again later');
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The message's headers (unfolded) and its text body, decoded as a mail reader would. */
function read(raw: string) {
  const [head, ...rest] = raw.split(/\r\n\r\n/);
  const headers = new Map<string, string>();
  for (const line of head!.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  let body = rest.join('\r\n\r\n');
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { subject: words(headers.get('subject') ?? ''), messageId: headers.get('message-id'), headers, body };
}

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let admin: number;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mail.port}`, SMTP_FROM: 'Water Ops <noreply@water.local>' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  t.clock.set(TEST_START);
  mail.inbox.length = 0;
  [admin] = (await userIds(t.database.db, '13800000001')) as [number];
});

const db = () => t.database.db;

describe('e-mail deliveries', () => {
  it('arrive at the SMTP server with the subject, the body and the link, and a Message-ID from the idempotency key', async () => {
    const pushId = await insertPush(db(), t.clock.now());
    const [row] = await insertDeliveries(db(), pushId, t.clock.now(), [
      {
        channel: 'email',
        userId: admin,
        address: 'zhangwei@lanchuan-water.example',
        title: '【严重】城东泵站 2 号泵跳闸',
        body: '2 号泵 08:00 跳闸，出水压力 0.12 MPa（阈值 0.20）。\n请立即处理。',
      },
    ]);
    await t.app.notifyDelivery.drain();

    expect(mail.inbox).toHaveLength(1);
    const got = mail.inbox[0]!;
    expect(got.from).toBe('noreply@water.local');
    expect(got.to).toEqual(['zhangwei@lanchuan-water.example']);
    const message = read(got.raw);
    expect(message.subject).toBe('【严重】城东泵站 2 号泵跳闸');
    expect(message.messageId).toBe(`<${row!.idempotencyKey.replace(/:/g, '%3A')}@water-ops>`);
    expect(message.body.replace(/\r\n/g, '\n')).toBe(
      '2 号泵 08:00 跳闸，出水压力 0.12 MPa（阈值 0.20）。\n请立即处理。\n\n/bz/alarm?alarm=7\n',
    );
    expect((await deliveriesOf(db(), pushId)).map((d) => [d.state, d.errorCode])).toEqual([['sent', '']]);
  });

  it('retry a 4xx answer, fail a 5xx one for good, and stay off while the channel is turned off', async () => {
    const pushId = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), pushId, t.clock.now(), [
      { channel: 'email', userId: admin, address: 'busy@lanchuan-water.example' },
      { channel: 'email', userId: admin, address: 'bounce@lanchuan-water.example' },
      { channel: 'email', userId: admin, address: '' },
    ]);
    await t.app.notifyDelivery.drain();
    const rows = await deliveriesOf(db(), pushId);
    expect(rows.map((d) => [d.state, d.errorCode])).toEqual([
      ['retrying', 'smtp'],
      ['failed', 'smtp'],
      ['failed', 'noAddress'],
    ]);
    expect(rows[0]!.errorDetail).toContain('451');
    expect(rows[1]!.errorDetail).toContain('550');
    expect(mail.inbox).toHaveLength(0);

    await setChannel(db(), 'email', { enabled: false });
    const off = await insertPush(db(), t.clock.now());
    await insertDeliveries(db(), off, t.clock.now(), [
      { channel: 'email', userId: admin, address: 'zhangwei@lanchuan-water.example' },
    ]);
    await t.app.notifyDelivery.drain();
    expect((await deliveriesOf(db(), off)).map((d) => [d.state, d.errorCode])).toEqual([['failed', 'channelOff']]);
    expect(mail.inbox).toHaveLength(0);
  });

  it('count a mail server that cannot be reached as a passing failure', async () => {
    const unreachable = emailProvider({
      config: { ...t.app.config, SMTP_URL: 'smtp://127.0.0.1:1', NOTIFY_HTTP_TIMEOUT_MS: 2000 },
      channel: async () => ({ enabled: true, url: '', secret: '' }),
    });
    const outcome = await unreachable.send(
      {
        id: 1,
        pushId: 1,
        purpose: 'manual',
        userId: admin,
        channel: 'email',
        address: 'zhangwei@lanchuan-water.example',
        locale: 'zh-CN',
        title: 'T',
        body: 'B',
        link: '',
        idempotencyKey: 'p1:u1:email',
        segments: 0,
        critical: false,
      },
      { db: db(), now: t.clock.now() },
    );
    unreachable.close();
    expect(outcome).toMatchObject({ ok: false, code: 'network', retryable: true });
    // The worker of an app with the settings sends the test message to the caller's own address.
    const worker = createDeliveryWorker(t.app);
    expect(
      await worker.sendTest('email', { userId: admin, locale: 'zh-CN' }, { title: 'Test', body: 'Hello' }),
    ).toMatchObject({
      ok: true,
    });
    expect(mail.inbox.map((m) => [m.to, read(m.raw).subject])).toEqual([[['zhangwei@lanchuan-water.example'], 'Test']]);
    await worker.stop();
  });

  it('writes Message-IDs that keep distinct keys distinct and are valid message ids', () => {
    expect(messageIdOf('p12:u3:email')).toBe('<p12%3Au3%3Aemail@water-ops>');
    expect(messageIdOf('p12:u3:email:fb:email')).not.toBe(messageIdOf('p12:u3:email'));
    expect(messageIdOf('a b<c>')).toBe('<a%20b%3Cc%3E@water-ops>');
    expect(smtpOutcome(Object.assign(new Error('x'), { code: 'ETIMEDOUT' }))).toMatchObject({
      code: 'timeout',
      retryable: true,
    });
    expect(smtpOutcome(Object.assign(new Error('x'), { code: 'EAUTH', responseCode: 535 }))).toMatchObject({
      code: 'smtp',
      retryable: false,
    });
  });
});
