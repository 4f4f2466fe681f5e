import { Tag } from '@arco-design/web-react';
import type { ContentItem } from '@water/contracts';
import type { ContentI18n, ContentMessageKey } from '../use-content-i18n.ts';

type Type = ContentItem['type'];
type Status = ContentItem['status'];

const TYPE_COLORS: Record<Type, string> = { text: 'arcoblue', image: 'cyan', video: 'purple' };
const STATUS_COLORS: Record<Status, string> = { draft: 'gray', published: 'green' };

export function typeText(type: Type, t: ContentI18n['t']): string {
  return t(`content.type.${type}` as ContentMessageKey);
}

export function statusText(status: Status, t: ContentI18n['t']): string {
  return t(`content.status.${status}` as ContentMessageKey);
}

export function TypeTag({ type, t }: { type: Type; t: ContentI18n['t'] }) {
  return (
    <Tag size="small" color={TYPE_COLORS[type]}>
      {typeText(type, t)}
    </Tag>
  );
}

export function StatusTag({ status, t }: { status: Status; t: ContentI18n['t'] }) {
  return (
    <Tag size="small" color={STATUS_COLORS[status]}>
      {statusText(status, t)}
    </Tag>
  );
}
