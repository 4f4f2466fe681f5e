import { Button, Message, Tag } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
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

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Insecure origins (a plant's intranet over http) have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** A secret shown once, in a fixed-width box with a copy button. */
export function CopyableSecret({ value, label, t }: { value: string; label: string; t: UsersI18n['t'] }) {
  return (
    <span className="users-secret">
      <code className="users-secret__value">{value}</code>
      <Button
        size="mini"
        type="text"
        icon={<IconCopy />}
        aria-label={t('users.copyLabel', { what: label })}
        onClick={() =>
          writeClipboard(value).then(
            () => Message.success(t('users.copied')),
            () => Message.warning(t('users.copyFailed')),
          )
        }
      >
        {t('users.copy')}
      </Button>
    </span>
  );
}
