import type { NotifyChannel } from '@water/contracts';
import type { Config } from '../../../../config.ts';
import type { Queryable } from '../../../../db/client.ts';
import type { LoadedChannel } from '../../channels.repository.ts';
import type { ChannelProvider, OutgoingDelivery, SendOutcome } from '../../notify-types.ts';

/** What providers read besides the delivery: settings, and each channel's row as it is now. */
export interface ProviderEnv {
  config: Config;
  /** The channels' settings, read at most once a round: a channel turned off meanwhile is off. */
  channel(channel: NotifyChannel): Promise<LoadedChannel>;
}

export interface SendContext {
  db: Queryable;
  now: Date;
  /** Work for once the transaction commits (telling the bell); run at once outside one. */
  afterCommit?: (fn: () => Promise<void>) => void;
}

/**
 * In-app and SMS: a batch written in the transaction that marks it sent (one outcome per delivery,
 * in order), so each is delivered exactly once.
 */
export interface BatchChannelProvider extends ChannelProvider {
  sendBatch(deliveries: OutgoingDelivery[], ctx: SendContext): Promise<SendOutcome[]>;
}

export const failed = (
  code: Extract<SendOutcome, { ok: false }>['code'],
  detail = '',
  retryable = false,
): Extract<SendOutcome, { ok: false }> => ({ ok: false, code, detail, retryable });

export const channelOff = () => failed('channelOff');
