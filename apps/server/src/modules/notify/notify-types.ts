import type { Locale, NotifyChannel, NotifyPurpose } from '@water/contracts';
import type { Queryable } from '../../db/client.ts';

/**
 * The seams between the three parts of notifications (issue 16): templates and settings
 * (templates.*, channels.*, prefs.*), planning pushes into the outbox (push-planner.ts, pushes.*),
 * and delivering the outbox (delivery/*).
 */

/** Why a delivery failed; each has words in both languages (server i18n `notify.error.<code>`). */
export const DELIVERY_ERROR_CODES = [
  /** The SMS account cannot pay for it: failed, never "sent". */
  'noBalance',
  /** The recipient has no phone / e-mail, or the robot / webhook no URL. */
  'noAddress',
  /** The channel was turned off, or is not set up (no SMTP settings). */
  'channelOff',
  /** The provider answered with an error status (detail: the status and its words). */
  'http',
  /** The provider said no to the content or the recipient for good (detail: its words). */
  'rejected',
  /** No answer in time. */
  'timeout',
  /** Could not connect. */
  'network',
  /** The mail server refused it. */
  'smtp',
  /** Retries used up (the last attempt's error is in the detail). */
  'exhausted',
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/** One delivery as a provider receives it: rendered, addressed, with its idempotency key. */
export interface OutgoingDelivery {
  id: number;
  pushId: number;
  purpose: NotifyPurpose;
  userId: number | null;
  channel: NotifyChannel;
  address: string;
  locale: Locale;
  title: string;
  body: string;
  link: string;
  /** Unique per recipient × channel × push: sent with each attempt so a receiver can drop repeats. */
  idempotencyKey: string;
  /** SMS segments it is billed as. */
  segments: number;
  critical: boolean;
  /** Who it is for, as the generic webhook names them (none for a group robot). */
  recipient?: { name: string; phone: string; email: string } | null;
}

export type SendOutcome =
  | { ok: true; detail?: string }
  | { ok: false; code: DeliveryErrorCode; detail: string; retryable: boolean; retryAfterMs?: number };

/**
 * One channel's sender. In-app and SMS write in `db` (the transaction that marks the delivery
 * sent, so they happen exactly once); the others call out (at least once, with the key).
 */
export interface ChannelProvider {
  readonly channel: NotifyChannel;
  send(delivery: OutgoingDelivery, ctx: { db: Queryable; now: Date }): Promise<SendOutcome>;
}

export interface DeliveryStats {
  sent: number;
  failed: number;
  retried: number;
  givenUp: number;
  rounds: number;
}

/** The delivery worker of this server (`app.notifyDelivery`). */
export interface NotifyDelivery {
  /** Something was queued: look now rather than at the next poll. */
  kick(): void;
  /** Deliver until nothing is due now (tests, benchmarks). */
  drain(): Promise<void>;
  /** Send one message on a channel now, outside the outbox (the channel test button). */
  sendTest(
    channel: NotifyChannel,
    to: { userId: number; locale: Locale },
    message: { title: string; body: string },
  ): Promise<SendOutcome & { ms: number }>;
  stats(): DeliveryStats;
  /** Stop polling; an attempt in flight finishes. */
  stop(): Promise<void>;
}
