import {
  Button,
  Empty,
  Input,
  Message,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconApps, IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_SORT_FIELDS, DEVICE_STATUSES, type Device, type DeviceStatus, Permissions } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import {
  type DeviceFilters,
  deviceQueries,
  useRemoveDevice,
  useRotateDeviceSecret,
  useSetDeviceEnabled,
} from '../api/device-queries.ts';
import { type DeviceDrawerTarget, DeviceFormDrawer, RegionSelect } from '../components/device-form-drawer.tsx';
import { DeviceStatusTag, statusText, WarrantyCell } from '../components/device-labels.tsx';
import { type DeviceSecret, DeviceSecretModal } from '../components/device-secret-modal.tsx';
import { DeviceTypesDrawer } from '../components/device-types-drawer.tsx';
import { type DeviceListI18n, type DeviceListMessageKey, useDeviceListI18n } from '../use-device-list-i18n.ts';
import '../device-list.css';

const WRITE = [Permissions.deviceWrite] as const;
const PAGE_SIZE = 10;
type SortField = (typeof DEVICE_SORT_FIELDS)[number];
const SORTABLE = new Set<string>(DEVICE_SORT_FIELDS);

/**
 * The device register: search and filter (a region includes the regions below it, the server's
 * doing), create and edit, disable, re-key and delete. The server is the guard; the console leaves
 * out what a reader could not use.
 */
export function DeviceListPage() {
  const i18n = useDeviceListI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const [filters, setFilters] = useState<DeviceFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<DeviceDrawerTarget>(null);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const [typesOpen, setTypesOpen] = useState(false);
  const devices = useQuery(deviceQueries.list(filters, locale));
  const types = useQuery(deviceQueries.types(locale));
  const stations = useQuery(deviceQueries.stations(locale));
  const regions = useQuery(deviceQueries.regionTree(locale));
  const setEnabled = useSetDeviceEnabled();
  const rotate = useRotateDeviceSecret();
  const remove = useRemoveDevice();
  const filtered = Boolean(
    filters.keyword || filters.typeId || filters.regionId || filters.stationId || filters.status,
  );

  const sortOrder = (field: SortField) =>
    filters.sort === field ? (filters.order === 'asc' ? 'ascend' : 'descend') : undefined;
  const muted = (text: string) => <span className="device-list-muted">{text}</span>;
  const none = t('deviceList.none');

  const columns: TableColumnProps<Device>[] = [
    {
      title: t('deviceList.col.code'),
      dataIndex: 'code',
      width: 140,
      sorter: true,
      sortOrder: sortOrder('code'),
      render: (_, row) => (
        <code className="device-list-code device-list-ellipsis" title={row.code}>
          {row.code}
        </code>
      ),
    },
    {
      title: t('deviceList.col.name'),
      dataIndex: 'name',
      width: 160,
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, row) => (
        <span className="device-list-ellipsis" title={row.name}>
          {row.name}
        </span>
      ),
    },
    { title: t('deviceList.col.type'), dataIndex: 'typeName', width: 120 },
    {
      title: t('deviceList.col.model'),
      dataIndex: 'model',
      width: 160,
      render: (_, row) =>
        row.model || row.manufacturer ? (
          <span className="device-list-stack">
            <span>{row.model || none}</span>
            <span className="device-list-muted">{row.manufacturer}</span>
          </span>
        ) : (
          muted(none)
        ),
    },
    {
      title: t('deviceList.col.region'),
      dataIndex: 'regionName',
      width: 120,
      render: (_, row) => row.regionName || muted(none),
    },
    {
      title: t('deviceList.col.station'),
      dataIndex: 'stationName',
      width: 130,
      render: (_, row) => row.stationName || muted(none),
    },
    {
      title: t('deviceList.col.status'),
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <DeviceStatusTag status={row.status} t={t} />,
    },
    {
      title: t('deviceList.col.installDate'),
      dataIndex: 'installDate',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('installDate'),
      render: (_, row) => row.installDate ?? muted(none),
    },
    {
      title: t('deviceList.col.warrantyEnd'),
      dataIndex: 'warrantyEnd',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('warrantyEnd'),
      render: (_, row) => <WarrantyCell value={row.warrantyEnd} t={t} />,
    },
    {
      title: t('deviceList.col.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      width: 150,
      sorter: true,
      sortOrder: sortOrder('lastSeenAt'),
      render: (_, row) => (
        <span className="device-list-nowrap">
          {row.lastSeenAt ? formatDateTime(row.lastSeenAt, locale) : muted(t('deviceList.neverSeen'))}
        </span>
      ),
    },
    ...(writer
      ? [
          {
            title: t('deviceList.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: locale === 'zh-CN' ? 210 : 280,
            render: (_: unknown, row: Device) => (
              <RowActions
                row={row}
                i18n={i18n}
                onEdit={() => setDrawer({ device: row })}
                onToggle={() => {
                  const enabled = row.status === 'disabled';
                  return setEnabled.mutateAsync({ id: row.id, enabled }).then(
                    () => {
                      Message.success(t(enabled ? 'deviceList.done.enable' : 'deviceList.done.disable'));
                    },
                    // The request layer has shown the server's message.
                    () => undefined,
                  );
                }}
                onRotate={() =>
                  rotate.mutateAsync(row.id).then(
                    ({ secret: value }) =>
                      setSecret({ kind: 'rotated', code: row.code, name: row.name, secret: value }),
                    () => undefined,
                  )
                }
                onRemove={() =>
                  remove.mutateAsync(row.id).then(
                    () => {
                      Message.success(t('deviceList.done.delete'));
                    },
                    () => undefined,
                  )
                }
              />
            ),
          },
        ]
      : []),
  ];

  let table: React.ReactNode;
  if (devices.isError && !devices.data) {
    table = (
      <Result
        status="error"
        title={t('deviceList.loadFailed')}
        subTitle={errorText(devices.error, t('deviceList.requestFailed'))}
        extra={
          <Button type="primary" onClick={() => devices.refetch()}>
            {t('deviceList.retry')}
          </Button>
        }
      />
    );
  } else if (devices.isPending) {
    table = <Skeleton animation text={{ rows: 8 }} className="device-list-skeleton" />;
  } else {
    table = (
      <Table<Device>
        rowKey="id"
        columns={columns}
        data={devices.data?.list ?? []}
        loading={devices.isFetching}
        noDataElement={<Empty description={t(filtered ? 'deviceList.emptyFiltered' : 'deviceList.empty')} />}
        tableLayoutFixed
        scroll={{ x: writer ? 1500 : 1290 }}
        pagination={{
          current: filters.page ?? 1,
          pageSize: filters.pageSize ?? PAGE_SIZE,
          total: devices.data?.total ?? 0,
          showTotal: (total: number) => t('deviceList.total', { total }),
          sizeCanChange: true,
          sizeOptions: [10, 20, 50],
          hideOnSinglePage: false,
        }}
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.direction && SORTABLE.has(String(one.field)) ? (one.field as SortField) : undefined;
            setFilters((f) => ({
              ...f,
              page: 1,
              sort: field,
              order: field ? (one?.direction === 'ascend' ? 'asc' : 'desc') : undefined,
            }));
            return;
          }
          setFilters((f) => ({ ...f, page: pagination.current ?? 1, pageSize: pagination.pageSize ?? PAGE_SIZE }));
        }}
      />
    );
  }

  return (
    <div className="device-list-page">
      <div className="device-list-card">
        <header className="device-list-header">
          <div>
            <h1 className="device-list-header__title">{t('deviceList.title')}</h1>
            <p className="device-list-header__subtitle">{t('deviceList.subtitle')}</p>
          </div>
          <Space wrap>
            <Button icon={<IconApps />} onClick={() => setTypesOpen(true)}>
              {t('deviceList.types')}
            </Button>
            <Permission permissions={WRITE}>
              <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ device: null })}>
                {t('deviceList.create')}
              </Button>
            </Permission>
          </Space>
        </header>
        <search className="device-list-filters">
          <Input.Search
            className="device-list-filters__keyword"
            aria-label={t('deviceList.filter.keyword')}
            placeholder={t('deviceList.filter.keyword')}
            allowClear
            maxLength={50}
            value={keyword}
            onChange={(value) => {
              setKeyword(value);
              // Clearing the box shows every device again without another Enter.
              if (!value) setFilters((f) => ({ ...f, keyword: undefined, page: 1 }));
            }}
            onSearch={(value) => setFilters((f) => ({ ...f, keyword: value.trim() || undefined, page: 1 }))}
          />
          <Select
            className="device-list-filters__select"
            aria-label={t('deviceList.filter.type')}
            placeholder={t('deviceList.filter.allTypes')}
            allowClear
            loading={types.isPending}
            value={filters.typeId}
            onChange={(typeId: number | undefined) => setFilters((f) => ({ ...f, typeId, page: 1 }))}
            options={(types.data ?? []).map((type) => ({
              label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
              value: type.id,
            }))}
          />
          <RegionSelect
            className="device-list-filters__region"
            label={t('deviceList.filter.region')}
            placeholder={t('deviceList.filter.allRegions')}
            loading={regions.isPending}
            data={regions.data ?? []}
            value={filters.regionId ?? null}
            onChange={(regionId) => setFilters((f) => ({ ...f, regionId: regionId ?? undefined, page: 1 }))}
          />
          <Select
            className="device-list-filters__select"
            aria-label={t('deviceList.filter.station')}
            placeholder={t('deviceList.filter.allStations')}
            allowClear
            showSearch
            loading={stations.isPending}
            value={filters.stationId}
            onChange={(stationId: number | undefined) => setFilters((f) => ({ ...f, stationId, page: 1 }))}
            options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
          />
          <Select
            className="device-list-filters__select"
            aria-label={t('deviceList.filter.status')}
            placeholder={t('deviceList.filter.allStatuses')}
            allowClear
            value={filters.status}
            onChange={(status: DeviceStatus | undefined) => setFilters((f) => ({ ...f, status, page: 1 }))}
            options={DEVICE_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
          />
          {filtered ? (
            <Button
              type="text"
              onClick={() => {
                setKeyword('');
                setFilters((f) => ({ page: 1, pageSize: f.pageSize, sort: f.sort, order: f.order }));
              }}
            >
              {t('deviceList.filter.reset')}
            </Button>
          ) : null}
        </search>
        {table}
      </div>
      <DeviceFormDrawer target={drawer} onClose={() => setDrawer(null)} onCreated={setSecret} />
      <DeviceSecretModal value={secret} onClose={() => setSecret(null)} />
      <DeviceTypesDrawer visible={typesOpen} onClose={() => setTypesOpen(false)} />
    </div>
  );
}

function RowActions({
  row,
  i18n,
  onEdit,
  onToggle,
  onRotate,
  onRemove,
}: {
  row: Device;
  i18n: DeviceListI18n;
  onEdit: () => void;
  onToggle: () => Promise<unknown>;
  onRotate: () => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = i18n;
  const label = (action: DeviceListMessageKey) => t('deviceList.actionLabel', { action: t(action), name: row.code });
  const disabled = row.status === 'disabled';
  const toggle: DeviceListMessageKey = disabled ? 'deviceList.action.enable' : 'deviceList.action.disable';
  return (
    <Space size={0} className="device-list-actions">
      <Button type="text" size="small" aria-label={label('deviceList.action.edit')} onClick={onEdit}>
        {t('deviceList.action.edit')}
      </Button>
      <Popconfirm
        title={t(disabled ? 'deviceList.confirm.enable' : 'deviceList.confirm.disable', { name: row.name })}
        okText={t(toggle)}
        cancelText={t('deviceList.cancel')}
        okButtonProps={disabled ? {} : { status: 'danger' }}
        onOk={onToggle}
      >
        <Button type="text" size="small" aria-label={label(toggle)}>
          {t(toggle)}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('deviceList.confirm.secret', { name: row.name })}
        okText={t('deviceList.action.secret')}
        cancelText={t('deviceList.cancel')}
        onOk={onRotate}
      >
        <Button type="text" size="small" aria-label={label('deviceList.action.secret')}>
          {t('deviceList.action.secret')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('deviceList.confirm.delete', { name: row.name })}
        okText={t('deviceList.action.delete')}
        cancelText={t('deviceList.cancel')}
        okButtonProps={{ status: 'danger' }}
        onOk={onRemove}
      >
        <Button type="text" size="small" status="danger" aria-label={label('deviceList.action.delete')}>
          {t('deviceList.action.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
