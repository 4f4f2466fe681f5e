import { isRobotChannel, type NotifyChannel, type NotifyPurpose, type TemplateVariable } from '@water/contracts';
import { useEffect, useState } from 'react';
import type { TemplatesI18n, TemplatesMessageKey } from '../use-templates-i18n.ts';

export const purposeName = (t: TemplatesI18n['t'], purpose: NotifyPurpose) =>
  t(`messaging.templates.purpose.${purpose}` as TemplatesMessageKey);

export const purposeHelp = (t: TemplatesI18n['t'], purpose: NotifyPurpose) =>
  t(`messaging.templates.purposeHelp.${purpose}` as TemplatesMessageKey);

export const channelName = (t: TemplatesI18n['t'], channel: NotifyChannel) =>
  t(`messaging.templates.channel.${channel}` as TemplatesMessageKey);

export const variableHelp = (t: TemplatesI18n['t'], name: TemplateVariable) =>
  t(`messaging.templates.var.${name}` as TemplatesMessageKey);

/** What the title is called on a channel; SMS has none. */
export function titleLabel(t: TemplatesI18n['t'], channel: NotifyChannel): string | null {
  if (channel === 'sms') return null;
  if (channel === 'email') return t('messaging.templates.field.subject');
  if (isRobotChannel(channel)) return t('messaging.templates.field.cardTitle');
  return t('messaging.templates.field.title');
}

export function bodyLabel(t: TemplatesI18n['t'], channel: NotifyChannel): string {
  if (isRobotChannel(channel)) return t('messaging.templates.field.bodyMarkdown');
  if (channel === 'webhook') return t('messaging.templates.field.bodyJson');
  return t('messaging.templates.field.body');
}

/** The value once it has stood still for `ms`: the preview renders what the user paused on. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
