import { Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentItem, type contentApi, Permissions } from '@water/contracts';
import type { z } from 'zod';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import { Permission } from '../../../shared/ui/permission.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { contentQueries } from '../api/content-queries.ts';
import { statusText, typeText } from '../components/content-labels.tsx';
import type { ContentI18n } from '../use-content-i18n.ts';

export type ContentListFilters = ListFilters<z.output<typeof contentApi.list.query>>;

const WRITE = [Permissions.contentWrite] as const;
const ALL = 'all';

/** The content library's filter row: type, category, status (editors: readers see published items only), keyword. */
export function ContentFilterFields({ list, i18n }: { list: ContentListFilters; i18n: ContentI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const categories = useQuery(contentQueries.categories(locale));
  return (
    <>
      <Radio.Group
        type="button"
        aria-label={t('content.filter.type')}
        value={filters.type ?? ALL}
        onChange={(value: ContentItem['type'] | typeof ALL) => set({ type: value === ALL ? undefined : value })}
      >
        <Radio value={ALL}>{t('content.type.all')}</Radio>
        {CONTENT_TYPES.map((type) => (
          <Radio key={type} value={type}>
            {typeText(type, t)}
          </Radio>
        ))}
      </Radio.Group>
      <Select
        className="list-page__select"
        aria-label={t('content.filter.category')}
        placeholder={t('content.filter.allCategories')}
        allowClear
        loading={categories.isPending}
        value={filters.category}
        onChange={(category: string | undefined) => set({ category })}
        options={(categories.data ?? []).map((c) => ({ label: c.name, value: c.code }))}
      />
      <Permission permissions={WRITE}>
        <Select
          className="list-page__select"
          aria-label={t('content.filter.status')}
          placeholder={t('content.filter.allStatuses')}
          allowClear
          value={filters.status}
          onChange={(status: ContentItem['status'] | undefined) => set({ status })}
          options={CONTENT_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
        />
      </Permission>
      <ListKeyword
        label={t('content.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
    </>
  );
}
