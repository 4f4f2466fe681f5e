import websocket from '@fastify/websocket';
import {
  ALL_PERMISSIONS,
  LIVE_PATH,
  type LiveEvent,
  type Locale,
  liveClientFrameSchema,
  Permissions,
  ResultCode,
} from '@water/contracts';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { devices, stations } from '../db/schema/index.ts';
import { localeFromHeader, t } from '../i18n/messages.ts';
import { dataScopeOf } from '../lib/data-scope.ts';
import { AppError } from '../lib/errors.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { authenticateToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      /** Sends an event to every open connection of a user on this server. */
      toUser(userId: number, event: LiveEvent): void;
      /** Sends an event to every open connection on this server. */
      toAll(event: LiveEvent): void;
      /** Sends an event to the connections subscribed to a device (`subscribe` frame). */
      toDeviceSubscribers(deviceId: number, event: LiveEvent): void;
      /** Whether any connection on this server is subscribed to the device (skip the work otherwise). */
      hasDeviceSubscribers(deviceId: number): boolean;
      /**
       * Sends an event to the connections subscribed to a station (`subscribe-stations` frame); given a
       * function, the event is made in each connection's language (once per language).
       */
      toStationSubscribers(stationId: number, event: LiveEvent | ((locale: Locale) => LiveEvent)): void;
      /** Whether any connection on this server is subscribed to the station. */
      hasStationSubscribers(stationId: number): boolean;
      /**
       * Sends an alarm event, in each connection's language, to the connections whose role may see
       * alarms (`alarm:view`) and whose region limit covers the alarm's region.
       */
      toAlarmViewers(regionId: number | null, event: (locale: Locale) => LiveEvent): void;
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
  const byDevice = new Map<number, Set<WebSocket>>();
  const subscribed = new WeakMap<WebSocket, Set<number>>();
  const byStation = new Map<number, Set<WebSocket>>();
  const subscribedStations = new WeakMap<WebSocket, Set<number>>();
  /** Each connection's language, for events made per language. */
  const localeOf = new WeakMap<WebSocket, Locale>();
  /** What each signed-in connection may see of alarms: its language, and its region limit (null: all), or no alarms at all. */
  const alarmReach = new Map<WebSocket, { locale: Locale; regions: Set<number> | null }>();
  /** Reads the connection's reach from its active role: at sign-in and at each session re-check. */
  const reachAlarms = async (socket: WebSocket, locale: Locale, roleId: number | null, userId: number) => {
    const permissions = roleId === null ? [] : await createAuthRepository(app.db).permissionsOf(roleId);
    if (!permissions.includes(ALL_PERMISSIONS) && !permissions.includes(Permissions.alarmView)) {
      alarmReach.delete(socket);
      return;
    }
    const scope = await dataScopeOf(app.db, roleId, userId);
    if (socket.readyState !== socket.OPEN) return;
    alarmReach.set(socket, { locale, regions: scope.regions === null ? null : new Set(scope.regions) });
  };
  /** Replaces a connection's subscriptions in one index (an empty list stops them). */
  const resubscribe = (
    index: Map<number, Set<WebSocket>>,
    own: WeakMap<WebSocket, Set<number>>,
    socket: WebSocket,
    ids: number[],
  ) => {
    for (const id of own.get(socket) ?? []) {
      const sockets = index.get(id);
      sockets?.delete(socket);
      if (sockets?.size === 0) index.delete(id);
    }
    own.set(socket, new Set(ids));
    for (const id of ids) {
      const sockets = index.get(id) ?? new Set();
      sockets.add(socket);
      index.set(id, sockets);
    }
  };
  const subscribe = (socket: WebSocket, deviceIds: number[]) => resubscribe(byDevice, subscribed, socket, deviceIds);
  const subscribeStations = (socket: WebSocket, stationIds: number[]) =>
    resubscribe(byStation, subscribedStations, socket, stationIds);
  /** The devices among `ids` that exist and lie in the region limit of the session's active role. */
  const visibleDevices = async (ids: number[], roleId: number | null, userId: number) => {
    if (ids.length === 0) return [];
    const scope = await dataScopeOf(app.db, roleId, userId);
    if (scope.regions !== null && scope.regions.length === 0) return [];
    const rows = await app.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          inArray(devices.id, [...new Set(ids)]),
          scope.regions === null ? undefined : inArray(devices.regionId, scope.regions),
        ),
      );
    return rows.map((r) => r.id);
  };
  /** The stations among `ids` that exist and lie in the region limit of the session's active role. */
  const visibleStations = async (ids: number[], roleId: number | null, userId: number) => {
    if (ids.length === 0) return [];
    const scope = await dataScopeOf(app.db, roleId, userId);
    if (scope.regions !== null && scope.regions.length === 0) return [];
    const rows = await app.db
      .select({ id: stations.id })
      .from(stations)
      .where(
        and(
          inArray(stations.id, [...new Set(ids)]),
          scope.regions === null ? undefined : inArray(stations.regionId, scope.regions),
        ),
      );
    return rows.map((r) => r.id);
  };
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
    toDeviceSubscribers(deviceId, event) {
      for (const socket of byDevice.get(deviceId) ?? []) send(socket, event);
    },
    hasDeviceSubscribers: (deviceId) => byDevice.has(deviceId),
    toStationSubscribers(stationId, event) {
      const byLocale = new Map<Locale, LiveEvent>();
      for (const socket of byStation.get(stationId) ?? []) {
        if (typeof event !== 'function') {
          send(socket, event);
          continue;
        }
        const locale = localeOf.get(socket) ?? 'zh-CN';
        let e = byLocale.get(locale);
        if (!e) {
          e = event(locale);
          byLocale.set(locale, e);
        }
        send(socket, e);
      }
    },
    hasStationSubscribers: (stationId) => byStation.has(stationId),
    toAlarmViewers(regionId, event) {
      const byLocale = new Map<Locale, LiveEvent>();
      for (const [socket, reach] of alarmReach) {
        if (reach.regions !== null && (regionId === null || !reach.regions.has(regionId))) continue;
        let e = byLocale.get(reach.locale);
        if (!e) {
          e = event(reach.locale);
          byLocale.set(reach.locale, e);
        }
        send(socket, e);
      }
    },
    connections: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
  });

  // Room for a subscribe frame of LIVE_SUBSCRIBE_MAX device ids (about 8 KiB); nothing else is that big.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  app.get(
    `/api${LIVE_PATH}`,
    { websocket: true, config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    (socket, req) => {
      let locale = localeFromHeader(req.headers['accept-language']);
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

      let roleId: number | null = null;
      // Frames are handled one after another: a subscribe sent right behind the auth frame waits for it.
      let handling = Promise.resolve();
      const handle = async (raw: unknown) => {
        let frame: ReturnType<typeof liveClientFrameSchema.safeParse>;
        try {
          frame = liveClientFrameSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return socket.close(4400, 'bad frame');
        }
        if (!frame.success) return socket.close(4400, 'bad frame');
        if (frame.data.type === 'ping') return;
        if (frame.data.type === 'locale') {
          locale = frame.data.locale;
          localeOf.set(socket, locale);
          const reach = alarmReach.get(socket);
          if (reach) reach.locale = locale;
          return;
        }
        if (frame.data.type === 'subscribe') {
          if (userId === null) return; // not signed in yet: nothing to subscribe to
          // The region limit as it stands now; a later change of grants applies at the next subscribe.
          const ids = await visibleDevices(frame.data.deviceIds, roleId, userId);
          if (socket.readyState === socket.OPEN) subscribe(socket, ids);
          return;
        }
        if (frame.data.type === 'subscribe-stations') {
          if (userId === null) return;
          const ids = await visibleStations(frame.data.stationIds, roleId, userId);
          if (socket.readyState === socket.OPEN) subscribeStations(socket, ids);
          return;
        }
        if (userId !== null) return; // already signed in
        try {
          token = frame.data.token;
          if (frame.data.locale) locale = frame.data.locale;
          localeOf.set(socket, locale);
          const auth = await authenticateToken(app, token);
          clearTimeout(authTimer);
          userId = auth.userId;
          roleId = auth.roleId;
          const sockets = byUser.get(userId) ?? new Set();
          sockets.add(socket);
          byUser.set(userId, sockets);
          await reachAlarms(socket, locale, roleId, userId);
          send(socket, { type: 'ready', userId });
          recheck = setInterval(() => {
            authenticateToken(app, token)
              .then((again) => reachAlarms(socket, locale, again.roleId, again.userId))
              .catch(refuse);
          }, RECHECK_MS);
        } catch (err) {
          refuse(err);
        }
      };
      socket.on('message', (raw) => {
        handling = handling
          .then(() => handle(raw))
          .catch((err: unknown) => app.log.warn({ err }, 'live channel: frame failed'));
      });

      socket.on('close', () => {
        clearTimeout(authTimer);
        clearInterval(recheck);
        subscribe(socket, []);
        subscribeStations(socket, []);
        alarmReach.delete(socket);
        if (userId === null) return;
        const sockets = byUser.get(userId);
        sockets?.delete(socket);
        if (sockets?.size === 0) byUser.delete(userId);
      });
    },
  );
});
