import websocket from '@fastify/websocket';
import { LIVE_PATH, type LiveEvent, liveClientFrameSchema, ResultCode } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { localeFromHeader, t } from '../i18n/messages.ts';
import { AppError } from '../lib/errors.ts';
import { authenticateToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      /** Sends an event to every open connection of a user on this server. */
      toUser(userId: number, event: LiveEvent): void;
      /** Sends an event to every open connection on this server. */
      toAll(event: LiveEvent): void;
      connections(): number;
    };
  }
}

const AUTH_TIMEOUT_MS = 5000;
const RECHECK_MS = 60_000;

/**
 * The one authenticated WebSocket channel (`/api/ws`) that live data rides on. A browser cannot
 * set headers on a WebSocket, and a token in the URL would land in logs, so the first frame
 * carries it. The session is checked again every minute; a revoked one is closed (4401).
 * One server's connections only: several servers will fan out through Redis.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const byUser = new Map<number, Set<WebSocket>>();
  const send = (socket: WebSocket, event: LiveEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };

  app.decorate('realtime', {
    toUser(userId, event) {
      for (const socket of byUser.get(userId) ?? []) send(socket, event);
    },
    toAll(event) {
      for (const sockets of byUser.values()) for (const socket of sockets) send(socket, event);
    },
    connections: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
  });

  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get(
    `/api${LIVE_PATH}`,
    { websocket: true, config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    (socket, req) => {
      const locale = localeFromHeader(req.headers['accept-language']);
      let userId: number | null = null;
      let token = '';
      let recheck: NodeJS.Timeout | undefined;
      const refuse = (err: unknown) => {
        const code = err instanceof AppError ? err.code : ResultCode.illegalToken;
        const msg = err instanceof AppError ? t(locale, err.messageKey, err.params) : t(locale, 'auth.illegalToken');
        send(socket, { type: 'error', code, msg });
        socket.close(4401, 'unauthorized');
      };
      const authTimer = setTimeout(() => refuse(null), AUTH_TIMEOUT_MS);

      socket.on('message', async (raw) => {
        let frame: ReturnType<typeof liveClientFrameSchema.safeParse>;
        try {
          frame = liveClientFrameSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return socket.close(4400, 'bad frame');
        }
        if (!frame.success) return socket.close(4400, 'bad frame');
        if (frame.data.type === 'ping') return;
        if (frame.data.type !== 'auth') return;
        if (userId !== null) return; // already signed in
        try {
          token = frame.data.token;
          const auth = await authenticateToken(app, token);
          clearTimeout(authTimer);
          userId = auth.userId;
          const sockets = byUser.get(userId) ?? new Set();
          sockets.add(socket);
          byUser.set(userId, sockets);
          send(socket, { type: 'ready', userId });
          recheck = setInterval(() => {
            authenticateToken(app, token).catch(refuse);
          }, RECHECK_MS);
        } catch (err) {
          refuse(err);
        }
      });

      socket.on('close', () => {
        clearTimeout(authTimer);
        clearInterval(recheck);
        if (userId === null) return;
        const sockets = byUser.get(userId);
        sockets?.delete(socket);
        if (sockets?.size === 0) byUser.delete(userId);
      });
    },
  );
});
