import { Tag } from '@arco-design/web-react';
import type { DeviceStatus, RegionNode } from '@water/contracts';
import type { DeviceListI18n, DeviceListMessageKey } from '../use-device-list-i18n.ts';

const STATUS_COLORS: Record<DeviceStatus, string> = {
  inactive: 'gray',
  online: 'green',
  offline: 'orange',
  disabled: 'red',
};

/** Days a warranty end is flagged ahead of time. */
export const WARRANTY_WARNING_DAYS = 30;
const DAY = 86_400_000;

export function statusText(status: DeviceStatus, t: DeviceListI18n['t']): string {
  return t(`deviceList.status.${status}` as DeviceListMessageKey);
}

export function DeviceStatusTag({ status, t }: { status: DeviceStatus; t: DeviceListI18n['t'] }) {
  return (
    <Tag size="small" color={STATUS_COLORS[status]}>
      {statusText(status, t)}
    </Tag>
  );
}

/** Today in the reader's time zone as YYYY-MM-DD: the form contract dates compare as strings. */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole days from today to an ISO date (negative when past). */
function daysUntil(isoDate: string, today: string): number {
  return Math.round((Date.parse(isoDate) - Date.parse(today)) / DAY);
}

/** The warranty end, orange within 30 days of it and red once it is past. */
export function WarrantyCell({ value, t }: { value: string | null; t: DeviceListI18n['t'] }) {
  if (!value) return <span className="device-list-muted">{t('deviceList.none')}</span>;
  const days = daysUntil(value, localIsoDate());
  if (days < 0) {
    return (
      <span className="device-list-warranty device-list-warranty--expired" title={t('deviceList.warranty.expired')}>
        {value}
      </span>
    );
  }
  if (days <= WARRANTY_WARNING_DAYS) {
    return (
      <span className="device-list-warranty device-list-warranty--soon" title={t('deviceList.warranty.soon', { days })}>
        {value}
      </span>
    );
  }
  return <span className="device-list-nowrap">{value}</span>;
}

export interface RegionTreeNode {
  key: string;
  title: string;
  children: RegionTreeNode[];
}

/** The region tree as Arco's TreeSelect takes it (string keys). */
export const toRegionTreeData = (nodes: RegionNode[]): RegionTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: toRegionTreeData(r.children) }));
