import { Tag } from '@arco-design/web-react';
import type { ArchiveEntry } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { DeviceCell, KindTag } from '../components/archive-labels.tsx';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';

export interface ArchiveRowActions {
  onEdit: (row: ArchiveEntry) => void;
  onRemove: (row: ArchiveEntry) => Promise<unknown>;
}

/**
 * The archive entries' columns. At 1366 px date, device, kind, performer, description, files and
 * actions fit in both languages (zh 970 px, en 1020 px of the 1025 px a 1366 px screen leaves); the next due date of a calibration
 * is a click away in the column chooser (the due calibrations tab lists them).
 */
export function archiveEntryColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: DeviceArchivesI18n;
  writer: boolean;
  actions: ArchiveRowActions;
}): ListColumn<ArchiveEntry>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const none = <span className="list-page__muted">{t('deviceArchives.none')}</span>;
  return [
    { key: 'date', title: t('deviceArchives.col.date'), dataIndex: 'date', width: 110 },
    {
      key: 'device',
      choice: 'always',
      title: t('deviceArchives.col.device'),
      dataIndex: 'deviceCode',
      width: 200,
      render: (_, row) => (
        <DeviceCell code={row.deviceCode} name={row.deviceName}>
          {row.deviceArchived ? (
            <Tag size="small" color="gray">
              {t('deviceArchives.archived')}
            </Tag>
          ) : null}
        </DeviceCell>
      ),
    },
    {
      key: 'kind',
      choice: 'always',
      title: t('deviceArchives.col.kind'),
      dataIndex: 'kind',
      width: zh ? 100 : 130,
      render: (_, row) => <KindTag kind={row.kind} t={t} />,
    },
    {
      key: 'performedBy',
      title: t('deviceArchives.col.performedBy'),
      dataIndex: 'performedBy',
      width: 140,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.performedBy}>
          {row.performedBy}
        </span>
      ),
    },
    {
      key: 'description',
      title: t('deviceArchives.col.description'),
      dataIndex: 'description',
      width: zh ? 220 : 190,
      render: (_, row) =>
        row.description ? (
          <span className="list-page__ellipsis" title={row.description}>
            {row.description}
          </span>
        ) : (
          none
        ),
    },
    {
      key: 'nextDue',
      choice: 'hidden',
      title: t('deviceArchives.col.nextDue'),
      dataIndex: 'nextDue',
      width: 110,
      render: (_, row) => row.nextDue ?? none,
    },
    {
      key: 'attachments',
      title: t('deviceArchives.col.attachments'),
      dataIndex: 'attachments',
      width: zh ? 80 : 100,
      render: (_, row) =>
        row.attachments.length ? t('deviceArchives.attachmentCount', { n: row.attachments.length }) : none,
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('deviceArchives.col.actions'),
            fixed: 'right' as const,
            width: zh ? 120 : 150,
            render: (_: unknown, row: ArchiveEntry) =>
              // An archived device's entries are a closed record.
              row.deviceArchived ? null : <EntryActions row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function EntryActions({
  row,
  i18n,
  actions,
}: {
  row: ArchiveEntry;
  i18n: DeviceArchivesI18n;
  actions: ArchiveRowActions;
}) {
  const { t } = i18n;
  const name = `${row.deviceCode} ${row.date}`;
  return (
    <RowActions>
      <RowAction
        text={t('deviceArchives.action.edit')}
        label={t('deviceArchives.actionLabel', { action: t('deviceArchives.action.edit'), name })}
        onClick={() => actions.onEdit(row)}
      />
      <ConfirmAction
        danger
        text={t('deviceArchives.action.delete')}
        label={t('deviceArchives.actionLabel', { action: t('deviceArchives.action.delete'), name })}
        question={t('deviceArchives.confirm.delete', { name: row.deviceName })}
        onConfirm={() => actions.onRemove(row)}
      />
    </RowActions>
  );
}
