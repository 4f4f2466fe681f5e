import { Button, Message } from '@arco-design/web-react';
import { IconDownload, IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type AlarmRule, alarmRulesApi, Permissions } from '@water/contracts';
import { useState } from 'react';
import { downloadFile } from '../../../shared/api/download.ts';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { alarmRuleQueries, useRuleActions } from '../api/alarm-rule-queries.ts';
import { useAlarmRulesI18n } from '../use-alarm-rules-i18n.ts';
import { ruleColumns } from './rule-columns.tsx';
import { RuleFilterFields } from './rule-filters.tsx';
import { type RuleDrawerTarget, RuleFormDrawer } from './rule-form-drawer.tsx';
import { RuleImportDialog } from './rule-import-dialog.tsx';
import '../alarm-rules.css';

const WRITE = [Permissions.alarmRuleWrite] as const;
const DEFAULTS = { pageSize: 10 };

/**
 * Alarm rules (/sys/callPoliceRule): each rule watches the devices of one type (all, chosen ones, a
 * station's, a region's) for OR groups of AND conditions on their thing model, and says whom to tell.
 * Holders of alarm:rule:write create, edit, copy, enable, disable, delete, import and export. The
 * server is the guard (it serves the rules to writers only); the console leaves out, or switches
 * off, what anyone else could not use.
 */
export function AlarmRuleListPage() {
  const i18n = useAlarmRulesI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(alarmRulesApi.list.query, { defaults: DEFAULTS });
  const rules = useQuery(alarmRuleQueries.list(list.filters, locale));
  const { setEnabled, copy, remove } = useRuleActions();
  const [drawer, setDrawer] = useState<RuleDrawerTarget>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // The request layer shows a refusal; the list is read again either way.
  const quiet = () => undefined;
  const columns = ruleColumns({
    i18n,
    writer,
    actions: {
      switching: setEnabled.isPending ? (setEnabled.variables?.id ?? null) : null,
      onEdit: (row) => setDrawer({ rule: row }),
      onEnabled: (row, enabled) =>
        setEnabled
          .mutateAsync({ id: row.id, enabled })
          .then(() => Message.success(t(enabled ? 'alarmRules.done.enabled' : 'alarmRules.done.disabled')), quiet),
      onCopy: (row) =>
        copy
          .mutateAsync(row.id)
          .then((created) => Message.success(t('alarmRules.done.copy', { name: created.name })), quiet),
      onDelete: (row) => remove.mutateAsync(row.id).then(() => Message.success(t('alarmRules.done.delete')), quiet),
    },
  });

  const exportRules = () => {
    setExporting(true);
    downloadFile(alarmRulesApi.exportRules, { locale, query: {}, fallbackName: 'alarm-rules.json' })
      .catch(quiet)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage<AlarmRule>
      title={t('alarmRules.title')}
      subtitle={t('alarmRules.subtitle')}
      actions={
        <Permission permissions={WRITE}>
          <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
            {t('alarmRules.import')}
          </Button>
          <Button icon={<IconDownload />} loading={exporting} onClick={exportRules}>
            {t('alarmRules.export')}
          </Button>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ rule: null })}>
            {t('alarmRules.create')}
          </Button>
        </Permission>
      }
      filters={<RuleFilterFields list={list} i18n={i18n} />}
      list={list}
      query={rules}
      columns={columns}
      columnsId="alarm-rules"
      rowKey="id"
      emptyText={t('alarmRules.empty')}
      totalText={(total) => t('alarmRules.total', { total })}
    >
      {writer ? (
        <>
          <RuleFormDrawer target={drawer} onClose={() => setDrawer(null)} />
          <RuleImportDialog visible={importing} onClose={() => setImporting(false)} i18n={i18n} />
        </>
      ) : null}
    </ListPage>
  );
}
