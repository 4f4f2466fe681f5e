import { Button, Dropdown, Menu, Message } from '@arco-design/web-react';
import { IconApps, IconDownload, IconPlus, IconPrinter, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_SORT_FIELDS, type Device, devicesApi, Permissions } from '@water/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { deviceQueries, useRotateDeviceSecret, useSetDeviceEnabled } from '../api/device-queries.ts';
import { exportDevices } from '../api/device-transfer-queries.ts';
import { type DeviceDrawerTarget, DeviceFormDrawer } from '../components/device-form-drawer.tsx';
import { DeviceImportModal } from '../components/device-import-modal.tsx';
import { DeviceRetireModal, type RetireTarget } from '../components/device-retire-modal.tsx';
import { type DeviceSecret, DeviceSecretModal } from '../components/device-secret-modal.tsx';
import { DeviceTypesDrawer } from '../components/device-types-drawer.tsx';
import { deviceColumns } from '../list/device-columns.tsx';
import { DeviceFilterFields } from '../list/device-filters.tsx';
import { useDeviceListI18n } from '../use-device-list-i18n.ts';
import { useDeviceTransferI18n } from '../use-device-transfer-i18n.ts';
import '../device-list.css';

const WRITE = [Permissions.deviceWrite] as const;
// The QR encoder comes with the labels, not with the list.
const DeviceLabelsPrint = lazy(() => import('../components/device-labels-print.tsx'));
const DEFAULTS = { pageSize: 10 };

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
  const transfer = useDeviceTransferI18n();
  const writer = useButtonPermission(WRITE);
  const navigate = useNavigate();
  const list = useListFilters(devicesApi.list.query, { defaults: DEFAULTS, sortable: DEVICE_SORT_FIELDS });
  const devices = useQuery(deviceQueries.list(list.filters, locale));
  const setEnabled = useSetDeviceEnabled();
  const rotate = useRotateDeviceSecret();
  const [drawer, setDrawer] = useState<DeviceDrawerTarget>(null);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const [typesOpen, setTypesOpen] = useState(false);
  const [retire, setRetire] = useState<RetireTarget>(null);
  // Selection is kept across pages and filters: labels are printed for what was picked.
  const [selected, setSelected] = useState<Device[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);

  const columns = deviceColumns({
    i18n,
    sortOrder: list.sortOrder,
    writer,
    actions: {
      onView: (row) => navigate(deviceDetailPath(row.code)),
      onEdit: (row) => setDrawer({ device: row }),
      onToggle: (row) => {
        const enabled = row.status === 'disabled';
        return setEnabled.mutateAsync({ id: row.id, enabled }).then(
          () => Message.success(t(enabled ? 'deviceList.done.enable' : 'deviceList.done.disable')),
          // The request layer has shown the server's message.
          () => undefined,
        );
      },
      onRotate: (row) =>
        rotate.mutateAsync(row.id).then(
          ({ secret: value }) => setSecret({ kind: 'rotated', code: row.code, name: row.name, secret: value }),
          () => undefined,
        ),
      onRetire: (row, mode) => setRetire({ device: row, mode }),
    },
  });

  const exportList = (format: 'xlsx' | 'csv') => {
    setExporting(true);
    // A refusal is the request layer's toast.
    exportDevices(list.filters, format, locale, `${transfer.t('deviceTransfer.export.file')}.${format}`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const actions = (
    <>
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
    </>
  );

  return (
    <ListPage<Device>
      title={t('deviceList.title')}
      subtitle={t('deviceList.subtitle')}
      actions={actions}
      filters={<DeviceFilterFields list={list} i18n={i18n} />}
      list={list}
      query={devices}
      columns={columns}
      columnsId="devices"
      rowKey="id"
      emptyText={t('deviceList.empty')}
      totalText={(total) => t('deviceList.total', { total })}
      rowSelection={{
        type: 'checkbox',
        checkCrossPage: true,
        selectedRowKeys: selected.map((d) => d.id),
        onChange: (_keys, rows) => setSelected(rows),
      }}
    >
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
    </ListPage>
  );
}
