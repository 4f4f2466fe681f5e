import { LOCALES, type Locale, type NotifyPurpose, TEMPLATE_VARIABLES, type TemplateSamples } from '@water/contracts';

/**
 * The sample values a template preview renders with, in each language: a high forebay level at the
 * demo city's first station (PS01, 滨江雨水泵站). These are visible strings, kept here as data in both
 * languages (the server's i18n of samples) rather than as `notify.sample.*` message keys, so that a
 * purpose can name its own values (an alarm's title is not a work order's) in one table.
 */
const ALARM = {
  'zh-CN': {
    title: '前池液位超高',
    device: 'PS01-LT01',
    station: '滨江雨水泵站',
    region: '城东区',
    metric: '液位',
    value: '7.05',
    unit: 'm',
    threshold: '6.80',
    condition: '液位 ≥ 6.80 m',
    severity: '严重',
    time: '2026-11-27 14:05',
    link: '/#/bz/alarm?alarm=1024',
    recipient: '张伟',
    minutes: '30',
    count: '3',
    reason: '液位回落至阈值以下',
    duration: '35 分钟',
  },
  'en-US': {
    title: 'High forebay level',
    device: 'PS01-LT01',
    station: 'Binjiang Stormwater Pumping Station',
    region: 'East District',
    metric: 'Level',
    value: '7.05',
    unit: 'm',
    threshold: '6.80',
    condition: 'Level ≥ 6.80 m',
    severity: 'Critical',
    time: '2026-11-27 14:05',
    link: '/#/bz/alarm?alarm=1024',
    recipient: 'Zhang Wei',
    minutes: '30',
    count: '3',
    reason: 'level back below the threshold',
    duration: '35 min',
  },
} satisfies TemplateSamples;

const WORK_ORDER = {
  'zh-CN': {
    order: 'WO-20261127-0012',
    title: '前池液位计校准',
    station: '滨江雨水泵站',
    assignee: '李明',
    due: '2026-11-28 18:00',
    time: '2026-11-27 14:05',
    link: '/#/patrol-inspection/ticket?order=WO-20261127-0012',
    recipient: '李明',
  },
  'en-US': {
    order: 'WO-20261127-0012',
    title: 'Calibrate the forebay level gauge',
    station: 'Binjiang Stormwater Pumping Station',
    assignee: 'Li Ming',
    due: '2026-11-28 18:00',
    time: '2026-11-27 14:05',
    link: '/#/patrol-inspection/ticket?order=WO-20261127-0012',
    recipient: 'Li Ming',
  },
} satisfies TemplateSamples;

const MANUAL = {
  'zh-CN': {
    title: '管网检修通知',
    content: '今晚 22:00 至次日 02:00 城东区供水管网检修，请值班人员留意压力变化。',
    time: '2026-11-27 14:05',
    link: '/#/callPolice/callPoliceNotification',
    recipient: '张伟',
    sender: '调度中心',
  },
  'en-US': {
    title: 'Mains maintenance tonight',
    content: 'East District supply mains work from 22:00 to 02:00 tonight; duty staff, please watch the pressure.',
    time: '2026-11-27 14:05',
    link: '/#/callPolice/callPoliceNotification',
    recipient: 'Zhang Wei',
    sender: 'Dispatch centre',
  },
} satisfies TemplateSamples;

const SAMPLES: Record<NotifyPurpose, TemplateSamples> = {
  'alarm.raised': ALARM,
  'alarm.escalated': ALARM,
  'alarm.reminder': ALARM,
  'alarm.cleared': ALARM,
  'workorder.todo': WORK_ORDER,
  manual: MANUAL,
};

/** A purpose's sample values in each language: exactly its variables, each with a value. */
export function templateSamples(purpose: NotifyPurpose): TemplateSamples {
  const all = SAMPLES[purpose];
  const pick = (locale: Locale) =>
    Object.fromEntries(TEMPLATE_VARIABLES[purpose].map((name) => [name, all[locale][name] ?? `{${name}}`]));
  return Object.fromEntries(LOCALES.map((l) => [l, pick(l)])) as TemplateSamples;
}
