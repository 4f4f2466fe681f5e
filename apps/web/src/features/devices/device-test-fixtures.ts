import type { Device, DeviceType, regionsApi, Station } from '@water/contracts';
import { type DataOf, ok } from '../../shared/testing/render-page.tsx';

type RegionNode = DataOf<typeof regionsApi.tree>[number];

/** API answers the device screens' tests share, typed by the contracts so that they cannot drift from the wire. */
export const region = (
  id: number,
  name: string,
  children: RegionNode[] = [],
  parentId: number | null = null,
): RegionNode => ({
  id,
  parentId,
  code: `R${id}`,
  name,
  kind: parentId ? 'district' : 'city',
  orderNum: 0,
  hasBoundary: false,
  devices: 0,
  totalDevices: 0,
  children,
});
export const type = (id: number, code: string, nameZh: string): DeviceType => ({
  id,
  code,
  nameZh,
  nameEn: code,
  description: '',
  builtin: true,
  model: {
    metrics: [
      {
        key: 'level',
        nameZh: '液位',
        nameEn: 'Level',
        dataType: 'number',
        unit: 'm',
        min: 0,
        max: 10,
        precision: 2,
        options: [],
      },
    ],
    events: [{ key: 'overflow', nameZh: '溢流', nameEn: 'Overflow', level: 3 }],
    commands: [],
  },
  devices: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
export const device = (id: number, code: string, name: string, extra: Partial<Device> = {}): Device => ({
  id,
  code,
  name,
  typeId: 1,
  typeCode: 'level_meter',
  typeName: '液位计',
  model: 'LM-200',
  manufacturer: '岚川仪表',
  serialNo: 'SN001',
  regionId: 10,
  regionName: '东湖区',
  stationId: 5,
  stationName: '东湖雨水泵站',
  longitude: 120.1,
  latitude: 30.2,
  installDate: '2025-01-01',
  warrantyEnd: '2030-01-01',
  status: 'online',
  lastSeenAt: '2026-03-01T02:03:04.000Z',
  archivedAt: null,
  createdAt: '2026-01-01T02:03:04.000Z',
  ...extra,
});
export const station: Station = {
  id: 5,
  code: 'S5',
  name: '东湖雨水泵站',
  kind: 'rainwater',
  regionId: 10,
  regionName: '东湖区',
  longitude: null,
  latitude: null,
  pumps: 3,
  devices: 1,
};
export const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 10 });
