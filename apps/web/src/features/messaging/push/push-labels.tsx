import { Tag, Tooltip } from '@arco-design/web-react';
import { IconClockCircle, IconLoading, IconUserGroup } from '@arco-design/web-react/icon';
import {
  type DeliveryCounts,
  type DeliveryState,
  isRobotChannel,
  type Locale,
  type NotifyChannel,
  type Push,
  type PushState,
} from '@water/contracts';
import { Link } from 'react-router';
import type { PushI18n } from '../use-push-i18n.ts';

/** Arco tag colours of a push's life. */
const PUSH_STATE_COLORS: Record<PushState, string> = {
  scheduled: 'purple',
  sending: 'arcoblue',
  done: 'green',
  cancelled: 'gray',
};

/** Arco tag colours of a delivery's life: failures red, on the way blue, waiting grey. */
export const DELIVERY_STATE_COLORS: Record<DeliveryState, string> = {
  queued: 'gray',
  sending: 'arcoblue',
  sent: 'green',
  failed: 'red',
  retrying: 'orange',
  'given-up': 'orangered',
};

export function PushStateTag({ state, i18n }: { state: PushState; i18n: PushI18n }) {
  const icon = state === 'sending' ? <IconLoading /> : state === 'scheduled' ? <IconClockCircle /> : undefined;
  return (
    <Tag size="small" color={PUSH_STATE_COLORS[state]} icon={icon} className="push-state">
      {i18n.t(`push.state.${state}`)}
    </Tag>
  );
}

export function DeliveryStateTag({ state, i18n }: { state: DeliveryState; i18n: PushI18n }) {
  return (
    <Tag size="small" color={DELIVERY_STATE_COLORS[state]}>
      {i18n.t(`push.delivery.${state}`)}
    </Tag>
  );
}

export const channelText = (channel: NotifyChannel, i18n: PushI18n) => i18n.t(`push.channel.${channel}`);

/**
 * A channel's name; a group robot is blue, with the group mark where there is room, since it posts
 * once to a chat, not to each recipient.
 */
export function ChannelTag({
  channel,
  i18n,
  compact = false,
}: {
  channel: NotifyChannel;
  i18n: PushI18n;
  compact?: boolean;
}) {
  const robot = isRobotChannel(channel);
  return (
    <Tag
      size="small"
      color={robot ? 'arcoblue' : undefined}
      className="push-channel"
      icon={robot && !compact ? <IconUserGroup /> : undefined}
      title={robot ? i18n.t('push.channel.groupTitle') : undefined}
    >
      {channelText(channel, i18n)}
    </Tag>
  );
}

export function ChannelTags({
  channels,
  i18n,
  compact = false,
}: {
  channels: readonly NotifyChannel[];
  i18n: PushI18n;
  compact?: boolean;
}) {
  return (
    <span className="push-channels">
      {channels.map((c) => (
        <ChannelTag key={c} channel={c} i18n={i18n} compact={compact} />
      ))}
    </span>
  );
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time in a dense column: month, day, hours and minutes ("11/27 13:33"), the year only when it is
 * not this one's. The full time is the cell's hover text.
 */
export function shortDateTime(iso: string, locale: Locale, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const withYear = date.getFullYear() !== now.getFullYear();
  const key = `${locale}:${withYear}`;
  let format = shortFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      ...(withYear ? { year: 'numeric' as const } : {}),
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    shortFormats.set(key, format);
  }
  return format.format(date);
}

/** Where a push came from: by hand, or an alarm (a link to it) or a work order. */
export function SourceText({ push, i18n }: { push: Pick<Push, 'source' | 'sourceId'>; i18n: PushI18n }) {
  const { t } = i18n;
  const { source, sourceId } = push;
  if (source === 'alarm' && /^\d+$/.test(sourceId)) {
    return (
      <Link
        to={`/bz/alarm?alarm=${sourceId}`}
        className="push-source-link"
        aria-label={t('push.source.alarmLabel', { id: sourceId })}
      >
        {t('push.source.alarmLink', { id: sourceId })}
      </Link>
    );
  }
  if (source === 'manual' || source === 'alarm' || source === 'workorder') return <>{t(`push.source.${source}`)}</>;
  return <>{source}</>;
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/** Yuan with two decimals, three where an SMS price needs them (0.045). */
export function moneyText(value: number, locale: Locale): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
    moneyFormats.set(locale, format);
  }
  return format.format(value);
}

/** Failed for good, from the push's point of view: given up counts as failed. */
export const failedOf = (counts: DeliveryCounts) => counts.failed + counts.givenUp;
/** Still to be delivered: queued, sending or waiting to retry. */
export const pendingOf = (counts: DeliveryCounts) => counts.queued + counts.sending + counts.retrying;

/** Delivered, failed and pending as one stacked bar, with "980 / 1000 delivered · 12 failed" under it. */
export function DeliveryProgress({ counts, i18n }: { counts: DeliveryCounts; i18n: PushI18n }) {
  const { t } = i18n;
  const { total, sent } = counts;
  const failed = failedOf(counts);
  const pending = pendingOf(counts);
  if (total === 0) return <span className="list-page__muted">{t('push.progress.none')}</span>;
  const share = (n: number) => `${(n / total) * 100}%`;
  const label = t('push.progress.label', { total, sent, failed, pending });
  return (
    <Tooltip content={label} mini>
      <span className="push-progress" role="img" aria-label={label}>
        <span className="push-progress__bar" aria-hidden>
          <span className="push-progress__part push-progress__part--sent" style={{ width: share(sent) }} />
          <span className="push-progress__part push-progress__part--failed" style={{ width: share(failed) }} />
          <span className="push-progress__part push-progress__part--pending" style={{ width: share(pending) }} />
        </span>
        <span className="push-progress__text" aria-hidden>
          {t('push.progress.sent', { sent, total })}
          {failed > 0 ? (
            <span className="push-progress__failed"> · {t('push.progress.failed', { n: failed })}</span>
          ) : pending > 0 ? (
            <span className="push-progress__pending"> · {t('push.progress.pending', { n: pending })}</span>
          ) : null}
        </span>
      </span>
    </Tooltip>
  );
}
