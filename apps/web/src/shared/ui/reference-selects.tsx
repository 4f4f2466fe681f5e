import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { referenceQueries } from '../api/reference-queries.ts';
import { useI18n } from '../i18n/i18n-provider.tsx';

interface ReferenceSelectProps {
  /** The box's accessible name. */
  label: string;
  /** Shown while nothing is chosen ("all stations"). */
  placeholder: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  className?: string;
}

/**
 * A filter's pick of one pump station or site, from the cached reference list (searchable,
 * clearable). The device register, the alarm lists and the rules pick stations alike.
 */
export function StationSelect({ label, placeholder, value, onChange, className }: ReferenceSelectProps) {
  const { locale } = useI18n();
  const stations = useQuery(referenceQueries.stations(locale));
  return (
    <Select
      className={className ?? 'list-page__select'}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch
      loading={stations.isPending}
      value={value}
      onChange={(id: number | undefined) => onChange(id)}
      options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
    />
  );
}

/** A filter's pick of one device type, named in the console's language, from the cached catalogue. */
export function DeviceTypeSelect({ label, placeholder, value, onChange, className }: ReferenceSelectProps) {
  const { locale } = useI18n();
  const types = useQuery(referenceQueries.deviceTypes(locale));
  return (
    <Select
      className={className ?? 'list-page__select'}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch
      loading={types.isPending}
      value={value}
      onChange={(id: number | undefined) => onChange(id)}
      options={(types.data ?? []).map((type) => ({
        label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
        value: type.id,
      }))}
    />
  );
}
