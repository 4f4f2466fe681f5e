import { z } from 'zod';
import { alarmLiveEventSchema } from './alarms.ts';
import { endpoint } from './common/endpoint.ts';
import { LOCALES } from './common/locale.ts';
import { liveSubscribeFrameSchema, telemetryEventSchema } from './monitoring.ts';
import { pumpCommandLiveEventSchema } from './pump-control.ts';
import { liveStationSubscribeFrameSchema, stationLiveEventSchema } from './pump-station-live.ts';
import { deviceStatusEventSchema } from './telemetry.ts';

const tags = ['messages'] as const;

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** messageType of notices and todos (spec §3): 0 normal, 1 important, 3 urgent. */
export const MESSAGE_LEVELS = [0, 1, 3] as const;

export const messageSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  time: z.string().describe('ISO time it was sent'),
  messageType: z.union([z.literal(0), z.literal(1), z.literal(3)]).optional(),
  status: z.union([z.literal(0), z.literal(1)]).describe('0 unread, 1 read'),
  link: z.string().describe('console route to open, or empty'),
});
export type Message = z.infer<typeof messageSchema>;

export const unreadCountsSchema = z.object({
  message: z.number().int(),
  notice: z.number().int(),
  todo: z.number().int(),
  total: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

export const messageListBodySchema = z
  .object({
    type: z.enum(MESSAGE_TYPES).optional(),
    status: z.union([z.literal(0), z.literal(1)]).optional(),
    limit: z.number().int().min(1).max(500).default(200),
  })
  .default({ limit: 200 });

export const messageReadBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(500),
});

export const messageReadAllBodySchema = z.object({ type: z.enum(MESSAGE_TYPES).optional() }).default({});

/** Events on the live channel (`/api/ws`): the server's side. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  z.object({ type: z.literal('message'), message: messageSchema, unread: unreadCountsSchema }),
  z.object({ type: z.literal('unread'), unread: unreadCountsSchema }),
  // Menus or role grants changed: fetch role-info and the menu tree again.
  z.object({ type: z.literal('menus') }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
  deviceStatusEventSchema,
  // Readings just committed, of a device this connection subscribed to.
  telemetryEventSchema,
  // A station's live state just changed, of a station this connection subscribed to.
  stationLiveEventSchema,
  // An alarm raised, changed or cleared, within this connection's region limit.
  alarmLiveEventSchema,
  // A pump command moved on (sent, acknowledged, succeeded, …), of a station this connection subscribed to.
  pumpCommandLiveEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What a client sends on the live channel; the first frame must be `auth`. */
export const liveClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(200),
    /** The console's language: what live events are worded in (else the connection's Accept-Language). */
    locale: z.enum(LOCALES).optional(),
  }),
  // The console's language changed: live events from now on in it.
  z.object({ type: z.literal('locale'), locale: z.enum(LOCALES) }),
  z.object({ type: z.literal('ping') }),
  liveSubscribeFrameSchema,
  liveStationSubscribeFrameSchema,
]);
export const LIVE_PATH = '/ws';

export const messagesApi = {
  list: endpoint({
    method: 'POST',
    path: '/message/list',
    summary: "The signed-in user's messages, newest first",
    tags,
    body: messageListBodySchema,
    data: z.array(messageSchema),
  }),
  read: endpoint({
    method: 'POST',
    path: '/message/read',
    summary: 'Mark some of the own messages read (all must be the caller’s)',
    tags,
    body: messageReadBodySchema,
    data: z.literal(true),
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/message/read-all',
    summary: 'Mark every own message (of a type) read',
    tags,
    body: messageReadAllBodySchema,
    data: z.object({ updated: z.number().int() }),
  }),
  unread: endpoint({
    method: 'GET',
    path: '/message/unread',
    summary: 'Unread counts per type, for the navbar bell',
    tags,
    data: unreadCountsSchema,
  }),
} as const;
