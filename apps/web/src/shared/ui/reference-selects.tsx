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

/** One select of reference data: searchable, clearable, a filter's width unless told. */
function ReferenceSelect({
  label,
  placeholder,
  value,
  onChange,
  className,
  loading,
  options,
}: ReferenceSelectProps & { loading: boolean; options: { label: string; value: number }[] }) {
  return (
    <Select
      className={className ?? 'list-page__select'}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch
      loading={loading}
      value={value}
      onChange={(id: number | undefined) => onChange(id)}
      options={options}
    />
  );
}

/**
 * A filter's pick of one pump station or site, from the cached reference list (searchable,
 * clearable). The device register, the alarm lists and the rules pick stations alike.
 */
export function StationSelect(props: ReferenceSelectProps) {
  const { locale } = useI18n();
  const stations = useQuery(referenceQueries.stations(locale));
  return (
    <ReferenceSelect
      {...props}
      loading={stations.isPending}
      options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
    />
  );
}

/** A filter's pick of one device type, named in the console's language, from the cached catalogue. */
export function DeviceTypeSelect(props: ReferenceSelectProps) {
  const { locale } = useI18n();
  const types = useQuery(referenceQueries.deviceTypes(locale));
  return (
    <ReferenceSelect
      {...props}
      loading={types.isPending}
      options={(types.data ?? []).map((type) => ({
        label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
        value: type.id,
      }))}
    />
  );
}
