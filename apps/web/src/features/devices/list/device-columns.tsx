import { Button, Dropdown, Menu, Popconfirm, Space, Tag } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import type { Device } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import type { SortOrder } from '../../../shared/ui/use-list-filters.ts';
import { DeviceStatusTag, WarrantyCell } from '../components/device-labels.tsx';
import type { DeviceListI18n, DeviceListMessageKey } from '../use-device-list-i18n.ts';

export interface DeviceRowActions {
  onView: (row: Device) => void;
  onEdit: (row: Device) => void;
  onToggle: (row: Device) => Promise<unknown>;
  onRotate: (row: Device) => Promise<unknown>;
  onRetire: (row: Device, mode: 'delete' | 'archive') => void;
}

/**
 * The device register's columns. At 1366 px the key ones fit without scrolling in both languages
 * (code, name, type, station, status, last seen, actions); region, model, install date and warranty
 * are a click away in the column chooser.
 */
export function deviceColumns({
  i18n,
  sortOrder,
  writer,
  actions,
}: {
  i18n: DeviceListI18n;
  sortOrder: (field: string) => SortOrder;
  writer: boolean;
  actions: DeviceRowActions;
}): ListColumn<Device>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  const muted = (text: string) => <span className="list-page__muted">{text}</span>;
  const none = t('deviceList.none');
  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrder(field) });

  return [
    {
      key: 'code',
      choice: 'always',
      title: t('deviceList.col.code'),
      dataIndex: 'code',
      width: 140,
      ...sortable('code'),
      render: (_, row) => (
        <Button
          type="text"
          size="mini"
          className="device-list-code-link"
          title={row.code}
          aria-label={t('deviceList.actionLabel', { action: t('deviceList.action.view'), name: row.code })}
          onClick={() => actions.onView(row)}
        >
          <code className="device-list-code list-page__ellipsis">{row.code}</code>
        </Button>
      ),
    },
    {
      key: 'name',
      choice: 'always',
      title: t('deviceList.col.name'),
      dataIndex: 'name',
      width: 150,
      ...sortable('name'),
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.name}>
          {row.name}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('deviceList.col.type'),
      dataIndex: 'typeName',
      width: zh ? 110 : 130,
      render: (_, row) => (
        <span className="list-page__ellipsis" title={row.typeName}>
          {row.typeName}
        </span>
      ),
    },
    {
      key: 'model',
      choice: 'hidden',
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
      key: 'region',
      choice: 'hidden',
      title: t('deviceList.col.region'),
      dataIndex: 'regionName',
      width: 120,
      render: (_, row) => row.regionName || muted(none),
    },
    {
      key: 'station',
      title: t('deviceList.col.station'),
      dataIndex: 'stationName',
      width: 120,
      render: (_, row) =>
        row.stationName ? (
          <span className="list-page__ellipsis" title={row.stationName}>
            {row.stationName}
          </span>
        ) : (
          muted(none)
        ),
    },
    {
      key: 'status',
      choice: 'always',
      title: t('deviceList.col.status'),
      dataIndex: 'status',
      width: zh ? 90 : 104,
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
      key: 'installDate',
      choice: 'hidden',
      title: t('deviceList.col.installDate'),
      dataIndex: 'installDate',
      width: 110,
      ...sortable('installDate'),
      render: (_, row) => row.installDate ?? muted(none),
    },
    {
      key: 'warrantyEnd',
      choice: 'hidden',
      title: t('deviceList.col.warrantyEnd'),
      dataIndex: 'warrantyEnd',
      width: 110,
      ...sortable('warrantyEnd'),
      render: (_, row) => <WarrantyCell value={row.warrantyEnd} t={t} />,
    },
    {
      key: 'lastSeenAt',
      title: t('deviceList.col.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      width: 140,
      ...sortable('lastSeenAt'),
      render: (_, row) => (
        <span className="list-page__nowrap">
          {row.lastSeenAt ? formatDateTime(row.lastSeenAt, locale) : muted(t('deviceList.neverSeen'))}
        </span>
      ),
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('deviceList.col.actions'),
            fixed: 'right' as const,
            width: zh ? 150 : 190,
            render: (_: unknown, row: Device) => <RowActions row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function RowActions({ row, i18n, actions }: { row: Device; i18n: DeviceListI18n; actions: DeviceRowActions }) {
  const { t } = i18n;
  const label = (action: DeviceListMessageKey) => t('deviceList.actionLabel', { action: t(action), name: row.code });
  const [confirmSecret, setConfirmSecret] = useState(false);
  // An archived device is a closed record: nothing left to do to it here.
  if (row.archivedAt) return <span className="list-page__muted">{t('deviceList.none')}</span>;
  const disabled = row.status === 'disabled';
  const toggle: DeviceListMessageKey = disabled ? 'deviceList.action.enable' : 'deviceList.action.disable';
  return (
    <Space size={0} className="list-page__row-actions">
      <Button type="text" size="small" aria-label={label('deviceList.action.edit')} onClick={() => actions.onEdit(row)}>
        {t('deviceList.action.edit')}
      </Button>
      <Popconfirm
        title={t(disabled ? 'deviceList.confirm.enable' : 'deviceList.confirm.disable', { name: row.name })}
        okText={t(toggle)}
        cancelText={t('deviceList.cancel')}
        okButtonProps={disabled ? {} : { status: 'danger' }}
        onOk={() => actions.onToggle(row)}
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
        onOk={() => actions.onRotate(row).finally(() => setConfirmSecret(false))}
        onCancel={() => setConfirmSecret(false)}
      >
        <Dropdown
          trigger="click"
          position="br"
          droplist={
            <Menu
              onClickMenuItem={(key) => {
                if (key === 'secret') setConfirmSecret(true);
                else actions.onRetire(row, key === 'archive' ? 'archive' : 'delete');
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
