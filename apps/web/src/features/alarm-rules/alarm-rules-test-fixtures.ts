import {
  type AlarmRule,
  type Device,
  type DeviceType,
  devicesApi,
  deviceTypesApi,
  type OfflineRule,
  organizationApi,
  regionsApi,
  rolesApi,
  usersApi,
} from '@water/contracts';
import { reply } from '../../shared/testing/render-page.tsx';

const num = (key: string, nameZh: string, nameEn: string, unit: string) => ({
  key,
  nameZh,
  nameEn,
  dataType: 'number' as const,
  unit,
  min: null,
  max: null,
  precision: 2,
  options: [],
});

export const levelType: DeviceType = {
  id: 1,
  code: 'level_gauge',
  nameZh: '液位计',
  nameEn: 'Wet-well level gauge',
  description: '',
  builtin: true,
  model: {
    metrics: [num('level', '液位', 'Level', 'm')],
    events: [{ key: 'high_level', nameZh: '高液位', nameEn: 'High level', level: 3 }],
    commands: [],
  },
  devices: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

export const pumpType: DeviceType = {
  id: 7,
  code: 'pump_controller',
  nameZh: '泵站控制器',
  nameEn: 'Pump controller',
  description: '',
  builtin: true,
  model: {
    metrics: [
      { ...num('running', '运行', 'Running', ''), dataType: 'boolean' },
      num('current', '电流', 'Current', 'A'),
      {
        ...num('mode', '控制方式', 'Control mode', ''),
        dataType: 'enum',
        options: [
          { value: 'remote', nameZh: '远程', nameEn: 'Remote' },
          { value: 'local', nameZh: '就地', nameEn: 'Local' },
        ],
      },
    ],
    events: [{ key: 'pump_fault', nameZh: '水泵故障', nameEn: 'Pump fault', level: 3 }],
    commands: [],
    offlineAfterSeconds: 300,
  },
  devices: 2,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

export const device = (id: number, code: string, name: string, typeId = 1): Device => ({
  id,
  code,
  name,
  typeId,
  typeCode: typeId === 1 ? 'level_gauge' : 'pump_controller',
  typeName: typeId === 1 ? '液位计' : '泵站控制器',
  model: '',
  manufacturer: '',
  serialNo: '',
  regionId: null,
  regionName: '',
  stationId: null,
  stationName: '',
  longitude: null,
  latitude: null,
  installDate: null,
  warrantyEnd: null,
  status: 'online',
  lastSeenAt: null,
  archivedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

export const devicePage = (list: Device[]) => ({ list, total: list.length, page: 1, pageSize: 50 });

const noRecipients = { userIds: [], roleCodes: [], departmentIds: [] };

export const rule = (id: number, name: string, extra: Partial<AlarmRule> = {}): AlarmRule => ({
  id,
  name,
  description: '',
  enabled: true,
  severity: 'critical',
  deviceTypeId: 1,
  deviceTypeName: '液位计',
  scope: 'type',
  deviceIds: [],
  stationId: null,
  regionId: null,
  scopeName: '全部设备',
  groups: [{ conditions: [{ kind: 'compare', metric: 'level', op: 'ge', value: 4.2, setpoint: 'highAlarmLevel' }] }],
  summary: '液位 ≥ 高液位报警值，持续 5 分钟',
  durationMinutes: 5,
  repeat: null,
  schedule: null,
  clearDeadband: 0.1,
  clearDelayMinutes: 0,
  throttleMinutes: 0,
  reminderMinutes: null,
  recipients: noRecipients,
  escalation: null,
  sms: false,
  activeAlarms: 0,
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...extra,
});

export const offlineRule = (id: number, extra: Partial<OfflineRule> = {}): OfflineRule => ({
  id,
  deviceTypeId: 1,
  deviceTypeName: '液位计',
  deviceId: null,
  deviceCode: null,
  deviceName: null,
  enabled: true,
  timeoutSeconds: 600,
  deadbandSeconds: 60,
  severity: 'major',
  recipients: noRecipients,
  sms: false,
  devices: 3,
  offline: 1,
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...extra,
});

export const listPage = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10 });

/** What the drawers read: the catalogue, stations, regions, roles, departments and users. */
export const reads = [
  reply(deviceTypesApi.list, [levelType, pumpType]),
  reply(devicesApi.stations, [
    {
      id: 3,
      code: 'PS01',
      name: '东湖雨水泵站',
      kind: 'rainwater',
      regionId: null,
      regionName: '',
      longitude: null,
      latitude: null,
      pumps: 3,
      devices: 5,
    },
  ]),
  reply(regionsApi.tree, []),
  reply(rolesApi.options, [
    { code: 'admin', name: '管理员' },
    { code: 'operator', name: '值班员' },
  ]),
  reply(organizationApi.departmentTree, []),
  reply(usersApi.list, { list: [], total: 0, page: 1, pageSize: 50, capped: false }),
] as const;
