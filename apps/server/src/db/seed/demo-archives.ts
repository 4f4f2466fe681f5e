import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { deviceArchiveEntries, devices, deviceTypes } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';

/**
 * The demo city's device archives: every device installed and commissioned; meters and analysers
 * calibrated on their cycle (some overdue, some due within the month, relative to `now`); a few
 * inspections, repairs and part replacements. Derived from the device register, so the same city
 * gives the same archive.
 */
const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Calibration cycles, days: analysers and flow meters half-yearly, gauges yearly. */
const CALIBRATION_CYCLE: Record<string, number> = {
  flow_meter: 182,
  water_quality_analyser: 182,
  pressure_transmitter: 365,
  level_gauge: 365,
};
/** At most this many past calibrations a device: enough history without a heavy seed. */
const CALIBRATIONS_KEPT = 3;

const CALIBRATION_BY: Record<string, string> = {
  flow_meter: '岚川市计量检定测试所 陈工',
  water_quality_analyser: '仪表厂商 售后 何工',
  pressure_transmitter: '岚川市计量检定测试所 徐工',
  level_gauge: '自控班 黄工',
};
const CALIBRATION_NOTE: Record<string, string> = {
  flow_meter: '流量计现场比对校准，示值误差 ±0.4%，合格',
  water_quality_analyser: 'COD、氨氮探头标准液校准，更换试剂，零点漂移在允许范围内',
  pressure_transmitter: '压力变送器零点及量程校准，误差 0.2%FS，合格',
  level_gauge: '液位计与人工测尺比对，偏差 8 mm，已修正零点',
};

const INSPECTIONS = [
  '季度巡检：外观完好，接线牢固，读数正常',
  '汛前专项检查：防水密封良好，通讯正常',
  '例行巡检：清理探头附着物，数据上传正常',
];
const REPAIRS = [
  '通讯中断，更换 4G 模块天线后恢复',
  '读数跳变，检查发现信号线受潮，重新做防水接头',
  '设备死机，现场重启并升级固件',
];
const PART_REPLACEMENTS = ['更换主板电源模块（厂家保内更换）', '更换电池组，续航恢复正常', '更换损坏的传感器探头'];
const MAINTAINERS = ['泵站运维班 张工', '管网巡检班 李师傅', '自控班 黄工', '仪表厂商 售后'];

/** A small seeded generator (LCG): the demo stays the same from seed to seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedDemoArchives(db: Queryable, now: Date): Promise<void> {
  if ((await seededKeys(db, ['demo:archives'])).has('demo:archives')) return;
  await markSeeded(db, ['demo:archives']);

  const register = await db
    .select({
      id: devices.id,
      installDate: devices.installDate,
      manufacturer: devices.manufacturer,
      stationId: devices.stationId,
      type: deviceTypes.code,
    })
    .from(devices)
    .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
    .orderBy(asc(devices.code));

  const today = now.getTime();
  const random = generator(20_260_601);
  const rows: (typeof deviceArchiveEntries.$inferInsert)[] = [];
  const entry = (
    deviceId: number,
    kind: string,
    at: number,
    performedBy: string,
    description: string,
    nextDue: string | null = null,
  ) =>
    rows.push({ deviceId, kind, date: isoDay(at), performedBy, description, nextDue, createdAt: now, updatedAt: now });

  for (const [i, d] of register.entries()) {
    if (!d.installDate) continue;
    const installed = Date.parse(d.installDate);
    const commissioned = installed + (3 + Math.floor(random() * 10)) * DAY;
    const crew = d.stationId ? '岚川市政工程有限公司 安装队' : '管网巡检班 李师傅';
    entry(d.id, 'installation', installed, crew, '按设计图纸完成安装、接线及防水密封');
    entry(
      d.id,
      'commissioning',
      commissioned,
      d.manufacturer ? `${d.manufacturer} 售后工程师` : '自控班 黄工',
      '上电调试，数据接入平台，报警阈值设定完成，试运行 72 小时正常',
    );

    const cycle = CALIBRATION_CYCLE[d.type];
    if (cycle) {
      // Where the latest calibration's due date lands: every sixth overdue, every sixth within the month.
      const offset =
        i % 6 === 0
          ? -(1 + Math.floor(random() * 40))
          : i % 6 === 1
            ? 1 + Math.floor(random() * 28)
            : 40 + Math.floor(random() * (cycle - 40));
      let at = today + offset * DAY - cycle * DAY;
      for (let k = 0; k < CALIBRATIONS_KEPT && at > commissioned; k++, at -= cycle * DAY) {
        entry(d.id, 'calibration', at, CALIBRATION_BY[d.type]!, CALIBRATION_NOTE[d.type]!, isoDay(at + cycle * DAY));
      }
    }

    const since = Math.max(commissioned + DAY, today - 330 * DAY);
    const someday = () => since + Math.floor(random() * Math.max(1, (today - since) / DAY - 1)) * DAY;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    if (i % 4 === 0) entry(d.id, 'inspection', someday(), pick(MAINTAINERS), pick(INSPECTIONS));
    if (i % 9 === 0) entry(d.id, 'repair', someday(), pick(MAINTAINERS), pick(REPAIRS));
    if (i % 13 === 0) entry(d.id, 'part_replacement', someday(), '仪表厂商 售后', pick(PART_REPLACEMENTS));
  }

  for (let i = 0; i < rows.length; i += 200) await db.insert(deviceArchiveEntries).values(rows.slice(i, i + 200));
}
