import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_LIFECYCLES, DEVICE_STATUSES, type devicesApi } from '@water/contracts';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { RegionSelect } from '../components/device-form-drawer.tsx';
import { statusText } from '../components/device-labels.tsx';
import type { DeviceListI18n } from '../use-device-list-i18n.ts';

export type DeviceListFilters = ListFilters<z.output<typeof devicesApi.list.query>>;

/** The device register's filter row: keyword, type, region (and below), station, status, lifecycle. */
export function DeviceFilterFields({ list, i18n }: { list: DeviceListFilters; i18n: DeviceListI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const stations = useQuery(referenceQueries.stations(locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <>
      <ListKeyword
        label={t('deviceList.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <Select
        className="list-page__select"
        aria-label={t('deviceList.filter.type')}
        placeholder={t('deviceList.filter.allTypes')}
        allowClear
        loading={types.isPending}
        value={filters.typeId}
        onChange={(typeId: number | undefined) => set({ typeId })}
        options={(types.data ?? []).map((type) => ({
          label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
          value: type.id,
        }))}
      />
      <RegionSelect
        className="device-list-filters__region"
        label={t('deviceList.filter.region')}
        placeholder={t('deviceList.filter.allRegions')}
        loading={regions.isPending}
        data={regions.data ?? []}
        value={filters.regionId ?? null}
        onChange={(regionId) => set({ regionId: regionId ?? undefined })}
      />
      <Select
        className="list-page__select"
        aria-label={t('deviceList.filter.station')}
        placeholder={t('deviceList.filter.allStations')}
        allowClear
        showSearch
        loading={stations.isPending}
        value={filters.stationId}
        onChange={(stationId: number | undefined) => set({ stationId })}
        options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
      />
      <Select
        className="list-page__select"
        aria-label={t('deviceList.filter.status')}
        placeholder={t('deviceList.filter.allStatuses')}
        allowClear
        value={filters.status}
        onChange={(status: (typeof DEVICE_STATUSES)[number] | undefined) => set({ status })}
        options={DEVICE_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
      />
      <Select
        className="list-page__select"
        aria-label={t('deviceList.filter.lifecycle')}
        value={filters.lifecycle}
        onChange={(lifecycle: (typeof DEVICE_LIFECYCLES)[number]) => set({ lifecycle })}
        options={DEVICE_LIFECYCLES.map((value) => ({ label: t(`deviceList.lifecycle.${value}`), value }))}
      />
    </>
  );
}
