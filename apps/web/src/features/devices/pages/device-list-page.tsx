import {
  Button,
  Dropdown,
  Empty,
  Menu,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { IconApps, IconDown, IconDownload, IconPlus, IconPrinter, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  DEVICE_LIFECYCLES,
  DEVICE_SORT_FIELDS,
  DEVICE_STATUSES,
  type Device,
  type DeviceStatus,
  Permissions,
} from '@water/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { KeywordSearch, pageFrom, QueryState, sortFrom, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import {
  type DeviceFilters,
  deviceQueries,
  useRotateDeviceSecret,
  useSetDeviceEnabled,
} from '../api/device-queries.ts';
import { exportDevices } from '../api/device-transfer-queries.ts';
import { type DeviceDrawerTarget, DeviceFormDrawer, RegionSelect } from '../components/device-form-drawer.tsx';
import { DeviceImportModal } from '../components/device-import-modal.tsx';
import { DeviceStatusTag, statusText, WarrantyCell } from '../components/device-labels.tsx';
import { DeviceRetireModal, type RetireTarget } from '../components/device-retire-modal.tsx';
import { type DeviceSecret, DeviceSecretModal } from '../components/device-secret-modal.tsx';
import { DeviceTypesDrawer } from '../components/device-types-drawer.tsx';
import { type DeviceListI18n, type DeviceListMessageKey, useDeviceListI18n } from '../use-device-list-i18n.ts';
import { useDeviceTransferI18n } from '../use-device-transfer-i18n.ts';
import '../device-list.css';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';

const WRITE = [Permissions.deviceWrite] as const;
// The QR encoder comes with the labels, not with the list.
const DeviceLabelsPrint = lazy(() => import('../components/device-labels-print.tsx'));
const PAGE_SIZE = 10;
/** Arco's checkbox column. */
const SELECTION_WIDTH = 48;
type SortField = (typeof DEVICE_SORT_FIELDS)[number];
type Lifecycle = (typeof DEVICE_LIFECYCLES)[number];

/** The detail page's address: what a device's QR label carries too. */
export const deviceDetailPath = (code: string) => `/device/deviceDetail?code=${encodeURIComponent(code)}`;

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
  const [retire, setRetire] = useState<RetireTarget>(null);
  const navigate = useNavigate();
  const transfer = useDeviceTransferI18n();
  // Selection is kept across pages and filters: labels are printed for what was picked.
  const [selected, setSelected] = useState<Device[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const devices = useQuery(deviceQueries.list(filters, locale));
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const stations = useQuery(referenceQueries.stations(locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  const setEnabled = useSetDeviceEnabled();
  const rotate = useRotateDeviceSecret();
  const filtered = Boolean(
    filters.keyword ||
      filters.typeId ||
      filters.regionId ||
      filters.stationId ||
      filters.status ||
      (filters.lifecycle && filters.lifecycle !== 'in_service'),
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
        <Button
          type="text"
          size="mini"
          className="device-list-code-link"
          title={row.code}
          aria-label={t('deviceList.actionLabel', { action: t('deviceList.action.view'), name: row.code })}
          onClick={() => navigate(deviceDetailPath(row.code))}
        >
          <code className="device-list-code device-list-ellipsis">{row.code}</code>
        </Button>
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
    { title: t('deviceList.col.type'), dataIndex: 'typeName', width: locale === 'zh-CN' ? 120 : 150 },
    {
      title: t('deviceList.col.model'),
      dataIndex: 'model',
      width: 160,
      render: (_, row) =>
        row.model || row.manufacturer ? (
          <StackedCell primary={row.model || none} secondary={row.manufacturer} />
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
      width: locale === 'zh-CN' ? 90 : 104,
      render: (_, row) =>
        row.archivedAt ? (
          <Tag size="small" color="gray" bordered>
            {t('deviceList.archivedTag')}
          </Tag>
        ) : (
          <DeviceStatusTag status={row.status} t={t} />
        ),
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
            width: locale === 'zh-CN' ? 150 : 190,
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
                onRetire={(mode) => setRetire({ device: row, mode })}
              />
            ),
          },
        ]
      : []),
  ];

  const exportList = (format: 'xlsx' | 'csv') => {
    setExporting(true);
    // A refusal is the request layer's toast.
    exportDevices(filters, format, locale, `${transfer.t('deviceTransfer.export.file')}.${format}`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const table = (
    <QueryState
      query={devices}
      failedTitle={t('deviceList.loadFailed')}
      requestFailed={t('deviceList.requestFailed')}
      retryLabel={t('deviceList.retry')}
      skeletonClassName="device-list-skeleton"
    >
      <Table<Device>
        rowKey="id"
        rowSelection={{
          type: 'checkbox',
          checkCrossPage: true,
          selectedRowKeys: selected.map((d) => d.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        columns={columns}
        data={devices.data?.list ?? []}
        loading={devices.isFetching}
        noDataElement={<Empty description={t(filtered ? 'deviceList.emptyFiltered' : 'deviceList.empty')} />}
        tableLayoutFixed
        // Wide enough for every column, so none slips under the fixed actions column.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), SELECTION_WIDTH) }}
        pagination={tablePagination({
          page: filters.page ?? 1,
          pageSize: filters.pageSize ?? PAGE_SIZE,
          total: devices.data?.total ?? 0,
          showTotal: (total: number) => t('deviceList.total', { total }),
        })}
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra.action === 'sort') {
            setFilters((f) => ({ ...f, page: 1, ...sortFrom(sorter, DEVICE_SORT_FIELDS) }));
            return;
          }
          setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }));
        }}
      />
    </QueryState>
  );

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
              <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
                {transfer.t('deviceTransfer.import.open')}
              </Button>
            </Permission>
            <Dropdown
              trigger="click"
              droplist={
                <Menu onClickMenuItem={(key) => exportList(key === 'csv' ? 'csv' : 'xlsx')}>
                  <Menu.Item key="xlsx">{transfer.t('deviceTransfer.export.xlsx')}</Menu.Item>
                  <Menu.Item key="csv">{transfer.t('deviceTransfer.export.csv')}</Menu.Item>
                </Menu>
              }
            >
              <Button icon={<IconDownload />} loading={exporting}>
                {transfer.t('deviceTransfer.export')}
              </Button>
            </Dropdown>
            <Button icon={<IconPrinter />} disabled={selected.length === 0} onClick={() => setPrinting(true)}>
              {transfer.t('deviceTransfer.labels.open', { n: selected.length })}
            </Button>
            <Permission permissions={WRITE}>
              <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ device: null })}>
                {t('deviceList.create')}
              </Button>
            </Permission>
          </Space>
        </header>
        <search className="device-list-filters">
          <KeywordSearch
            className="device-list-filters__keyword"
            label={t('deviceList.filter.keyword')}
            value={keyword}
            onChange={setKeyword}
            onKeyword={(next) => setFilters((f) => ({ ...f, keyword: next, page: 1 }))}
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
          <Select
            className="device-list-filters__select"
            aria-label={t('deviceList.filter.lifecycle')}
            value={filters.lifecycle ?? 'in_service'}
            onChange={(lifecycle: Lifecycle) => setFilters((f) => ({ ...f, lifecycle, page: 1 }))}
            options={DEVICE_LIFECYCLES.map((value) => ({ label: t(`deviceList.lifecycle.${value}`), value }))}
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
      <DeviceRetireModal target={retire} onClose={() => setRetire(null)} />
      <DeviceImportModal visible={importing} onClose={() => setImporting(false)} />
      {printing ? (
        <Suspense fallback={null}>
          <DeviceLabelsPrint devices={selected} onClose={() => setPrinting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function RowActions({
  row,
  i18n,
  onEdit,
  onToggle,
  onRotate,
  onRetire,
}: {
  row: Device;
  i18n: DeviceListI18n;
  onEdit: () => void;
  onToggle: () => Promise<unknown>;
  onRotate: () => Promise<unknown>;
  onRetire: (mode: 'delete' | 'archive') => void;
}) {
  const { t } = i18n;
  const label = (action: DeviceListMessageKey) => t('deviceList.actionLabel', { action: t(action), name: row.code });
  const [confirmSecret, setConfirmSecret] = useState(false);
  // An archived device is a closed record: nothing left to do to it here.
  if (row.archivedAt) return <span className="device-list-muted">{t('deviceList.none')}</span>;
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
        popupVisible={confirmSecret}
        onVisibleChange={(visible) => {
          if (!visible) setConfirmSecret(false);
        }}
        title={t('deviceList.confirm.secret', { name: row.name })}
        okText={t('deviceList.action.secret')}
        cancelText={t('deviceList.cancel')}
        onOk={() => onRotate().finally(() => setConfirmSecret(false))}
        onCancel={() => setConfirmSecret(false)}
      >
        <Dropdown
          trigger="click"
          position="br"
          droplist={
            <Menu
              onClickMenuItem={(key) => {
                if (key === 'secret') setConfirmSecret(true);
                else onRetire(key === 'archive' ? 'archive' : 'delete');
              }}
            >
              <Menu.Item key="secret">{t('deviceList.action.secret')}</Menu.Item>
              <Menu.Item key="archive">{t('deviceList.action.archive')}</Menu.Item>
              <Menu.Item key="delete" className="device-list-menu-danger">
                {t('deviceList.action.delete')}
              </Menu.Item>
            </Menu>
          }
        >
          <Button type="text" size="small" aria-label={label('deviceList.action.more')}>
            {t('deviceList.action.more')}
            <IconDown />
          </Button>
        </Dropdown>
      </Popconfirm>
    </Space>
  );
}
