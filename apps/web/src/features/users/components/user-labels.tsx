import { Tag } from '@arco-design/web-react';
import type { DataScopeKind, RecordStatus } from '@water/contracts';
import type { UsersI18n, UsersMessageKey } from '../use-users-i18n.ts';

const STATUS_COLORS: Record<RecordStatus, string> = { enabled: 'green', disabled: 'gray' };
const SCOPE_COLORS: Record<DataScopeKind, string> = {
  all: 'arcoblue',
  custom: 'purple',
  dept: 'cyan',
  dept_and_below: 'green',
  self: 'orange',
};

export function statusText(status: RecordStatus, t: UsersI18n['t']): string {
  return t(`users.status.${status}` as UsersMessageKey);
}

export function scopeText(scope: DataScopeKind, t: UsersI18n['t']): string {
  return t(`users.scope.${scope}` as UsersMessageKey);
}

export function StatusTag({ status, t }: { status: RecordStatus; t: UsersI18n['t'] }) {
  return (
    <Tag size="small" color={STATUS_COLORS[status]}>
      {statusText(status, t)}
    </Tag>
  );
}

export function ScopeTag({ scope, t }: { scope: DataScopeKind; t: UsersI18n['t'] }) {
  return (
    <Tag size="small" color={SCOPE_COLORS[scope]}>
      {scopeText(scope, t)}
    </Tag>
  );
}
