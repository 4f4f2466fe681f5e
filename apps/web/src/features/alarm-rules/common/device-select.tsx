import { Select } from '@arco-design/web-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { alarmRuleQueries } from '../api/alarm-rule-queries.ts';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

type Props = {
  i18n: AlarmRulesI18n;
  /** Only devices of this type are offered; none before a type is chosen. */
  typeId: number | null | undefined;
  label: string;
  placeholder: string;
} & (
  | { multiple: true; value?: number[]; onChange?: (ids: number[]) => void }
  | { multiple?: false; value?: number | null; onChange?: (id: number | null) => void }
);

/**
 * Devices of one type, found by code or name on the server (the first 50 a search): one device (an
 * offline rule's) or several (a rule's chosen devices). Chosen devices the page does not list are
 * read one by one to name them.
 */
export function DeviceSelect(props: Props) {
  const { i18n, typeId, label, placeholder } = props;
  const { t, locale } = i18n;
  const [keyword, setKeyword] = useState('');
  const devices = useQuery({
    ...referenceQueries.devicesOfType(typeId ?? 0, keyword, locale),
    enabled: Boolean(typeId),
  });
  const chosen = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const listed = new Map((devices.data?.list ?? []).map((d) => [d.id, `${d.code} ${d.name}`]));
  const missing = chosen.filter((id) => !listed.has(id));
  const named = useQueries({ queries: missing.map((id) => alarmRuleQueries.device(id, locale)) });
  const options = [...listed].map(([id, name]) => ({ label: name, value: id }));
  missing.forEach((id, i) => {
    const device = named[i]?.data;
    options.push({
      label: device ? `${device.code} ${device.name}` : t('alarmRules.device.number', { id }),
      value: id,
    });
  });
  const common = {
    'aria-label': label,
    placeholder: typeId ? placeholder : t('alarmRules.device.typeFirst'),
    disabled: !typeId,
    allowClear: true,
    showSearch: true,
    filterOption: false,
    loading: devices.isFetching,
    onSearch: setKeyword,
    options,
    notFoundContent: t('alarmRules.device.none'),
  };
  return props.multiple ? (
    <Select {...common} mode="multiple" value={chosen} onChange={(ids: number[]) => props.onChange?.(ids)} />
  ) : (
    <Select
      {...common}
      value={props.value ?? undefined}
      onChange={(id: number | undefined) => props.onChange?.(id ?? null)}
    />
  );
}
