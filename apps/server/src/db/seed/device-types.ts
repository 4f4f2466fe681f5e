import { type DeviceTypeInput, thingModelSchema } from '@water/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { deviceTypes } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';

type Metric = NonNullable<DeviceTypeInput['model']['metrics']>[number];
const num = (
  key: string,
  nameZh: string,
  nameEn: string,
  unit: string,
  min: number | null,
  max: number | null,
  precision = 2,
): Metric => ({ key, nameZh, nameEn, dataType: 'number', unit, min, max, precision });
const bool = (key: string, nameZh: string, nameEn: string): Metric => ({ key, nameZh, nameEn, dataType: 'boolean' });

/** A pump controller's counters: starts (each stop-to-run) and energy drawn, kWh (issue 17). */
const pumpCounters: Metric[] = [
  { ...num('starts', '累计启动次数', 'Starts', '', 0, null, 0), dataType: 'integer' },
  num('energy', '累计电量', 'Energy', 'kWh', 0, null, 1),
];
/**
 * A water-quality analyser's parameters added for issue 18 (judged against the national standards at
 * its site): water temperature (NH3-N's cold-water limit reads it), conductivity, total chlorine,
 * permanganate index, total phosphorus, total nitrogen, suspended solids.
 */
const analyserParameters: Metric[] = [
  num('temperature', '水温', 'Water temperature', '°C', 0, 40, 1),
  num('conductivity', '电导率', 'Conductivity', 'µS/cm', 0, 5000, 0),
  num('total_chlorine', '总氯', 'Total chlorine', 'mg/L', 0, 5, 2),
  num('codmn', '高锰酸盐指数', 'Permanganate index', 'mg/L', 0, 50, 2),
  num('tp', '总磷', 'Total phosphorus', 'mg/L', 0, 20, 3),
  num('tn', '总氮', 'Total nitrogen', 'mg/L', 0, 100, 2),
  num('ss', '悬浮物', 'Suspended solids', 'mg/L', 0, 500, 0),
];
/** Switching a pump controller between auto and remote manual (local is a switch at its panel). */
const setModeCommand: NonNullable<DeviceTypeInput['model']['commands']>[number] = {
  key: 'set_mode',
  nameZh: '切换控制方式',
  nameEn: 'Set control mode',
  params: [
    {
      key: 'mode',
      nameZh: '控制方式',
      nameEn: 'Control mode',
      dataType: 'enum',
      options: [
        { value: 'auto', nameZh: '自动', nameEn: 'Automatic' },
        { value: 'remote', nameZh: '远程手动', nameEn: 'Remote manual' },
      ],
    },
  ],
  confirm: true,
};

/**
 * The device types a drainage and water-supply utility runs, with ranges from the instruments'
 * usual spans (GB/T and CJ/T practice): the product's own catalogue, seeded with or without demo data.
 */
export const builtinDeviceTypes: DeviceTypeInput[] = [
  {
    code: 'level_gauge',
    nameZh: '液位计',
    nameEn: 'Wet-well level gauge',
    description: '泵站前池、集水井液位（超声波/投入式）',
    model: {
      metrics: [num('level', '液位', 'Level', 'm', 0, 10, 2)],
      events: [
        { key: 'high_level', nameZh: '高液位', nameEn: 'High level', level: 3 },
        { key: 'low_level', nameZh: '低液位', nameEn: 'Low level', level: 1 },
      ],
      commands: [],
    },
  },
  {
    code: 'flow_meter',
    nameZh: '流量计',
    nameEn: 'Flow meter',
    description: '电磁/超声波流量计，瞬时流量与累计流量',
    model: {
      metrics: [
        num('flow', '瞬时流量', 'Flow rate', 'm³/h', 0, 5000, 1),
        num('total', '累计流量', 'Totalised flow', 'm³', 0, null, 0),
        num('velocity', '流速', 'Velocity', 'm/s', 0, 5, 2),
      ],
      events: [{ key: 'reverse_flow', nameZh: '反向流', nameEn: 'Reverse flow', level: 1 }],
      commands: [],
    },
  },
  {
    code: 'pressure_transmitter',
    nameZh: '压力变送器',
    nameEn: 'Pressure transmitter',
    description: '管网与泵出口压力',
    model: {
      metrics: [num('pressure', '压力', 'Pressure', 'MPa', 0, 1.6, 3)],
      events: [{ key: 'low_pressure', nameZh: '低压', nameEn: 'Low pressure', level: 1 }],
      commands: [],
    },
  },
  {
    code: 'water_quality_analyser',
    nameZh: '水质分析仪',
    nameEn: 'Water-quality analyser',
    description: '多参数在线水质监测（GB 5749 / GB 18918 指标）',
    model: {
      metrics: [
        num('ph', 'pH', 'pH', '', 0, 14, 2),
        num('turbidity', '浊度', 'Turbidity', 'NTU', 0, 100, 2),
        num('chlorine', '余氯', 'Residual chlorine', 'mg/L', 0, 5, 2),
        num('cod', '化学需氧量', 'COD', 'mg/L', 0, 1000, 1),
        num('ammonia', '氨氮', 'Ammonia nitrogen', 'mg/L', 0, 50, 2),
        num('dissolved_oxygen', '溶解氧', 'Dissolved oxygen', 'mg/L', 0, 20, 2),
        ...analyserParameters,
      ],
      events: [{ key: 'over_limit', nameZh: '指标超限', nameEn: 'Over the limit', level: 3 }],
      commands: [{ key: 'calibrate', nameZh: '校准', nameEn: 'Calibrate', params: [], confirm: true }],
    },
  },
  {
    code: 'rain_gauge',
    nameZh: '雨量计',
    nameEn: 'Rain gauge',
    description: '翻斗式雨量计',
    model: {
      metrics: [
        num('rainfall', '时段雨量', 'Rainfall', 'mm', 0, 200, 1),
        num('intensity', '雨强', 'Rain intensity', 'mm/h', 0, 300, 1),
      ],
      events: [{ key: 'rainstorm', nameZh: '暴雨', nameEn: 'Rainstorm', level: 3 }],
      commands: [],
    },
  },
  {
    code: 'manhole_cover_sensor',
    nameZh: '井盖传感器',
    nameEn: 'Manhole-cover sensor',
    description: '井盖倾斜、开启与井内水位',
    model: {
      metrics: [
        num('tilt', '倾角', 'Tilt', '°', 0, 90, 1),
        bool('open', '开启', 'Open'),
        num('water_level', '井内水位', 'Water level', 'm', 0, 5, 2),
        num('battery', '电量', 'Battery', '%', 0, 100, 0),
      ],
      events: [
        { key: 'cover_open', nameZh: '井盖开启', nameEn: 'Cover opened', level: 3 },
        { key: 'overflow', nameZh: '满溢', nameEn: 'Overflow', level: 3 },
      ],
      commands: [],
    },
  },
  {
    code: 'pump_controller',
    nameZh: '泵站控制器',
    nameEn: 'Pump controller (PLC/RTU)',
    description: '水泵运行状态、电气参数与远程控制',
    model: {
      metrics: [
        bool('running', '运行', 'Running'),
        num('frequency', '频率', 'Frequency', 'Hz', 0, 50, 1),
        num('current', '电流', 'Current', 'A', 0, 500, 1),
        num('voltage', '电压', 'Voltage', 'V', 0, 450, 0),
        num('power', '功率', 'Power', 'kW', 0, 500, 1),
        num('run_hours', '累计运行', 'Run hours', 'h', 0, null, 0),
        ...pumpCounters,
        bool('fault', '故障', 'Fault'),
        {
          key: 'mode',
          nameZh: '控制方式',
          nameEn: 'Control mode',
          dataType: 'enum',
          options: [
            { value: 'remote', nameZh: '远程', nameEn: 'Remote' },
            { value: 'local', nameZh: '就地', nameEn: 'Local' },
            { value: 'auto', nameZh: '自动', nameEn: 'Automatic' },
          ],
        },
      ],
      events: [
        { key: 'pump_fault', nameZh: '水泵故障', nameEn: 'Pump fault', level: 3 },
        { key: 'overload', nameZh: '过载', nameEn: 'Overload', level: 3 },
      ],
      commands: [
        { key: 'start', nameZh: '启泵', nameEn: 'Start pump', params: [], confirm: true },
        { key: 'stop', nameZh: '停泵', nameEn: 'Stop pump', params: [], confirm: true },
        {
          key: 'set_frequency',
          nameZh: '设定频率',
          nameEn: 'Set frequency',
          params: [num('frequency', '频率', 'Frequency', 'Hz', 20, 50, 1)],
          confirm: true,
        },
        { key: 'reset_fault', nameZh: '故障复位', nameEn: 'Reset fault', params: [], confirm: true },
        setModeCommand,
      ],
    },
  },
  {
    code: 'camera',
    nameZh: '摄像头',
    nameEn: 'Camera',
    description: '泵站与重点井位视频监控',
    model: {
      metrics: [bool('online', '在线', 'Online')],
      events: [{ key: 'intrusion', nameZh: '入侵', nameEn: 'Intrusion', level: 1 }],
      commands: [
        {
          key: 'ptz',
          nameZh: '云台控制',
          nameEn: 'Pan / tilt / zoom',
          params: [
            {
              key: 'direction',
              nameZh: '方向',
              nameEn: 'Direction',
              dataType: 'enum',
              options: [
                { value: 'up', nameZh: '上', nameEn: 'Up' },
                { value: 'down', nameZh: '下', nameEn: 'Down' },
                { value: 'left', nameZh: '左', nameEn: 'Left' },
                { value: 'right', nameZh: '右', nameEn: 'Right' },
                { value: 'zoom_in', nameZh: '放大', nameEn: 'Zoom in' },
                { value: 'zoom_out', nameZh: '缩小', nameEn: 'Zoom out' },
              ],
            },
            { ...num('speed', '速度', 'Speed', '', 1, 8, 0), dataType: 'integer' },
          ],
        },
        { key: 'snapshot', nameZh: '抓拍', nameEn: 'Snapshot', params: [] },
      ],
    },
  },
  {
    code: 'gateway',
    nameZh: '网关',
    nameEn: 'Gateway',
    description: '站端数据采集网关（4G/NB-IoT）',
    model: {
      metrics: [
        num('signal', '信号强度', 'Signal strength', 'dBm', -120, 0, 0),
        num('uptime', '运行时长', 'Uptime', 's', 0, null, 0),
        num('supply_voltage', '供电电压', 'Supply voltage', 'V', 0, 36, 1),
      ],
      events: [{ key: 'power_loss', nameZh: '市电中断', nameEn: 'Mains power lost', level: 3 }],
      commands: [{ key: 'reboot', nameZh: '重启', nameEn: 'Reboot', params: [], confirm: true }],
    },
  },
];

/** Mark of the pump controller's control additions (issue 17) made once to a type seeded before them. */
const CONTROL_UPGRADE = 'device-type:pump_controller:control';
/** Mark of the analyser's water-quality parameters (issue 18) added once to a type seeded before them. */
const ANALYSER_UPGRADE = 'device-type:water_quality_analyser:parameters';

/**
 * Inserts the built-in types the seed never created before; an administrator's edits stay. A
 * built-in pump controller seeded before pump control gets its counters (`starts`, `energy`) and
 * the `set_mode` command once, each only where its model has no such key; a built-in water-quality
 * analyser seeded before issue 18 gets its new parameters once, likewise.
 */
export async function seedDeviceTypes(db: Queryable): Promise<void> {
  const keys = builtinDeviceTypes.map((t) => `device-type:${t.code}`);
  const done = await seededKeys(db, [...keys, CONTROL_UPGRADE, ANALYSER_UPGRADE]);
  if (done.has('device-type:pump_controller') && !done.has(CONTROL_UPGRADE)) await upgradePumpController(db);
  if (done.has('device-type:water_quality_analyser') && !done.has(ANALYSER_UPGRADE)) await upgradeAnalyser(db);
  await markSeeded(db, [CONTROL_UPGRADE, ANALYSER_UPGRADE]);
  const missing = builtinDeviceTypes.filter((t) => !done.has(`device-type:${t.code}`));
  if (missing.length === 0) return;
  await db
    .insert(deviceTypes)
    .values(
      missing.map((t) => ({
        code: t.code,
        nameZh: t.nameZh,
        nameEn: t.nameEn,
        description: t.description ?? '',
        builtin: true,
        model: thingModelSchema.parse(t.model),
      })),
    )
    .onConflictDoNothing({ target: deviceTypes.code });
  await markSeeded(db, keys);
}

async function upgradePumpController(db: Queryable): Promise<void> {
  const [row] = await db
    .select({ id: deviceTypes.id, model: deviceTypes.model })
    .from(deviceTypes)
    .where(and(eq(deviceTypes.code, 'pump_controller'), eq(deviceTypes.builtin, true)));
  const parsed = row && thingModelSchema.safeParse(row.model);
  if (!row || !parsed?.success) return;
  const model = parsed.data;
  const metrics = new Set(model.metrics.map((m) => m.key));
  const commands = new Set(model.commands.map((c) => c.key));
  const add = {
    metrics: pumpCounters.filter((m) => !metrics.has(m.key)),
    commands: commands.has(setModeCommand.key) ? [] : [setModeCommand],
  };
  if (add.metrics.length === 0 && add.commands.length === 0) return;
  await db
    .update(deviceTypes)
    .set({
      model: thingModelSchema.parse({
        ...model,
        metrics: [...model.metrics, ...add.metrics],
        commands: [...model.commands, ...add.commands],
      }),
    })
    .where(eq(deviceTypes.id, row.id));
}

async function upgradeAnalyser(db: Queryable): Promise<void> {
  const [row] = await db
    .select({ id: deviceTypes.id, model: deviceTypes.model })
    .from(deviceTypes)
    .where(and(eq(deviceTypes.code, 'water_quality_analyser'), eq(deviceTypes.builtin, true)));
  const parsed = row && thingModelSchema.safeParse(row.model);
  if (!row || !parsed?.success) return;
  const model = parsed.data;
  const keys = new Set(model.metrics.map((m) => m.key));
  const add = analyserParameters.filter((m) => !keys.has(m.key));
  if (add.length === 0) return;
  await db
    .update(deviceTypes)
    .set({ model: thingModelSchema.parse({ ...model, metrics: [...model.metrics, ...add] }) })
    .where(eq(deviceTypes.id, row.id));
}
