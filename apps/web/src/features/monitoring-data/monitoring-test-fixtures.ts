import type {
  Device,
  DeviceType,
  MetricSpec,
  MonitoringPoint,
  monitoringApi,
  Reading,
  RegionNode,
  Station,
} from '@water/contracts';
import { vi } from 'vitest';
import type { DataOf } from '../../shared/testing/render-page.tsx';

/**
 * API answers and a scripted live channel the monitoring pages' tests share, typed by the contracts
 * so that they cannot drift from the wire.
 */
const metric = (key: string, nameZh: string, nameEn: string, extra: Partial<MetricSpec> = {}): MetricSpec => ({
  key,
  nameZh,
  nameEn,
  dataType: 'number',
  unit: '',
  min: null,
  max: null,
  precision: 2,
  options: [],
  ...extra,
});

export const levelType: DeviceType = {
  id: 1,
  code: 'level_meter',
  nameZh: '液位计',
  nameEn: 'Level meter',
  description: '',
  builtin: true,
  model: {
    metrics: [
      metric('level', '液位', 'Level', { unit: 'm', min: 0, max: 5, precision: 2 }),
      metric('pump', '泵状态', 'Pump', {
        dataType: 'boolean',
        options: [
          { value: 'true', nameZh: '运行', nameEn: 'Running' },
          { value: 'false', nameZh: '停止', nameEn: 'Stopped' },
        ],
      }),
      metric('mode', '控制方式', 'Mode', {
        dataType: 'enum',
        options: [
          { value: 'local', nameZh: '就地', nameEn: 'Local' },
          { value: 'remote', nameZh: '远程', nameEn: 'Remote' },
        ],
      }),
      metric('note', '备注', 'Note', { dataType: 'string' }),
    ],
    events: [],
    commands: [],
    offlineAfterSeconds: 600,
  },
  devices: 2,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const flowType: DeviceType = {
  ...levelType,
  id: 2,
  code: 'flow_meter',
  nameZh: '流量计',
  nameEn: 'Flow meter',
  model: {
    metrics: [
      metric('flow', '瞬时流量', 'Flow', { unit: 'm³/h', min: 0, max: 500, precision: 1 }),
      metric('pressure', '出口压力', 'Pressure', { unit: 'MPa', min: 0, max: 1, precision: 3 }),
    ],
    events: [],
    commands: [],
  },
};

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

export const station = (id: number, name: string, regionId: number): Station => ({
  id,
  code: `S${id}`,
  name,
  kind: 'rainwater',
  regionId,
  regionName: '',
  longitude: null,
  latitude: null,
  pumps: 2,
  devices: 1,
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

export const point = (
  deviceId: number,
  code: string,
  name: string,
  extra: Partial<MonitoringPoint> = {},
): MonitoringPoint => ({
  deviceId,
  code,
  name,
  typeId: 1,
  typeName: '液位计',
  regionId: 10,
  regionName: '东湖区',
  stationId: 5,
  stationName: '东湖雨水泵站',
  status: 'online',
  lastSeenAt: minutesAgo(1),
  stale: false,
  readings: [],
  ...extra,
});

export const reading = (key: string, value: number | boolean | string, quality = 0, ts = minutesAgo(1)): Reading => ({
  key,
  value,
  ts,
  quality,
});

export const pageOf = (list: MonitoringPoint[], pageSize = 200): DataOf<typeof monitoringApi.points> => ({
  list,
  total: list.length,
  page: 1,
  pageSize,
});

export const device = (id: number, code: string, name: string, typeId = 1): Device => ({
  id,
  code,
  name,
  typeId,
  typeCode: typeId === 1 ? 'level_meter' : 'flow_meter',
  typeName: typeId === 1 ? '液位计' : '流量计',
  model: '',
  manufacturer: '',
  serialNo: '',
  regionId: 10,
  regionName: '东湖区',
  stationId: 5,
  stationName: '东湖雨水泵站',
  longitude: null,
  latitude: null,
  installDate: null,
  warrantyEnd: null,
  status: 'online',
  lastSeenAt: null,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The live channel as the server would drive it: events pushed by type, watches recorded. */
export function createFakeLive() {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  // Every union of watched devices the channel would have sent, in order.
  const watched: number[][] = [];
  const active = new Map<symbol, number[]>();
  const record = () => watched.push([...new Set([...active.values()].flat())].sort((a, b) => a - b));
  return {
    handlers,
    watched,
    push(event: { type: string; [key: string]: unknown }) {
      for (const handler of handlers.get(event.type) ?? []) handler(event);
    },
    channel: {
      subscribe(type: string, handler: (event: unknown) => void) {
        const set = handlers.get(type) ?? new Set();
        set.add(handler);
        handlers.set(type, set);
        return () => set.delete(handler);
      },
      watchDevices: vi.fn((ids: readonly number[]) => {
        const owner = Symbol('watch');
        active.set(owner, [...ids]);
        record();
        return () => {
          active.delete(owner);
          record();
        };
      }),
      onStatus: () => () => {},
      status: () => 'ready',
    },
  };
}
