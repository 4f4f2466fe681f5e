import {
  Button,
  Descriptions,
  Empty,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { IconArchive, IconEdit, IconLeft, IconPrinter } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Device, type MetricSpec, Permissions } from '@water/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { mapQueries } from '../../../shared/ui/map/map-queries.ts';
import { Permission } from '../../../shared/ui/permission.tsx';
// The detail page is where a device and its archive meet (a page may compose two features).
import { DeviceArchiveTimeline, deviceArchiveQueries } from '../../device-archives/public.ts';
import { deviceQueries } from '../api/device-queries.ts';
import { regionQueries } from '../api/region-queries.ts';
import { type DeviceDrawerTarget, DeviceFormDrawer } from '../components/device-form-drawer.tsx';
import { DeviceStatusTag, WarrantyCell } from '../components/device-labels.tsx';
import { DeviceRetireModal, type RetireTarget } from '../components/device-retire-modal.tsx';
import { type DeviceSecret, DeviceSecretModal } from '../components/device-secret-modal.tsx';
import { type DeviceListI18n, useDeviceListI18n } from '../use-device-list-i18n.ts';
import '../device-list.css';
// The map's frame lives with the region screen's styles.
import '../region.css';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';

const WRITE = [Permissions.deviceWrite] as const;
const DeviceLabelsPrint = lazy(() => import('../components/device-labels-print.tsx'));
const MapRegionView = lazy(() =>
  import('../components/map-region-view.tsx').then((m) => ({ default: m.MapRegionView })),
);
/** Close enough to see the device among its neighbours (street level) when its region has no outline. */
const DETAIL_ZOOM = 15;

/**
 * One device: what it is and where, its thing model's metrics with their latest values, its place on
 * a small map and its whole-life archive. Opened as `#/device/deviceDetail?code=…`, the address its
 * QR label carries.
 */
export function DeviceDetailPage() {
  const i18n = useDeviceListI18n();
  const { t, locale } = i18n;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code')?.trim() ?? '';
  const device = useQuery(deviceQueries.byCode(code, locale));

  const back = (
    <Button icon={<IconLeft />} onClick={() => navigate('/device/deviceList')}>
      {t('deviceDetail.backToList')}
    </Button>
  );
  if (code === '') {
    return (
      <div className="device-list-page">
        <div className="device-list-card">
          <Result status="404" title={t('deviceDetail.noCode')} extra={back} />
        </div>
      </div>
    );
  }
  if (device.isPending) {
    return (
      <div className="device-list-page">
        <div className="device-list-card">
          <Skeleton animation text={{ rows: 10 }} />
        </div>
      </div>
    );
  }
  if (device.isError) {
    return (
      <div className="device-list-page">
        <div className="device-list-card">
          <Result
            status="404"
            title={t('deviceDetail.notFound')}
            subTitle={errorText(device.error, t('deviceDetail.notFoundHelp', { code }))}
            extra={back}
          />
        </div>
      </div>
    );
  }
  return <DeviceDetail device={device.data} i18n={i18n} back={back} />;
}

function DeviceDetail({ device, i18n, back }: { device: Device; i18n: DeviceListI18n; back: React.ReactNode }) {
  const { t, locale } = i18n;
  const queryClient = useQueryClient();
  const [drawer, setDrawer] = useState<DeviceDrawerTarget>(null);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const [retire, setRetire] = useState<RetireTarget>(null);
  const [printing, setPrinting] = useState(false);
  const none = <span className="device-list-muted">{t('deviceList.none')}</span>;
  const archived = device.archivedAt !== null;

  const info = [
    { label: t('deviceList.col.type'), value: device.typeName },
    { label: t('deviceList.field.model'), value: device.model || none },
    { label: t('deviceList.field.manufacturer'), value: device.manufacturer || none },
    { label: t('deviceDetail.field.serialNo'), value: device.serialNo || none },
    { label: t('deviceList.col.region'), value: device.regionName || none },
    { label: t('deviceList.col.station'), value: device.stationName || none },
    {
      label: t('deviceDetail.field.coordinates'),
      value:
        device.longitude !== null && device.latitude !== null
          ? `${device.longitude.toFixed(6)}, ${device.latitude.toFixed(6)}`
          : none,
    },
    { label: t('deviceList.col.installDate'), value: device.installDate ?? none },
    { label: t('deviceList.col.warrantyEnd'), value: <WarrantyCell value={device.warrantyEnd} t={t} /> },
    {
      label: t('deviceList.col.lastSeenAt'),
      value: device.lastSeenAt ? formatDateTime(device.lastSeenAt, locale) : t('deviceList.neverSeen'),
    },
    { label: t('deviceDetail.field.createdAt'), value: formatDateTime(device.createdAt, locale) },
    ...(device.archivedAt
      ? [{ label: t('deviceDetail.field.archivedAt'), value: formatDateTime(device.archivedAt, locale) }]
      : []),
  ];

  return (
    <div className="device-list-page device-detail">
      <div className="device-list-card">
        <header className="device-list-header">
          <div>
            <h1 className="device-list-header__title device-detail__title">
              <code className="device-list-code">{device.code}</code>
              <span>{device.name}</span>
              {archived ? (
                <Tag color="gray" bordered>
                  {t('deviceList.archivedTag')}
                </Tag>
              ) : (
                <DeviceStatusTag status={device.status} t={t} />
              )}
            </h1>
            <p className="device-list-header__subtitle">
              {[device.typeName, device.stationName, device.regionName].filter(Boolean).join(' · ')}
            </p>
          </div>
          <Space wrap>
            {back}
            <Button icon={<IconPrinter />} onClick={() => setPrinting(true)}>
              {t('deviceDetail.printLabel')}
            </Button>
            {archived ? null : (
              <Permission permissions={WRITE}>
                <Button icon={<IconArchive />} onClick={() => setRetire({ device, mode: 'archive' })}>
                  {t('deviceList.action.archive')}
                </Button>
                <Button type="primary" icon={<IconEdit />} onClick={() => setDrawer({ device })}>
                  {t('deviceList.action.edit')}
                </Button>
              </Permission>
            )}
          </Space>
        </header>
        <div className="device-detail__grid">
          <div className="device-detail__main">
            <section aria-label={t('deviceDetail.section.info')}>
              <h2 className="device-detail__section">{t('deviceDetail.section.info')}</h2>
              <Descriptions
                column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
                data={info}
                labelStyle={{ whiteSpace: 'nowrap' }}
                border
                size="small"
              />
            </section>
            <DeviceMetrics device={device} i18n={i18n} />
          </div>
          <div className="device-detail__side">
            <DeviceLocation device={device} i18n={i18n} />
            {/* The timeline names itself (heading and landmark). */}
            <DeviceArchiveTimeline deviceId={device.id} />
          </div>
        </div>
      </div>
      <DeviceFormDrawer target={drawer} onClose={() => setDrawer(null)} onCreated={setSecret} />
      <DeviceSecretModal value={secret} onClose={() => setSecret(null)} />
      <DeviceRetireModal
        target={retire}
        onClose={() => setRetire(null)}
        onArchived={() => queryClient.invalidateQueries({ queryKey: deviceArchiveQueries.all })}
      />
      {printing ? (
        <Suspense fallback={null}>
          <DeviceLabelsPrint devices={[device]} onClose={() => setPrinting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The type's metrics; latest values arrive with telemetry (until a device reports: "no data yet"). */
function DeviceMetrics({ device, i18n }: { device: Device; i18n: DeviceListI18n }) {
  const { t, locale } = i18n;
  const type = useQuery(referenceQueries.deviceType(device.typeId, locale));
  const name = (m: MetricSpec) => (locale === 'zh-CN' ? m.nameZh : m.nameEn);
  const range = (m: MetricSpec) =>
    m.min === null && m.max === null ? t('deviceList.none') : `${m.min ?? '−∞'} ~ ${m.max ?? '∞'}`;
  const columns: TableColumnProps<MetricSpec>[] = [
    { title: t('deviceList.typesDrawer.name'), dataIndex: 'nameZh', render: (_, m) => name(m) },
    {
      title: t('deviceList.typesDrawer.key'),
      dataIndex: 'key',
      render: (_, m) => <code className="device-list-code">{m.key}</code>,
    },
    { title: t('deviceList.typesDrawer.unit'), dataIndex: 'unit', render: (_, m) => m.unit || t('deviceList.none') },
    { title: t('deviceList.typesDrawer.range'), dataIndex: 'min', render: (_, m) => range(m) },
    {
      title: t('deviceDetail.metrics.latest'),
      dataIndex: 'latest',
      render: () => <span className="device-list-muted">{t('deviceDetail.metrics.noData')}</span>,
    },
  ];
  return (
    <section aria-label={t('deviceDetail.section.metrics')}>
      <h2 className="device-detail__section">{t('deviceDetail.section.metrics')}</h2>
      <p className="device-list-muted device-detail__help">{t('deviceDetail.metrics.help')}</p>
      {type.isError ? (
        <Result status="error" subTitle={errorText(type.error, t('deviceList.requestFailed'))} />
      ) : (
        <Table<MetricSpec>
          rowKey="key"
          size="small"
          loading={type.isPending}
          columns={columns}
          data={type.data?.model.metrics ?? []}
          pagination={false}
          noDataElement={<Empty description={t('deviceDetail.metrics.empty')} />}
        />
      )}
    </section>
  );
}

/** The device on a small map, centred on it, with its region's outline where it has one. */
function DeviceLocation({ device, i18n }: { device: Device; i18n: DeviceListI18n }) {
  const { t } = i18n;
  const config = useQuery(mapQueries.config());
  const region = useQuery({ ...regionQueries.get(device.regionId ?? 0), enabled: device.regionId !== null });
  const position: [number, number] | null =
    device.longitude !== null && device.latitude !== null ? [device.longitude, device.latitude] : null;
  let body: React.ReactNode;
  if (!position) body = <Empty description={t('deviceDetail.location.none')} />;
  else if (!config.data || (device.regionId !== null && region.isPending)) {
    body = <Skeleton animation text={{ rows: 4 }} />;
  } else {
    body = (
      <Suspense fallback={<Skeleton animation text={{ rows: 4 }} />}>
        <MapRegionView
          config={{ ...config.data, center: position, zoom: DETAIL_ZOOM }}
          regions={
            region.data ? [{ code: region.data.code, name: region.data.name, geometry: region.data.boundary }] : []
          }
          // With an outline the map frames the region (the device inside it); without, the device.
          selectedCode={region.data?.boundary ? region.data.code : null}
          points={[{ kind: 'device', name: device.name, position }]}
          draft={null}
          onAddVertex={() => undefined}
          onSelectRegion={() => undefined}
          label={t('deviceDetail.map.label')}
          unavailableText={t('deviceDetail.map.unavailable')}
        />
      </Suspense>
    );
  }
  return (
    <section aria-label={t('deviceDetail.section.location')}>
      <h2 className="device-detail__section">{t('deviceDetail.section.location')}</h2>
      <div className="device-detail__map">{body}</div>
    </section>
  );
}
