import { Button, Message, Select } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type OfflineRule, offlineRulesApi, Permissions } from '@water/contracts';
import { useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { ListKeyword, ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { alarmRuleQueries, useRemoveOfflineRule } from '../api/alarm-rule-queries.ts';
import { useAlarmRulesI18n } from '../use-alarm-rules-i18n.ts';
import { offlineRuleColumns } from './offline-rule-columns.tsx';
import { type OfflineDrawerTarget, OfflineRuleDrawer } from './offline-rule-drawer.tsx';
import '../alarm-rules.css';

const WRITE = [Permissions.alarmRuleWrite] as const;
const DEFAULTS = { pageSize: 10 };

/**
 * Device offline rules (/sys/device-offline-alarm-rule): after how long a silent device is alarmed,
 * per device type and per device (which overrides its type's). Holders of alarm:rule:write add,
 * edit and delete; the server is the guard, the console leaves out what anyone else could not use.
 */
export function OfflineRuleListPage() {
  const i18n = useAlarmRulesI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(offlineRulesApi.list.query, { defaults: DEFAULTS });
  const rules = useQuery(alarmRuleQueries.offlineList(list.filters, locale));
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const remove = useRemoveOfflineRule();
  const [drawer, setDrawer] = useState<OfflineDrawerTarget>(null);

  const columns = offlineRuleColumns({
    i18n,
    writer,
    actions: {
      onEdit: (row) => setDrawer({ rule: row }),
      onDelete: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('alarmRules.done.delete')),
          () => undefined,
        ),
    },
  });

  return (
    <ListPage<OfflineRule>
      title={t('offlineRules.title')}
      subtitle={t('offlineRules.subtitle')}
      actions={
        <Permission permissions={WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ rule: null })}>
            {t('offlineRules.create')}
          </Button>
        </Permission>
      }
      filters={
        <>
          <Select
            className="list-page__select"
            aria-label={t('offlineRules.filter.deviceType')}
            placeholder={t('alarmRules.filter.allTypes')}
            allowClear
            showSearch
            loading={types.isPending}
            value={list.filters.deviceTypeId}
            onChange={(deviceTypeId: number | undefined) => list.set({ deviceTypeId })}
            options={(types.data ?? []).map((type) => ({
              label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
              value: type.id,
            }))}
          />
          <ListKeyword
            label={t('offlineRules.filter.keyword')}
            value={list.filters.keyword}
            onKeyword={(keyword) => list.set({ keyword })}
          />
        </>
      }
      list={list}
      query={rules}
      columns={columns}
      columnsId="alarm-offline-rules"
      rowKey="id"
      emptyText={t('offlineRules.empty')}
      totalText={(total) => t('offlineRules.total', { total })}
    >
      {writer ? <OfflineRuleDrawer target={drawer} onClose={() => setDrawer(null)} /> : null}
    </ListPage>
  );
}
