import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { alarmRulesApi } from '@water/contracts';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword } from '../../../shared/ui/list-page.tsx';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { SeveritySelect } from '../severity/severity-tag.tsx';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

export type RuleListFilters = ListFilters<z.output<typeof alarmRulesApi.list.query>>;

/** The rule list's filter row: name, severity, device type, enabled or not (all in the address). */
export function RuleFilterFields({ list, i18n }: { list: RuleListFilters; i18n: AlarmRulesI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const enabled = filters.enabled === undefined ? undefined : String(filters.enabled);
  return (
    <>
      <ListKeyword
        label={t('alarmRules.filter.keyword')}
        value={filters.keyword}
        onKeyword={(keyword) => set({ keyword })}
      />
      <SeveritySelect
        label={t('alarmRules.filter.severity')}
        placeholder={t('alarmRules.filter.allSeverities')}
        value={filters.severity}
        onChange={(severity) => set({ severity })}
      />
      <Select
        className="list-page__select"
        aria-label={t('alarmRules.filter.deviceType')}
        placeholder={t('alarmRules.filter.allTypes')}
        allowClear
        showSearch
        loading={types.isPending}
        value={filters.deviceTypeId}
        onChange={(deviceTypeId: number | undefined) => set({ deviceTypeId })}
        options={(types.data ?? []).map((type) => ({
          label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
          value: type.id,
        }))}
      />
      <Select
        className="list-page__select"
        aria-label={t('alarmRules.filter.enabled')}
        placeholder={t('alarmRules.filter.allStates')}
        allowClear
        value={enabled}
        onChange={(value: 'true' | 'false' | undefined) =>
          set({ enabled: value === undefined ? undefined : value === 'true' })
        }
        options={[
          { label: t('alarmRules.filter.on'), value: 'true' },
          { label: t('alarmRules.filter.off'), value: 'false' },
        ]}
      />
    </>
  );
}
