import { Message } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type ArchiveEntry, deviceArchivesApi } from '@water/contracts';
import { ListView } from '../../../shared/ui/list-page.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { deviceArchiveQueries, useRemoveArchiveEntry } from '../api/device-archive-queries.ts';
import { archiveEntryColumns } from '../list/archive-entry-columns.tsx';
import { ArchiveEntryFilterFields } from '../list/archive-entry-filters.tsx';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { ARCHIVE_WRITE } from './archive-labels.tsx';

const DEFAULTS = { pageSize: 10 };

/** Every device's entries: search and filter (kept in the address), edit, delete. */
export function ArchiveEntriesTab({
  i18n,
  onEdit,
}: {
  i18n: DeviceArchivesI18n;
  onEdit: (entry: ArchiveEntry) => void;
}) {
  const { t, locale } = i18n;
  const writer = useButtonPermission(ARCHIVE_WRITE);
  const list = useListFilters(deviceArchivesApi.list.query, { defaults: DEFAULTS });
  const entries = useQuery(deviceArchiveQueries.list(list.filters, locale));
  const remove = useRemoveArchiveEntry();

  const columns = archiveEntryColumns({
    i18n,
    writer,
    actions: {
      onEdit,
      onRemove: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('deviceArchives.done.delete')),
          // The request layer has shown the server's message.
          () => undefined,
        ),
    },
  });

  return (
    <ListView<ArchiveEntry>
      filters={<ArchiveEntryFilterFields list={list} i18n={i18n} />}
      list={list}
      query={entries}
      columns={columns}
      columnsId="device-archives"
      rowKey="id"
      emptyText={t('deviceArchives.empty')}
    />
  );
}
