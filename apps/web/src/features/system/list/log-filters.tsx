import { Button, Input, Select } from '@arco-design/web-react';
import { IconDownload, IconSearch } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type logsApi, OPERATION_RESULTS, type OperationResult } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import type { ListFilters } from '../../../shared/ui/use-list-filters.ts';
import { exportLogins, exportOperations, logQueries } from '../api/log-queries.ts';
import { actionText, moduleText } from '../components/log-labels.tsx';
import { dayRange, LogRangePicker } from '../components/log-range-picker.tsx';
import type { SystemAdminI18n } from '../use-system-admin-i18n.ts';

export type OperationLogList = ListFilters<z.output<typeof logsApi.operations.query>>;
export type LoginLogList = ListFilters<z.output<typeof logsApi.logins.query>>;

/**
 * The typed boxes of a filter row: they filter together, on Enter or "search" (or with the next
 * choice), and follow the address (Back, reset, a pasted link).
 */
function useTypedBoxes<K extends string>(
  applied: Record<K, string | undefined>,
  onEnter: (typed: Record<K, string | undefined>) => void,
) {
  const [draft, setDraft] = useState(applied);
  const [seen, setSeen] = useState(applied);
  const changed = (Object.keys(applied) as K[]).some((key) => applied[key] !== seen[key]);
  if (changed) {
    setSeen(applied);
    setDraft(applied);
  }
  const current = changed ? applied : draft;
  const trimmed = Object.fromEntries(
    (Object.keys(current) as K[]).map((key) => [key, current[key]?.trim() || undefined]),
  ) as Record<K, string | undefined>;
  const box = (key: K) => ({
    value: current[key] ?? '',
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    onPressEnter: () => onEnter(trimmed),
  });
  return { trimmed, box };
}

/** The range picker's days from the address's `from` (inclusive) and `to` (the midnight after the last day). */
function daysOf(from: string | undefined, to: string | undefined): [Date, Date] | undefined {
  if (!from || !to) return undefined;
  const last = new Date(to);
  last.setDate(last.getDate() - 1);
  return [new Date(from), last];
}

const rangeFilter = (range: [Date, Date] | undefined) => (range ? dayRange(range) : { from: undefined, to: undefined });

/** Search and export, at the end of each log's filter row. */
function SearchAndExport({
  i18n,
  onSearch,
  onExport,
}: {
  i18n: SystemAdminI18n;
  onSearch: () => void;
  onExport: () => Promise<void>;
}) {
  const { t } = i18n;
  const [exporting, setExporting] = useState(false);
  return (
    <div className="sys-filters__buttons">
      <Button type="primary" icon={<IconSearch />} onClick={onSearch}>
        {t('sys.log.filter.search')}
      </Button>
      <Button
        icon={<IconDownload />}
        loading={exporting}
        onClick={() => {
          setExporting(true);
          // The request layer has shown a refusal.
          onExport()
            .catch(() => undefined)
            .finally(() => setExporting(false));
        }}
      >
        {t('sys.log.export')}
      </Button>
    </div>
  );
}

/** The operation log's filters: user, module, action, result and time apply at once; user and keyword are typed. */
export function OperationLogFilterFields({ list, i18n }: { list: OperationLogList; i18n: SystemAdminI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const modules = useQuery(logQueries.modules(locale));
  const typed = useTypedBoxes({ username: filters.username, keyword: filters.keyword }, set);
  const search = () => set(typed.trimmed);
  // A choice applies the typed boxes too, as they read now.
  const choose = (patch: Partial<typeof filters>) => set({ ...typed.trimmed, ...patch });
  return (
    <>
      <Input
        className="sys-filters__text"
        aria-label={t('sys.log.filter.user')}
        placeholder={t('sys.log.filter.userPlaceholder')}
        allowClear
        maxLength={64}
        {...typed.box('username')}
      />
      <Select
        className="sys-filters__select"
        aria-label={t('sys.log.filter.module')}
        placeholder={t('sys.log.filter.allModules')}
        allowClear
        showSearch
        loading={modules.isPending}
        value={filters.module}
        onChange={(module: string | undefined) => choose({ module })}
        options={(modules.data ?? []).map((m) => ({ label: moduleText(m, locale), value: m }))}
      />
      <Select
        className="sys-filters__select"
        aria-label={t('sys.log.filter.action')}
        placeholder={t('sys.log.filter.allActions')}
        allowClear
        showSearch
        value={filters.action}
        onChange={(action: string | undefined) => choose({ action })}
        options={AUDIT_ACTIONS.map((a) => ({ label: actionText(a, locale), value: a }))}
      />
      <Select
        className="sys-filters__select sys-filters__select--short"
        aria-label={t('sys.log.filter.result')}
        placeholder={t('sys.log.filter.allResults')}
        allowClear
        value={filters.result}
        onChange={(result: OperationResult | undefined) => choose({ result })}
        options={OPERATION_RESULTS.map((r) => ({ label: t(`sys.log.result.${r}`), value: r }))}
      />
      <LogRangePicker
        value={daysOf(filters.from, filters.to)}
        onChange={(range) => choose(rangeFilter(range))}
        i18n={i18n}
      />
      <Input
        className="sys-filters__keyword"
        aria-label={t('sys.log.filter.keyword')}
        placeholder={t('sys.log.filter.keywordPlaceholder')}
        allowClear
        maxLength={100}
        {...typed.box('keyword')}
      />
      <SearchAndExport
        i18n={i18n}
        onSearch={search}
        onExport={() => exportOperations(filters, locale, t('sys.log.exportOperationsName'))}
      />
    </>
  );
}

/** The sign-in log's filters: result and time apply at once; user and IP are typed. */
export function LoginLogFilterFields({ list, i18n }: { list: LoginLogList; i18n: SystemAdminI18n }) {
  const { t, locale } = i18n;
  const { filters, set } = list;
  const typed = useTypedBoxes({ username: filters.username, ip: filters.ip }, set);
  const search = () => set(typed.trimmed);
  const choose = (patch: Partial<typeof filters>) => set({ ...typed.trimmed, ...patch });
  return (
    <>
      <Input
        className="sys-filters__text"
        aria-label={t('sys.log.filter.user')}
        placeholder={t('sys.log.filter.userPlaceholder')}
        allowClear
        maxLength={64}
        {...typed.box('username')}
      />
      <Input
        className="sys-filters__text"
        aria-label={t('sys.log.filter.ip')}
        placeholder={t('sys.log.filter.ipPlaceholder')}
        allowClear
        maxLength={64}
        {...typed.box('ip')}
      />
      <Select
        className="sys-filters__select sys-filters__select--short"
        aria-label={t('sys.log.filter.result')}
        placeholder={t('sys.log.filter.allResults')}
        allowClear
        value={filters.success === undefined ? undefined : String(filters.success)}
        onChange={(success: 'true' | 'false' | undefined) =>
          choose({ success: success === undefined ? undefined : success === 'true' })
        }
        options={[
          { label: t('sys.log.result.success'), value: 'true' },
          { label: t('sys.log.result.failure'), value: 'false' },
        ]}
      />
      <LogRangePicker
        value={daysOf(filters.from, filters.to)}
        onChange={(range) => choose(rangeFilter(range))}
        i18n={i18n}
      />
      <SearchAndExport
        i18n={i18n}
        onSearch={search}
        onExport={() => exportLogins(filters, locale, t('sys.log.exportLoginsName'))}
      />
    </>
  );
}
