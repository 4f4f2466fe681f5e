import { Checkbox, DatePicker, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { RegionNode } from '@water/contracts';
import { ALARM_STATES, type AlarmState } from '@water/contracts/alarms';
import { useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { type IdTreeNode, IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import { DeviceTypeSelect, StationSelect } from '../../../shared/ui/reference-selects.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { SeveritySelect } from '../../alarm-rules/public.ts';
import { stateText } from '../alarm-labels.ts';
import type { AlarmListFilters } from '../api/alarm-queries.ts';
import type { AlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import type { AlarmsI18n } from '../use-alarms-i18n.ts';

export type AlarmList = ListFilters<AlarmListFilters>;

const regionNodes = (nodes: RegionNode[]): IdTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

/**
 * The alarm lists' filter row: keyword, severity, state, station, region (and below, the server's
 * doing), device type and "assigned to me"; each applies at once and lives in the address.
 */
export function AlarmFilterFields({
  list,
  i18n,
  common,
  states = ALARM_STATES,
}: {
  list: AlarmList;
  i18n: AlarmsI18n;
  common: AlarmCommonI18n;
  /** The states the list can hold (all four in the records). */
  states?: readonly AlarmState[];
}) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <>
      <ListKeyword
        className="alarm-filters__keyword"
        label={t('alarms.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <SeveritySelect
        className="alarm-filters__select"
        label={t('alarms.filter.severity')}
        placeholder={t('alarms.filter.allSeverities')}
        value={filters.severity}
        onChange={(severity) => set({ severity })}
      />
      <Select
        className="alarm-filters__select alarm-filters__select--state"
        aria-label={t('alarms.filter.state')}
        placeholder={t('alarms.filter.allStates')}
        allowClear
        value={filters.state}
        onChange={(state: AlarmState | undefined) => set({ state })}
        options={states.map((s) => ({ label: stateText(s, common.t), value: s }))}
      />
      <StationSelect
        className="alarm-filters__select alarm-filters__select--wide"
        label={t('alarms.filter.station')}
        placeholder={t('alarms.filter.allStations')}
        value={filters.stationId}
        onChange={(stationId) => set({ stationId })}
      />
      <IdTreeSelect
        className="alarm-filters__region"
        label={t('alarms.filter.region')}
        placeholder={t('alarms.filter.allRegions')}
        loading={regions.isPending}
        treeData={regionNodes(regions.data ?? [])}
        value={filters.regionId ?? null}
        onChange={(regionId) => set({ regionId: regionId ?? undefined })}
      />
      <DeviceTypeSelect
        className="alarm-filters__select alarm-filters__select--wide"
        label={t('alarms.filter.deviceType')}
        placeholder={t('alarms.filter.allDeviceTypes')}
        value={filters.deviceTypeId}
        onChange={(deviceTypeId) => set({ deviceTypeId })}
      />
      <Checkbox
        className="alarm-filters__mine"
        checked={filters.assignedToMe === true}
        onChange={(checked: boolean) => set({ assignedToMe: checked || undefined })}
      >
        {t('alarms.filter.assignedToMe')}
      </Checkbox>
    </>
  );
}

/** A chosen range as whole days: `from` the first day's midnight, `to` (exclusive) the midnight after the last. */
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The last `days` days up to and including today, as the ISO bounds the alarm queries take. */
export function lastDaysRange(days: number, now = new Date()): { from: string; to: string } {
  const today = startOfDay(now);
  return { from: addDays(today, 1 - days).toISOString(), to: addDays(today, 1).toISOString() };
}

const QUICK = [1, 7, 30, 90] as const;

/**
 * The records' time range by days (the raise time), with quick choices. Arco's own shortcuts want
 * dayjs values, which this console does not depend on: the shortcut buttons only say which was picked.
 */
export function AlarmRangePicker({
  from,
  to,
  onChange,
  i18n,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string; to: string }) => void;
  i18n: AlarmsI18n;
}) {
  const { t } = i18n;
  const [open, setOpen] = useState(false);
  const value: [Date, Date] | undefined =
    from && to ? [new Date(from), addDays(new Date(Date.parse(to) - 1), 0)] : undefined;
  return (
    <DatePicker.RangePicker
      className="alarm-filters__range"
      aria-label={t('alarms.filter.range')}
      placeholder={[t('alarms.filter.rangeStart'), t('alarms.filter.rangeEnd')]}
      value={value}
      allowClear={false}
      popupVisible={open}
      onVisibleChange={(visible) => setOpen(Boolean(visible))}
      shortcutsPlacementLeft
      shortcuts={QUICK.map((days) => ({
        key: String(days),
        days,
        text: t(`alarms.range.last${days}`),
        value: () => [],
      }))}
      onSelectShortcut={(shortcut) => {
        onChange(lastDaysRange(Number(shortcut.days)));
        setOpen(false);
      }}
      onChange={(_text, dates) => {
        const [first, last] = dates ?? [];
        if (!first || !last) return;
        onChange({
          from: startOfDay(first.toDate()).toISOString(),
          to: addDays(startOfDay(last.toDate()), 1).toISOString(),
        });
      }}
    />
  );
}
