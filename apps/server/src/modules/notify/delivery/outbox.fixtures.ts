import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotifyChannel } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { notifyChannels, notifyDeliveries, notifyPushes, users } from '../../../db/schema/index.ts';

/**
 * Outbox rows written straight into the database, as the planner would (tests of the delivery
 * worker do not depend on the push routes).
 */

type DeliveryInsert = typeof notifyDeliveries.$inferInsert;

export async function insertPush(
  db: Queryable,
  now: Date,
  values: Partial<typeof notifyPushes.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(notifyPushes)
    .values({
      purpose: 'manual',
      title: 'Pump 2 tripped',
      channels: ['inApp'],
      audience: { userIds: [], roleCodes: [], departmentIds: [] },
      link: '/bz/alarm?alarm=7',
      state: 'sending',
      createdAt: now,
      plannedAt: now,
      ...values,
    })
    .returning({ id: notifyPushes.id });
  return row!.id;
}

let seq = 0;

/** Deliveries of a push, due now unless told; keys as the planner writes them (made unique per call). */
export async function insertDeliveries(
  db: Queryable,
  pushId: number,
  now: Date,
  rows: (Partial<DeliveryInsert> & { channel: NotifyChannel })[],
) {
  return db
    .insert(notifyDeliveries)
    .values(
      rows.map((r) => ({
        pushId,
        locale: 'zh-CN',
        title: 'Pump 2 tripped',
        body: 'Station 3 pump 2 tripped at 08:00',
        nextAttemptAt: now,
        createdAt: now,
        idempotencyKey: `p${pushId}:u${r.userId ?? 'robot'}:${r.channel}:${++seq}`,
        ...r,
      })),
    )
    .returning();
}

export const deliveriesOf = (db: Queryable, pushId: number) =>
  db.select().from(notifyDeliveries).where(eq(notifyDeliveries.pushId, pushId)).orderBy(notifyDeliveries.id);

/** The demo users' ids by login name. */
export async function userIds(db: Queryable, ...usernames: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames));
  return usernames.map((u) => rows.find((r) => r.username === u)!.id);
}

export function setChannel(
  db: Queryable,
  channel: NotifyChannel,
  values: { enabled: boolean; url?: string; secret?: string },
) {
  return db
    .insert(notifyChannels)
    .values({ channel, url: '', secret: '', ...values })
    .onConflictDoUpdate({ target: notifyChannels.channel, set: { url: '', secret: '', ...values } });
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server standing in for a webhook receiver or a robot: records every request and
 * answers what `reply` says (200 `{"errcode":0,"code":0}` by default).
 */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  type Answer = { status: number; body?: string; headers?: Record<string, string> };
  let reply: (req: ReceivedRequest) => Answer | Promise<Answer> = () => ({
    status: 200,
    body: '{"errcode":0,"errmsg":"ok","code":0,"msg":"success"}',
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const r = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      const answer = await reply(r);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answer(fn: typeof reply) {
      reply = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
