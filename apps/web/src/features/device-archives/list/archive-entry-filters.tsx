import { DatePicker, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { ARCHIVE_KINDS, type ArchiveKind, type deviceArchivesApi } from '@water/contracts';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { kindText, RegionFilter } from '../components/archive-labels.tsx';
import type { DeviceArchivesI18n } from '../use-device-archives-i18n.ts';

export type ArchiveListFilters = ListFilters<z.output<typeof deviceArchivesApi.list.query>>;

/** The archive entries' filter row: device keyword, kind, region (and below), dates. */
export function ArchiveEntryFilterFields({ list, i18n }: { list: ArchiveListFilters; i18n: DeviceArchivesI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <>
      <ListKeyword
        label={t('deviceArchives.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <Select
        className="list-page__select"
        aria-label={t('deviceArchives.filter.kind')}
        placeholder={t('deviceArchives.filter.allKinds')}
        allowClear
        value={filters.kind}
        onChange={(kind: ArchiveKind | undefined) => set({ kind })}
        options={ARCHIVE_KINDS.map((kind) => ({ label: kindText(kind, t), value: kind }))}
      />
      <RegionFilter
        label={t('deviceArchives.filter.region')}
        placeholder={t('deviceArchives.filter.allRegions')}
        loading={regions.isPending}
        regions={regions.data ?? []}
        value={filters.regionId}
        onChange={(regionId) => set({ regionId })}
      />
      <DatePicker.RangePicker
        className="device-archives-filters__dates"
        aria-label={t('deviceArchives.filter.dates')}
        placeholder={[t('deviceArchives.filter.from'), t('deviceArchives.filter.to')]}
        allowClear
        value={filters.from && filters.to ? [filters.from, filters.to] : []}
        onChange={(dates?: string[]) => set({ from: dates?.[0] || undefined, to: dates?.[1] || undefined })}
      />
    </>
  );
}
