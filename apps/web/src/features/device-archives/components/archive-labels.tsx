import { Tag, TreeSelect } from '@arco-design/web-react';
import { type ArchiveAttachment, type ArchiveKind, Permissions, type RegionNode } from '@water/contracts';
import type { ReactNode } from 'react';
import type { AttachmentItem } from '../../../shared/ui/attachment-list.tsx';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import type { DeviceArchivesI18n, DeviceArchivesMessageKey } from '../use-device-archives-i18n.ts';

/** Adding, editing and deleting entries (the server checks it too). */
export const ARCHIVE_WRITE = [Permissions.deviceWrite] as const;

const KIND_COLORS: Record<ArchiveKind, string> = {
  installation: 'arcoblue',
  commissioning: 'cyan',
  calibration: 'purple',
  inspection: 'green',
  repair: 'orange',
  part_replacement: 'gold',
  relocation: 'lime',
  scrapping: 'red',
};

export const kindColor = (kind: ArchiveKind) => KIND_COLORS[kind];

export function kindText(kind: ArchiveKind, t: DeviceArchivesI18n['t']): string {
  return t(`deviceArchives.kind.${kind}` as DeviceArchivesMessageKey);
}

export function KindTag({ kind, t }: { kind: ArchiveKind; t: DeviceArchivesI18n['t'] }) {
  return (
    <Tag size="small" color={KIND_COLORS[kind]}>
      {kindText(kind, t)}
    </Tag>
  );
}

/** Days to a due date: red once past, orange while it comes (every row of a due list is close). */
export function DaysLeft({ days, t }: { days: number; t: DeviceArchivesI18n['t'] }) {
  if (days < 0) {
    return (
      <span className="device-archives-due device-archives-due--overdue">
        {t('deviceArchives.due.overdue', { n: -days })}
      </span>
    );
  }
  return (
    <span className="device-archives-due device-archives-due--soon">
      {days === 0 ? t('deviceArchives.due.today') : t('deviceArchives.due.daysLeft', { n: days })}
    </span>
  );
}

/** An entry's files as the shared attachment list shows them. */
export const asAttachmentItems = (files: ArchiveAttachment[]): AttachmentItem[] =>
  files.map((f) => ({ id: f.id, name: f.fileName, size: f.fileSize }));

interface RegionOption {
  key: string;
  title: string;
  children: RegionOption[];
}
const toOptions = (nodes: RegionNode[]): RegionOption[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: toOptions(r.children) }));

/** The region filter: one region, the server adds those below it. */
export function RegionFilter({
  value,
  onChange,
  label,
  placeholder,
  loading,
  regions,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label: string;
  placeholder: string;
  loading: boolean;
  regions: RegionNode[];
}) {
  return (
    <TreeSelect
      className="device-archives-filters__region"
      allowClear
      showSearch
      loading={loading}
      placeholder={placeholder}
      treeData={toOptions(regions)}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={value === undefined ? undefined : String(value)}
      onChange={(key: string | undefined) => onChange(key ? Number(key) : undefined)}
      aria-label={label}
    />
  );
}

/** A device as the archive lists name it: its code, its name, and what else is said of it. */
export function DeviceCell({ code, name, children }: { code: string; name: string; children?: ReactNode }) {
  return (
    <span className="device-archives-stack">
      <code className="device-archives-code">{code}</code>
      <span className="device-archives-ellipsis" title={name}>
        {name}
      </span>
      {children}
    </span>
  );
}

/** A read that failed with nothing to show: the server's reason and a retry. */
export function LoadFailed({ error, onRetry, t }: { error: unknown; onRetry: () => void; t: DeviceArchivesI18n['t'] }) {
  return (
    <LoadFailedResult
      error={error}
      onRetry={onRetry}
      title={t('deviceArchives.loadFailed')}
      requestFailed={t('deviceArchives.requestFailed')}
      retryLabel={t('deviceArchives.retry')}
    />
  );
}
