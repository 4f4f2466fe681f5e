import type { Alarm, AlarmCounts, AlarmDetail, AlarmStats } from '@water/contracts/alarms';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/** An alarm as the server sends it: a high wet-well level at 东湖雨水泵站, raised 12 minutes ago. */
export function alarm(id: number, patch: Partial<Alarm> = {}): Alarm {
  return {
    id,
    kind: 'rule',
    ruleId: 3,
    title: '前池高液位',
    severity: 'critical',
    state: 'active-unack',
    deviceId: 40 + id,
    deviceCode: `LV-00${id}`,
    deviceName: `${id}号液位计`,
    deviceTypeName: '液位计',
    siteId: null,
    siteName: '',
    stationId: 5,
    stationName: '东湖雨水泵站',
    regionId: 10,
    regionName: '东湖区',
    metric: 'level',
    metricName: '液位',
    unit: 'm',
    condition: '液位 ≥ 4.2 m',
    threshold: 4.2,
    firstValue: '4.25 m',
    lastValue: '4.38 m',
    count: 1,
    raisedAt: ago(12),
    lastAt: ago(2),
    acknowledgedAt: null,
    acknowledgedBy: null,
    clearedAt: null,
    clearedBy: null,
    clearReason: null,
    assigneeId: null,
    assigneeName: null,
    shelvedUntil: null,
    escalations: 0,
    ...patch,
  };
}

/** The alarm with its timeline: raised by the system, a comment by 王芳, acknowledged by 王芳. */
export function detail(base: Alarm, patch: Partial<AlarmDetail> = {}): AlarmDetail {
  return {
    ...base,
    ruleSummary: '液位 ≥ 高液位报警值',
    entries: [
      { id: 1, kind: 'raised', at: base.raisedAt, userName: null, text: '液位 4.25 m' },
      { id: 2, kind: 'notified', at: base.raisedAt, userName: null, text: '站内信 3 人' },
      { id: 3, kind: 'comment', at: ago(5), userName: '王芳', text: '已通知泵站值班员到场查看' },
    ],
    ...patch,
  };
}

export const page = (list: Alarm[], total = list.length) => ({ list, total, page: 1, pageSize: 20 });

const zero = { critical: 0, major: 0, minor: 0, warning: 0, info: 0 };

export function counts(patch: Partial<AlarmCounts> = {}): AlarmCounts {
  return {
    unacknowledged: { ...zero, critical: 1, major: 2 },
    active: { ...zero, critical: 2, major: 3, info: 1 },
    newest: [alarm(1), alarm(2, { severity: 'major', title: '水泵跳闸', deviceCode: 'PU-002', deviceName: '2号泵' })],
    ...patch,
  };
}

export function stats(patch: Partial<AlarmStats> = {}): AlarmStats {
  return {
    total: 57,
    perDay: [
      { day: '2026-11-20', critical: 2, major: 3, minor: 1, warning: 0, info: 4 },
      { day: '2026-11-21', critical: 0, major: 1, minor: 0, warning: 2, info: 1 },
    ],
    topSources: [
      {
        deviceId: 41,
        siteId: null,
        deviceCode: 'LV-001',
        deviceName: '1号液位计',
        stationName: '东湖雨水泵站',
        count: 21,
      },
      { deviceId: 77, siteId: null, deviceCode: 'CV-017', deviceName: '17号井盖', stationName: '', count: 9 },
    ],
    meanToAcknowledgeSeconds: 12 * 60 + 10,
    meanToClearSeconds: 3900,
    ...patch,
  };
}
