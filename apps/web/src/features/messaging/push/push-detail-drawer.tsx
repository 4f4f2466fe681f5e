import { Descriptions, Message, Select, Tag, Tooltip } from '@arco-design/web-react';
import { IconMoon } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  DELIVERY_STATES,
  type Delivery,
  type DeliveryCounts,
  type DeliveryState,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  notifyApi,
  Permissions,
  type Push,
} from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { type ListColumn, ListKeyword, ListView } from '../../../shared/ui/list-page.tsx';
import { Permission } from '../../../shared/ui/permission.tsx';
import { RecordDrawer, useOpenRecord } from '../../../shared/ui/record-drawer.tsx';
import { ConfirmAction } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { pushQueries, usePushActions } from '../api/push-queries.ts';
import { type PushI18n, usePushI18n } from '../use-push-i18n.ts';
import { SmsCostText } from './push-columns.tsx';
import {
  ChannelTag,
  ChannelTags,
  channelText,
  DELIVERY_STATE_COLORS,
  DeliveryProgress,
  DeliveryStateTag,
  failedOf,
  moneyText,
  PushStateTag,
  SourceText,
  shortDateTime,
} from './push-labels.tsx';

const PUSH = [Permissions.notifyPush] as const;
const PARAM = 'push';
/** The deliveries' filters and page live in the address beside the push's id, under their own prefix. */
const DELIVERY_PREFIX = 'd.';
const DELIVERY_DEFAULTS = { pageSize: 10 };

/** The push open in the drawer, from the address (`?push=<id>`); closing it drops its deliveries' filters too. */
export const useOpenPush = () => useOpenRecord(PARAM, DELIVERY_PREFIX);

/** One push whole: its facts and counts, its deliveries per recipient and channel, resend and cancel. */
export function PushDetailDrawer() {
  const i18n = usePushI18n();
  const { t, locale } = i18n;
  const [id, open] = useOpenPush();
  return (
    <RecordDrawer
      id={id}
      onClose={() => open(null)}
      title={t('push.detail.title')}
      width="min(1120px, calc(100vw - 48px))"
      className="push-drawer"
      closeLabel={t('push.detail.close')}
      query={(push) => pushQueries.detail(push, locale)}
      failed={{ title: t('push.loadFailed'), requestFailed: t('push.requestFailed'), retryLabel: t('push.retry') }}
    >
      {(push) => <DetailView push={push} i18n={i18n} />}
    </RecordDrawer>
  );
}

function facts(push: Push, i18n: PushI18n) {
  const { t, locale } = i18n;
  const none = <span className="list-page__muted">{t('push.none')}</span>;
  const time = (iso: string | null) => (iso ? formatDateTime(iso, locale, { seconds: true }) : none);
  const { userIds, roleCodes, departmentIds } = push.audience;
  // Only what was chosen: "Roles 1 · Departments 2".
  const audience = [
    userIds.length ? t('push.detail.audienceUsers', { n: userIds.length }) : '',
    roleCodes.length ? t('push.detail.audienceRoles', { n: roleCodes.length }) : '',
    departmentIds.length ? t('push.detail.audienceDepartments', { n: departmentIds.length }) : '',
  ].filter(Boolean);
  return [
    { label: t('push.detail.createdAt'), value: time(push.createdAt) },
    { label: t('push.detail.createdBy'), value: push.createdBy || none },
    { label: t('push.detail.source'), value: <SourceText push={push} i18n={i18n} /> },
    { label: t('push.detail.scheduledAt'), value: time(push.scheduledAt) },
    { label: t('push.detail.finishedAt'), value: time(push.finishedAt) },
    { label: t('push.detail.recipients'), value: push.recipients.toLocaleString(locale) },
    {
      label: t('push.detail.audience'),
      value: audience.length ? audience.join(' · ') : t('push.detail.audienceNone'),
    },
    { label: t('push.detail.channels'), value: <ChannelTags channels={push.channels} i18n={i18n} /> },
    {
      label: t('push.detail.sms'),
      value:
        push.channels.includes('sms') || push.smsCount > 0
          ? t('push.detail.smsValue', {
              estimate: moneyText(push.smsEstimate, locale),
              count: push.smsCount,
              cost: moneyText(push.smsCost, locale),
            })
          : none,
    },
    {
      label: t('push.detail.content'),
      value: push.content ? <span className="push-detail__content">{push.content}</span> : none,
      span: 2,
    },
  ];
}

function DetailView({ push, i18n }: { push: Push; i18n: PushI18n }) {
  const { t, locale } = i18n;
  const { resend, cancel } = usePushActions();
  const failed = failedOf(push.counts);
  const list = useListFilters(notifyApi.deliveries.query, { prefix: DELIVERY_PREFIX, defaults: DELIVERY_DEFAULTS });
  const deliveries = useQuery(pushQueries.deliveries(push.id, list.filters, locale, push.state === 'sending'));

  const doResend = () =>
    resend.mutateAsync(push.id).then(
      ({ requeued }) =>
        Message.success(requeued > 0 ? t('push.done.resend', { n: requeued }) : t('push.done.resendNone')),
      // The request layer has shown the server's message.
      () => undefined,
    );
  const doCancel = () =>
    cancel.mutateAsync(push.id).then(
      () => Message.success(t('push.done.cancel')),
      () => undefined,
    );

  return (
    <article className="push-detail" aria-label={push.title}>
      <header className="push-detail__head">
        <PushStateTag state={push.state} i18n={i18n} />
        <h2 className="push-detail__title">{push.title}</h2>
        <Permission permissions={PUSH}>
          <div className="push-detail__actions">
            {push.state === 'scheduled' ? (
              <ConfirmAction
                text={t('push.action.cancel')}
                label={t('push.action.cancelLabel', { title: push.title })}
                danger
                question={t('push.action.cancelQuestion', { title: push.title })}
                hint={t('push.action.cancelHint')}
                onConfirm={doCancel}
              />
            ) : null}
            <ConfirmAction
              text={t('push.action.resend')}
              label={t('push.action.resendLabel', { title: push.title })}
              disabled={failed === 0}
              question={t('push.action.resendQuestion', { n: failed })}
              hint={t('push.action.resendHint')}
              onConfirm={doResend}
            />
          </div>
        </Permission>
      </header>
      <div className="push-detail__progress">
        <DeliveryProgress counts={push.counts} i18n={i18n} />
        <span className="push-detail__cost">
          <SmsCostText push={push} i18n={i18n} />
        </span>
      </div>
      <Descriptions
        className="push-detail__facts"
        column={3}
        size="small"
        border
        colon={locale === 'zh-CN' ? '：' : ':'}
        data={facts(push, i18n)}
      />
      <section className="push-detail__section" aria-label={t('push.deliveries.title')}>
        <h3 className="push-detail__section-title">{t('push.deliveries.title')}</h3>
        <CountsStrip
          counts={push.counts}
          state={list.filters.state}
          onState={(state) => list.set({ state })}
          i18n={i18n}
        />
        <ListView<Delivery>
          filters={
            <>
              <ListKeyword
                className="push-filters__keyword"
                label={t('push.deliveries.filter.keyword')}
                value={list.filters.keyword}
                onKeyword={(keyword) => list.set({ keyword })}
              />
              <Select
                className="push-filters__select"
                aria-label={t('push.deliveries.filter.state')}
                placeholder={t('push.deliveries.filter.allStates')}
                allowClear
                value={list.filters.state}
                onChange={(state: DeliveryState | undefined) => list.set({ state })}
                options={DELIVERY_STATES.map((s) => ({ label: t(`push.delivery.${s}`), value: s }))}
              />
              <Select
                className="push-filters__select"
                aria-label={t('push.deliveries.filter.channel')}
                placeholder={t('push.deliveries.filter.allChannels')}
                allowClear
                value={list.filters.channel}
                onChange={(channel: NotifyChannel | undefined) => list.set({ channel })}
                options={NOTIFY_CHANNELS.filter((c) => push.channels.includes(c)).map((c) => ({
                  label: channelText(c, i18n),
                  value: c,
                }))}
              />
            </>
          }
          list={list}
          query={deliveries}
          columns={deliveryColumns(i18n)}
          rowKey="id"
          emptyText={t('push.deliveries.empty')}
          totalText={(total) => t('push.deliveries.total', { total })}
          tableProps={{ size: 'small', className: 'push-deliveries' }}
        />
      </section>
    </article>
  );
}

const COUNT_KEYS: Record<DeliveryState, keyof DeliveryCounts> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  retrying: 'retrying',
  'given-up': 'givenUp',
};

/** The push's deliveries per state; a state with any is a button that shows only those. */
function CountsStrip({
  counts,
  state,
  onState,
  i18n,
}: {
  counts: DeliveryCounts;
  state: DeliveryState | undefined;
  onState: (state: DeliveryState | undefined) => void;
  i18n: PushI18n;
}) {
  const { t, locale } = i18n;
  return (
    <ul className="push-counts" aria-label={t('push.detail.counts')}>
      {DELIVERY_STATES.map((s) => {
        const n = counts[COUNT_KEYS[s]];
        const name = t(`push.delivery.${s}`);
        return (
          <li key={s}>
            <button
              type="button"
              className={`push-counts__item push-counts__item--${DELIVERY_STATE_COLORS[s]}${state === s ? ' push-counts__item--on' : ''}`}
              aria-pressed={state === s}
              aria-label={t('push.detail.countFilter', { state: name, n })}
              disabled={n === 0 && state !== s}
              onClick={() => onState(state === s ? undefined : s)}
            >
              <span className="push-counts__name">{name}</span>
              <span className="push-counts__n">{n.toLocaleString(locale)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function deliveryColumns(i18n: PushI18n): ListColumn<Delivery>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const none = <span className="list-page__muted">{t('push.none')}</span>;
  const time = (iso: string | null) =>
    iso ? (
      <Tooltip content={formatDateTime(iso, locale, { seconds: true })} mini>
        <time dateTime={iso} className="list-page__nowrap">
          {shortDateTime(iso, locale)}
        </time>
      </Tooltip>
    ) : (
      none
    );
  return [
    {
      key: 'recipient',
      title: t('push.deliveries.col.recipient'),
      dataIndex: 'recipient',
      width: 128,
      // A group robot's row is named by the server ("WeCom group robot"); without a name, say what it is.
      render: (_, row) => (
        <span className="push-recipient">
          {row.recipient || (row.userId === null ? t('push.deliveries.robot') : none)}
        </span>
      ),
    },
    {
      key: 'channel',
      title: t('push.deliveries.col.channel'),
      dataIndex: 'channel',
      width: zh ? 104 : 112,
      render: (_, row) => (
        <StackedCell
          primary={<ChannelTag channel={row.channel} i18n={i18n} />}
          secondary={
            row.fallbackOf ? t('push.deliveries.fallback', { channel: channelText(row.fallbackOf, i18n) }) : undefined
          }
        />
      ),
    },
    {
      key: 'address',
      title: t('push.deliveries.col.address'),
      dataIndex: 'address',
      width: 128,
      render: (_, row) =>
        row.address ? (
          <span className="list-page__ellipsis push-address" title={row.address}>
            {row.address}
          </span>
        ) : (
          none
        ),
    },
    {
      key: 'locale',
      title: t('push.deliveries.col.locale'),
      dataIndex: 'locale',
      width: zh ? 60 : 84,
      render: (_, row) => t(`push.locale.${row.locale}`),
    },
    {
      key: 'state',
      choice: 'always',
      title: t('push.deliveries.col.state'),
      dataIndex: 'state',
      width: zh ? 108 : 112,
      render: (_, row) => (
        <span className="push-delivery-state">
          <DeliveryStateTag state={row.state} i18n={i18n} />
          {row.quiet ? (
            <Tooltip content={t('push.deliveries.quietTitle')} mini>
              <Tag size="small" color="gray" icon={<IconMoon />}>
                {t('push.deliveries.quiet')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      key: 'attempts',
      title: t('push.deliveries.col.attempts'),
      dataIndex: 'attempts',
      width: 64,
      render: (_, row) => <span className="push-number">{row.attempts}</span>,
    },
    {
      key: 'error',
      choice: 'always',
      title: t('push.deliveries.col.error'),
      dataIndex: 'error',
      width: zh ? 228 : 216,
      render: (_, row) =>
        row.error ? (
          <span className="push-error" title={row.error}>
            {row.error}
          </span>
        ) : (
          none
        ),
    },
    {
      key: 'next',
      title: t('push.deliveries.col.next'),
      dataIndex: 'nextAttemptAt',
      width: zh ? 104 : 108,
      render: (_, row) =>
        row.state === 'retrying' || row.state === 'queued' || row.quiet ? time(row.nextAttemptAt) : none,
    },
    {
      key: 'sentAt',
      title: t('push.deliveries.col.sentAt'),
      dataIndex: 'sentAt',
      width: zh ? 104 : 108,
      render: (_, row) => time(row.sentAt),
    },
  ];
}
