import { Tag } from '@arco-design/web-react';
import type { EnterpriseType, RecordStatus } from '@water/contracts';
import type { OrganizationI18n, OrganizationMessageKey } from '../use-organization-i18n.ts';

const TYPE_COLORS: Record<EnterpriseType, string> = { owner: 'arcoblue', contractor: 'orange', supplier: 'cyan' };
const STATUS_COLORS: Record<RecordStatus, string> = { enabled: 'green', disabled: 'gray' };

export function typeText(type: EnterpriseType, t: OrganizationI18n['t']): string {
  return t(`org.type.${type}` as OrganizationMessageKey);
}

export function statusText(status: RecordStatus, t: OrganizationI18n['t']): string {
  return t(`org.status.${status}` as OrganizationMessageKey);
}

export function TypeTag({ type, t }: { type: EnterpriseType; t: OrganizationI18n['t'] }) {
  return (
    <Tag size="small" color={TYPE_COLORS[type]}>
      {typeText(type, t)}
    </Tag>
  );
}

export function StatusTag({ status, t }: { status: RecordStatus; t: OrganizationI18n['t'] }) {
  return (
    <Tag size="small" color={STATUS_COLORS[status]}>
      {statusText(status, t)}
    </Tag>
  );
}
