import { DatePicker, Select } from '@arco-design/web-react';
import { NOTIFY_CHANNELS, type NotifyChannel, PUSH_STATES, type PushState } from '@water/contracts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import type { PushFilters } from '../api/push-queries.ts';
import type { PushI18n } from '../use-push-i18n.ts';
import { channelText } from './push-labels.tsx';

const SOURCES = ['manual', 'alarm', 'workorder'] as const;
type Source = (typeof SOURCES)[number];

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const nextDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);

/**
 * The push log's filter row: keyword, state, source, channel and the days created (`from` the first
 * day's midnight, `to` the midnight after the last); each applies at once and lives in the address.
 */
export function PushFilterFields({
  list,
  i18n,
}: {
  list: ListFilters<PushFilters & { page: number; pageSize: number }>;
  i18n: PushI18n;
}) {
  const { t } = i18n;
  const { filters, set } = list;
  const range: [Date, Date] | undefined =
    filters.from && filters.to ? [new Date(filters.from), new Date(Date.parse(filters.to) - 1)] : undefined;
  return (
    <>
      <ListKeyword
        className="push-filters__keyword"
        label={t('push.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <Select
        className="push-filters__select"
        aria-label={t('push.filter.state')}
        placeholder={t('push.filter.allStates')}
        allowClear
        value={filters.state}
        onChange={(state: PushState | undefined) => set({ state })}
        options={PUSH_STATES.map((s) => ({ label: t(`push.state.${s}`), value: s }))}
      />
      <Select
        className="push-filters__select"
        aria-label={t('push.filter.source')}
        placeholder={t('push.filter.allSources')}
        allowClear
        value={filters.source}
        onChange={(source: Source | undefined) => set({ source })}
        options={SOURCES.map((s) => ({ label: t(`push.source.${s}`), value: s }))}
      />
      <Select
        className="push-filters__select"
        aria-label={t('push.filter.channel')}
        placeholder={t('push.filter.allChannels')}
        allowClear
        value={filters.channel}
        onChange={(channel: NotifyChannel | undefined) => set({ channel })}
        options={NOTIFY_CHANNELS.map((c) => ({ label: channelText(c, i18n), value: c }))}
      />
      <DatePicker.RangePicker
        className="push-filters__range"
        aria-label={t('push.filter.range')}
        placeholder={[t('push.filter.rangeStart'), t('push.filter.rangeEnd')]}
        inputProps={[{ 'aria-label': t('push.filter.rangeStart') }, { 'aria-label': t('push.filter.rangeEnd') }]}
        value={range}
        allowClear
        onChange={(_text, dates) => {
          const [first, last] = dates ?? [];
          if (!first || !last) {
            set({ from: undefined, to: undefined });
            return;
          }
          set({
            from: startOfDay(first.toDate()).toISOString(),
            to: nextDay(startOfDay(last.toDate())).toISOString(),
          });
        }}
      />
    </>
  );
}
