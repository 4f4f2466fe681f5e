import {
  Collapse,
  Drawer,
  Empty,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { CommandSpec, DeviceType, EventSpec, MetricSpec } from '@water/contracts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { deviceQueries } from '../api/device-queries.ts';
import { type DeviceListI18n, type DeviceListMessageKey, useDeviceListI18n } from '../use-device-list-i18n.ts';

type Named = { nameZh: string; nameEn: string };

/** The device-type catalogue and each type's thing model, read-only: editing types is another screen. */
export function DeviceTypesDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const i18n = useDeviceListI18n();
  const { t } = i18n;
  const title = t('deviceList.typesDrawer.title');
  return (
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
      {visible ? <TypeCatalogue i18n={i18n} /> : null}
    </Drawer>
  );
}

function TypeCatalogue({ i18n }: { i18n: DeviceListI18n }) {
  const { t, locale } = i18n;
  const types = useQuery(deviceQueries.types(locale));
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
  if (types.data.length === 0) return <Empty description={t('deviceList.typesDrawer.empty')} />;
  return (
    <Collapse defaultActiveKey={[String(types.data[0]?.id)]} bordered={false}>
      {types.data.map((type) => (
        <Collapse.Item key={type.id} name={String(type.id)} header={<TypeHeader type={type} i18n={i18n} />}>
          <TypeModel type={type} i18n={i18n} />
        </Collapse.Item>
      ))}
    </Collapse>
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
