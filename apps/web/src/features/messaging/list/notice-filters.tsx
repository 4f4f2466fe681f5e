import { Select } from '@arco-design/web-react';
import { NOTICE_STATUSES, type noticesApi } from '@water/contracts';
import type { z } from 'zod';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { statusText } from '../components/notice-labels.tsx';
import type { MessagingI18n } from '../use-messaging-i18n.ts';

export type NoticeListFilters = ListFilters<z.output<typeof noticesApi.list.query>>;

/** The notice list's filter row: status and title keyword. */
export function NoticeFilterFields({ list, i18n }: { list: NoticeListFilters; i18n: MessagingI18n }) {
  const { t } = i18n;
  const { filters, set } = list;
  return (
    <>
      <Select
        className="list-page__select"
        aria-label={t('messaging.notices.filter.status')}
        placeholder={t('messaging.notices.filter.allStatuses')}
        allowClear
        value={filters.status}
        onChange={(status: (typeof NOTICE_STATUSES)[number] | undefined) => set({ status })}
        options={NOTICE_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
      />
      <ListKeyword
        label={t('messaging.notices.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
    </>
  );
}
