import {
  Button,
  DatePicker,
  Empty,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { ARCHIVE_KINDS, type ArchiveEntry, type ArchiveKind, Permissions } from '@water/contracts';
import { useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { KeywordSearch, pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { type ArchiveFilters, deviceArchiveQueries, useRemoveArchiveEntry } from '../api/device-archive-queries.ts';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { type ArchiveDrawerTarget, ArchiveEntryDrawer } from './archive-entry-drawer.tsx';
import { DeviceCell, KindTag, kindText, RegionFilter } from './archive-labels.tsx';

export const ARCHIVE_WRITE = [Permissions.deviceWrite] as const;
const PAGE_SIZE = 10;

/** Every device's entries: search, filter, add and edit (with files), delete. */
export function ArchiveEntriesTab({ i18n }: { i18n: DeviceArchivesI18n }) {
  const { t, locale } = i18n;
  const writer = useButtonPermission(ARCHIVE_WRITE);
  const [filters, setFilters] = useState<ArchiveFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<ArchiveDrawerTarget>(null);
  const entries = useQuery(deviceArchiveQueries.list(filters, locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  const remove = useRemoveArchiveEntry();
  const filtered = Boolean(filters.keyword || filters.kind || filters.regionId || filters.from || filters.to);
  const none = <span className="device-archives-muted">{t('deviceArchives.none')}</span>;

  const columns: TableColumnProps<ArchiveEntry>[] = [
    { title: t('deviceArchives.col.date'), dataIndex: 'date', width: 110 },
    {
      title: t('deviceArchives.col.device'),
      dataIndex: 'deviceCode',
      width: 220,
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
      title: t('deviceArchives.col.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (_, row) => <KindTag kind={row.kind} t={t} />,
    },
    { title: t('deviceArchives.col.performedBy'), dataIndex: 'performedBy', width: 160 },
    {
      title: t('deviceArchives.col.description'),
      dataIndex: 'description',
      render: (_, row) =>
        row.description ? (
          <span className="device-archives-ellipsis" title={row.description}>
            {row.description}
          </span>
        ) : (
          none
        ),
    },
    {
      title: t('deviceArchives.col.nextDue'),
      dataIndex: 'nextDue',
      width: 110,
      render: (_, row) => row.nextDue ?? none,
    },
    {
      title: t('deviceArchives.col.attachments'),
      dataIndex: 'attachments',
      width: 80,
      render: (_, row) =>
        row.attachments.length ? t('deviceArchives.attachmentCount', { n: row.attachments.length }) : none,
    },
    ...(writer
      ? [
          {
            title: t('deviceArchives.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: locale === 'zh-CN' ? 120 : 140,
            render: (_: unknown, row: ArchiveEntry) =>
              row.deviceArchived ? null : (
                <RowActions
                  row={row}
                  i18n={i18n}
                  onEdit={() => setDrawer({ entry: row })}
                  onRemove={() =>
                    remove.mutateAsync(row.id).then(
                      () => {
                        Message.success(t('deviceArchives.done.delete'));
                      },
                      // The request layer has shown the server's message.
                      () => undefined,
                    )
                  }
                />
              ),
          },
        ]
      : []),
  ];

  const table = (
    <QueryState
      query={entries}
      failedTitle={t('deviceArchives.loadFailed')}
      requestFailed={t('deviceArchives.requestFailed')}
      retryLabel={t('deviceArchives.retry')}
      skeletonClassName="device-archives-skeleton"
    >
      <Table<ArchiveEntry>
        rowKey="id"
        columns={columns}
        data={entries.data?.list ?? []}
        loading={entries.isFetching}
        noDataElement={<Empty description={t(filtered ? 'deviceArchives.emptyFiltered' : 'deviceArchives.empty')} />}
        tableLayoutFixed
        scroll={{ x: writer ? 1200 : 1080 }}
        pagination={tablePagination({
          page: filters.page ?? 1,
          pageSize: filters.pageSize ?? PAGE_SIZE,
          total: entries.data?.total ?? 0,
          showTotal: (total: number) => t('deviceArchives.total', { total }),
        })}
        onChange={(pagination) => setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }))}
      />
    </QueryState>
  );

  return (
    <>
      <search className="device-archives-filters">
        <KeywordSearch
          className="device-archives-filters__keyword"
          label={t('deviceArchives.filter.keyword')}
          value={keyword}
          onChange={setKeyword}
          onKeyword={(next) => setFilters((f) => ({ ...f, keyword: next, page: 1 }))}
        />
        <Select
          className="device-archives-filters__select"
          aria-label={t('deviceArchives.filter.kind')}
          placeholder={t('deviceArchives.filter.allKinds')}
          allowClear
          value={filters.kind}
          onChange={(kind: ArchiveKind | undefined) => setFilters((f) => ({ ...f, kind, page: 1 }))}
          options={ARCHIVE_KINDS.map((kind) => ({ label: kindText(kind, t), value: kind }))}
        />
        <RegionFilter
          label={t('deviceArchives.filter.region')}
          placeholder={t('deviceArchives.filter.allRegions')}
          loading={regions.isPending}
          regions={regions.data ?? []}
          value={filters.regionId}
          onChange={(regionId) => setFilters((f) => ({ ...f, regionId, page: 1 }))}
        />
        <DatePicker.RangePicker
          className="device-archives-filters__dates"
          aria-label={t('deviceArchives.filter.dates')}
          placeholder={[t('deviceArchives.filter.from'), t('deviceArchives.filter.to')]}
          allowClear
          value={filters.from && filters.to ? [filters.from, filters.to] : []}
          onChange={(dates?: string[]) =>
            setFilters((f) => ({ ...f, from: dates?.[0] || undefined, to: dates?.[1] || undefined, page: 1 }))
          }
        />
        {filtered ? (
          <Button
            type="text"
            onClick={() => {
              setKeyword('');
              setFilters((f) => ({ page: 1, pageSize: f.pageSize }));
            }}
          >
            {t('deviceArchives.filter.reset')}
          </Button>
        ) : null}
        <span className="device-archives-filters__spacer" />
        <Permission permissions={ARCHIVE_WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ entry: null })}>
            {t('deviceArchives.create')}
          </Button>
        </Permission>
      </search>
      {table}
      <ArchiveEntryDrawer target={drawer} onClose={() => setDrawer(null)} />
    </>
  );
}

export function RowActions({
  row,
  i18n,
  onEdit,
  onRemove,
}: {
  row: ArchiveEntry;
  i18n: DeviceArchivesI18n;
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = i18n;
  const name = `${row.deviceCode} ${row.date}`;
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        aria-label={t('deviceArchives.actionLabel', { action: t('deviceArchives.action.edit'), name })}
        onClick={onEdit}
      >
        {t('deviceArchives.action.edit')}
      </Button>
      <Popconfirm
        title={t('deviceArchives.confirm.delete', { name: row.deviceName })}
        okText={t('deviceArchives.action.delete')}
        cancelText={t('deviceArchives.cancel')}
        okButtonProps={{ status: 'danger' }}
        onOk={onRemove}
      >
        <Button
          type="text"
          size="small"
          status="danger"
          aria-label={t('deviceArchives.actionLabel', { action: t('deviceArchives.action.delete'), name })}
        >
          {t('deviceArchives.action.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
