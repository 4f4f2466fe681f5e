import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { appSettings } from '../../../db/schema/index.ts';

const SETTING = 'video.signingKey';
const keys = new WeakMap<object, Promise<Buffer>>();

/**
 * The installation's key for signing stream tickets and public links: 32 random bytes made at first
 * use and kept in app_settings, so every API server on this database signs and checks alike.
 */
export function videoKey(database: Database): Promise<Buffer> {
  let key = keys.get(database);
  if (!key) {
    key = (async () => {
      await database.db
        .insert(appSettings)
        .values({ key: SETTING, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await database.db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, SETTING));
      if (typeof row?.value !== 'string') throw new Error('video signing key missing');
      return Buffer.from(row.value, 'base64url');
    })();
    key.catch(() => keys.delete(database));
    keys.set(database, key);
  }
  return key;
}

const mac = (key: Buffer, purpose: string, body: string) =>
  createHmac('sha256', key).update(`${purpose}:${body}`).digest('base64url').slice(0, 32);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A stream ticket: lets whoever holds it fetch this camera's stream from this server (a demo clip, an
 * RTSP conversion) until `expiresAt` (unix seconds). `cameraId.expiresAt.mac`.
 */
export function signTicket(key: Buffer, cameraId: number, expiresAt: number): string {
  const body = `${cameraId}.${expiresAt}`;
  return `${body}.${mac(key, 'ticket', body)}`;
}

/** Whether a ticket is this server's, for this camera, and not expired at `now` (unix seconds). */
export function checkTicket(key: Buffer, ticket: string, cameraId: number, now: number): boolean {
  const m = /^(\d{1,10})\.(\d{1,12})\.([\w-]{32})$/.exec(ticket);
  if (!m) return false;
  const body = `${m[1]}.${m[2]}`;
  return same(m[3] ?? '', mac(key, 'ticket', body)) && Number(m[1]) === cameraId && Number(m[2]) > now;
}

export interface ShareClaims {
  shareId: number;
  cameraId: number;
  /** Unix seconds. */
  expiresAt: number;
}

/** A public link's token: `shareId.cameraId.expiresAt.mac`. */
export function signShare(key: Buffer, claims: ShareClaims): string {
  const body = `${claims.shareId}.${claims.cameraId}.${claims.expiresAt}`;
  return `${body}.${mac(key, 'share', body)}`;
}

/** A link token's claims if this server signed it (expiry not judged here), else null: forged or mangled. */
export function readShare(key: Buffer, token: string): ShareClaims | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{32})$/.exec(token);
  if (!m) return null;
  const body = `${m[1]}.${m[2]}.${m[3]}`;
  if (!same(m[4] ?? '', mac(key, 'share', body))) return null;
  return { shareId: Number(m[1]), cameraId: Number(m[2]), expiresAt: Number(m[3]) };
}
