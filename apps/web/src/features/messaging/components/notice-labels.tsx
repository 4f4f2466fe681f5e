import { Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { Notice, NoticeAudience } from '@water/contracts';
import { useMemo } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { type MessagingI18n, type MessagingMessageKey, useMessagingI18n } from '../use-messaging-i18n.ts';

type Level = Notice['level'];
type Status = Notice['status'];

const LEVEL_COLORS: Record<Level, string> = { 0: 'gray', 1: 'orange', 3: 'red' };
const STATUS_COLORS: Record<Status, string> = { draft: 'gray', published: 'green', withdrawn: 'orangered' };

export const NOTICE_LEVELS = [0, 1, 3] as const satisfies readonly Level[];

/** The built-in role codes, named locally when the role list has not arrived. */
const BUILTIN_ROLES = ['admin', 'user'] as const;

/** Role names by code from the role options (in the console language), read once per screen. */
export function useRoleNames(): ReadonlyMap<string, string> {
  const { locale } = useMessagingI18n();
  const { data } = useQuery(referenceQueries.roleOptions(locale));
  return useMemo(() => new Map((data ?? []).map((r) => [r.code, r.name])), [data]);
}

export function levelText(level: Level, t: MessagingI18n['t']): string {
  return t(`messaging.notices.level.${level}` as MessagingMessageKey);
}

export function statusText(status: Status, t: MessagingI18n['t']): string {
  return t(`messaging.notices.status.${status}` as MessagingMessageKey);
}

export function roleText(code: string, t: MessagingI18n['t'], names?: ReadonlyMap<string, string>): string {
  const name = names?.get(code);
  if (name) return name;
  return (BUILTIN_ROLES as readonly string[]).includes(code)
    ? t(`messaging.notices.role.${code}` as MessagingMessageKey)
    : code;
}

export function audienceText(
  audience: NoticeAudience,
  t: MessagingI18n['t'],
  locale: MessagingI18n['locale'],
  roleNames?: ReadonlyMap<string, string>,
): string {
  switch (audience.type) {
    case 'all':
      return t('messaging.notices.audience.all');
    case 'roles':
      return t('messaging.notices.audience.rolesList', {
        roles: audience.codes.map((code) => roleText(code, t, roleNames)).join(locale === 'zh-CN' ? '、' : ', '),
      });
    case 'departments':
      return t('messaging.notices.audience.departments', { count: audience.ids.length });
  }
}

export function LevelTag({ level, t }: { level: Level; t: MessagingI18n['t'] }) {
  return (
    <Tag size="small" color={LEVEL_COLORS[level]}>
      {levelText(level, t)}
    </Tag>
  );
}

export function StatusTag({ status, t }: { status: Status; t: MessagingI18n['t'] }) {
  return (
    <Tag size="small" color={STATUS_COLORS[status]}>
      {statusText(status, t)}
    </Tag>
  );
}
