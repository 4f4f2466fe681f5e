import type { TableColumnProps } from '@arco-design/web-react';
import type { DueCalibration, EndingWarranty } from '@water/contracts';
import { DaysLeft, DeviceCell } from '../components/archive-labels.tsx';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';

type DueRow = { deviceId: number; deviceCode: string; deviceName: string; typeName: string; regionName: string };

/**
 * The columns every due list starts with: which device, of what type, where. Each due list fits a
 * 1366 px screen whole in both languages (calibrations 890 px, warranties 910 px of 1025).
 */
function deviceColumns<T extends DueRow>(t: DeviceArchivesI18n['t']): TableColumnProps<T>[] {
  return [
    {
      title: t('deviceArchives.col.device'),
      dataIndex: 'deviceCode',
      width: 240,
      render: (_, row) => <DeviceCell code={row.deviceCode} name={row.deviceName} />,
    },
    { title: t('deviceArchives.col.deviceType'), dataIndex: 'typeName', width: 130 },
    {
      title: t('deviceArchives.col.region'),
      dataIndex: 'regionName',
      width: 150,
      render: (_, row) => row.regionName || t('deviceArchives.none'),
    },
  ];
}

/** Devices whose latest calibration falls due: when it was done, when it is due, how long is left. */
export function dueCalibrationColumns(t: DeviceArchivesI18n['t']): TableColumnProps<DueCalibration>[] {
  return [
    ...deviceColumns<DueCalibration>(t),
    { title: t('deviceArchives.col.calibratedOn'), dataIndex: 'calibratedOn', width: 120 },
    { title: t('deviceArchives.col.nextDue'), dataIndex: 'nextDue', width: 120 },
    {
      title: t('deviceArchives.col.daysLeft'),
      dataIndex: 'daysLeft',
      width: 130,
      render: (_, row) => <DaysLeft days={row.daysLeft} t={t} />,
    },
  ];
}

/** Devices whose warranty or service contract ends: both dates, and how long is left. */
export function endingWarrantyColumns(t: DeviceArchivesI18n['t']): TableColumnProps<EndingWarranty>[] {
  const date = (value: string | null) => value ?? t('deviceArchives.none');
  return [
    ...deviceColumns<EndingWarranty>(t),
    { title: t('deviceArchives.col.warrantyEnd'), dataIndex: 'warrantyEnd', width: 120, render: date },
    { title: t('deviceArchives.col.serviceEnd'), dataIndex: 'serviceEnd', width: 140, render: date },
    {
      title: t('deviceArchives.col.daysLeft'),
      dataIndex: 'daysLeft',
      width: 130,
      render: (_, row) => <DaysLeft days={row.daysLeft} t={t} />,
    },
  ];
}
