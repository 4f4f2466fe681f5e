import {
  Button,
  Collapse,
  Drawer,
  Empty,
  Message,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type CommandSpec, type DeviceType, type EventSpec, type MetricSpec, Permissions } from '@water/contracts';
import { useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { Permission } from '../../../shared/ui/permission.tsx';
import { useRemoveDeviceType } from '../api/device-queries.ts';
import { type DeviceListI18n, type DeviceListMessageKey, useDeviceListI18n } from '../use-device-list-i18n.ts';
import { useDeviceTypeI18n } from '../use-device-type-i18n.ts';
import { DeviceTypeEditorDrawer, type DeviceTypeEditorTarget } from './device-type-editor-drawer.tsx';

type Named = { nameZh: string; nameEn: string };

const writeTypes = [Permissions.deviceTypeWrite];

/**
 * The device-type catalogue and each type's thing model. Everyone reads it; holders of the
 * device-type write permission also create, edit and remove types here (the editor is its own drawer).
 */
export function DeviceTypesDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const i18n = useDeviceListI18n();
  const { t } = i18n;
  const title = t('deviceList.typesDrawer.title');
  const [editing, setEditing] = useState<DeviceTypeEditorTarget>(null);
  return (
    <>
      <Drawer
        width={760}
        visible={visible}
        title={title}
        onCancel={onClose}
        footer={null}
        unmountOnExit
        {...dialogAttributes(title)}
        className="device-list-drawer"
      >
        {visible ? <TypeCatalogue i18n={i18n} onEdit={(type) => setEditing({ type })} /> : null}
      </Drawer>
      <DeviceTypeEditorDrawer target={editing} onClose={() => setEditing(null)} />
    </>
  );
}

type OnEdit = (type: DeviceType | null) => void;

function TypeCatalogue({ i18n, onEdit }: { i18n: DeviceListI18n; onEdit: OnEdit }) {
  const { t, locale } = i18n;
  const ti = useDeviceTypeI18n().t;
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const toolbar = (
    <Permission permissions={writeTypes}>
      <div className="device-type-toolbar">
        <Button type="primary" size="small" icon={<IconPlus />} onClick={() => onEdit(null)}>
          {ti('deviceType.create')}
        </Button>
      </div>
    </Permission>
  );
  if (types.isError) {
    return (
      <Result
        status="error"
        title={t('deviceList.loadFailed')}
        subTitle={errorText(types.error, t('deviceList.requestFailed'))}
      />
    );
  }
  if (types.isPending) return <Skeleton animation text={{ rows: 6 }} />;
  if (types.data.length === 0) {
    return (
      <>
        {toolbar}
        <Empty description={t('deviceList.typesDrawer.empty')} />
      </>
    );
  }
  return (
    <>
      {toolbar}
      <Collapse defaultActiveKey={[String(types.data[0]?.id)]} bordered={false}>
        {types.data.map((type) => (
          <Collapse.Item
            key={type.id}
            name={String(type.id)}
            header={<TypeHeader type={type} i18n={i18n} />}
            extra={
              <Permission permissions={writeTypes}>
                <TypeActions type={type} i18n={i18n} onEdit={onEdit} />
              </Permission>
            }
          >
            <TypeModel type={type} i18n={i18n} />
          </Collapse.Item>
        ))}
      </Collapse>
    </>
  );
}

/** Edit and Delete of one type. A built-in type cannot go; a type devices use is refused by the server. */
function TypeActions({ type, i18n, onEdit }: { type: DeviceType; i18n: DeviceListI18n; onEdit: OnEdit }) {
  const { t } = useDeviceTypeI18n();
  const remove = useRemoveDeviceType();
  const name = i18n.locale === 'zh-CN' ? type.nameZh : type.nameEn;
  async function confirmRemove() {
    try {
      await remove.mutateAsync(type.id);
      Message.success(t('deviceType.done.remove'));
    } catch (error) {
      Message.error(errorText(error, t('deviceType.requestFailed')));
    }
  }
  return (
    // The header toggles its panel on click; the buttons act on their own.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the header
    // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle keys themselves
    <span className="device-list-nowrap" onClick={(e) => e.stopPropagation()}>
      <Button
        size="mini"
        type="text"
        icon={<IconEdit />}
        aria-label={t('deviceType.editOf', { name })}
        onClick={() => onEdit(type)}
      >
        {t('deviceType.edit')}
      </Button>
      {type.builtin ? null : (
        <Popconfirm
          title={t('deviceType.removeConfirm', { name })}
          okButtonProps={{ status: 'danger' }}
          onOk={confirmRemove}
        >
          <Button
            size="mini"
            type="text"
            status="danger"
            icon={<IconDelete />}
            loading={remove.isPending}
            aria-label={t('deviceType.removeOf', { name })}
          >
            {t('deviceType.remove')}
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}

function TypeHeader({ type, i18n }: { type: DeviceType; i18n: DeviceListI18n }) {
  const { t, locale } = i18n;
  return (
    <Space size={8}>
      <span className="device-list-type-name">{locale === 'zh-CN' ? type.nameZh : type.nameEn}</span>
      <code className="device-list-code">{type.code}</code>
      {type.builtin ? (
        <Tag size="small" color="arcoblue">
          {t('deviceList.typesDrawer.builtin')}
        </Tag>
      ) : null}
      <span className="device-list-muted">{t('deviceList.typesDrawer.devices', { count: type.devices })}</span>
    </Space>
  );
}

function TypeModel({ type, i18n }: { type: DeviceType; i18n: DeviceListI18n }) {
  const { t, locale } = i18n;
  const name = (item: Named) => (locale === 'zh-CN' ? item.nameZh : item.nameEn);
  const none = t('deviceList.none');
  const keyColumn = { title: t('deviceList.typesDrawer.key'), dataIndex: 'key', width: 140 };
  const metricColumns: TableColumnProps<MetricSpec>[] = [
    { title: t('deviceList.typesDrawer.name'), dataIndex: 'nameZh', render: (_, m) => name(m) },
    keyColumn,
    { title: t('deviceList.typesDrawer.unit'), dataIndex: 'unit', width: 80, render: (_, m) => m.unit || none },
    {
      title: t('deviceList.typesDrawer.range'),
      dataIndex: 'min',
      width: 140,
      render: (_, m) => (m.min === null && m.max === null ? none : `${m.min ?? '−∞'} ~ ${m.max ?? '+∞'}`),
    },
    { title: t('deviceList.typesDrawer.precision'), dataIndex: 'precision', width: 80 },
  ];
  const eventColumns: TableColumnProps<EventSpec>[] = [
    { title: t('deviceList.typesDrawer.name'), dataIndex: 'nameZh', render: (_, e) => name(e) },
    keyColumn,
    {
      title: t('deviceList.typesDrawer.level'),
      dataIndex: 'level',
      width: 100,
      render: (_, e) => t(`deviceList.level.${e.level}` as DeviceListMessageKey),
    },
  ];
  const commandColumns: TableColumnProps<CommandSpec>[] = [
    { title: t('deviceList.typesDrawer.name'), dataIndex: 'nameZh', render: (_, c) => name(c) },
    keyColumn,
    {
      title: t('deviceList.typesDrawer.params'),
      dataIndex: 'params',
      render: (_, c) => (c.params.length ? c.params.map((p) => `${name(p)} (${p.key})`).join('、') : none),
    },
    {
      title: t('deviceList.typesDrawer.confirm'),
      dataIndex: 'confirm',
      width: 80,
      render: (_, c) => t(c.confirm ? 'deviceList.typesDrawer.yes' : 'deviceList.typesDrawer.no'),
    },
  ];
  const section = <T,>(title: DeviceListMessageKey, columns: TableColumnProps<T>[], data: T[]) => (
    <section className="device-list-model">
      <h3 className="device-list-section-title">{t(title)}</h3>
      {data.length ? (
        <Table<T> rowKey="key" size="small" columns={columns} data={data} pagination={false} border={false} />
      ) : (
        <p className="device-list-muted">{t('deviceList.typesDrawer.none')}</p>
      )}
    </section>
  );
  return (
    <div>
      {type.description ? <p className="device-list-type-description">{type.description}</p> : null}
      {section('deviceList.typesDrawer.metrics', metricColumns, type.model.metrics)}
      {section('deviceList.typesDrawer.events', eventColumns, type.model.events)}
      {section('deviceList.typesDrawer.commands', commandColumns, type.model.commands)}
    </div>
  );
}
