import { Button, Empty, Input, Select, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, OPERATION_RESULTS, type OperationLog } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { exportOperations, logQueries, type OperationLogFilters } from '../api/log-queries.ts';
import { useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import { actionText, moduleText, ResultTag } from './log-labels.tsx';
import { dayRange, LogRangePicker } from './log-range-picker.tsx';
import { OperationLogDrawer } from './operation-log-drawer.tsx';

type Outcome = OperationLog['result'];

interface Draft {
  username: string;
  module: string | undefined;
  action: string | undefined;
  result: Outcome | undefined;
  range: [Date, Date] | undefined;
  keyword: string;
}

const EMPTY: Draft = {
  username: '',
  module: undefined,
  action: undefined,
  result: undefined,
  range: undefined,
  keyword: '',
};
const PAGE_SIZE = 10;

function filtersOf(draft: Draft, pageSize: number): OperationLogFilters {
  return {
    page: 1,
    pageSize,
    username: draft.username.trim() || undefined,
    module: draft.module,
    action: draft.action,
    result: draft.result,
    keyword: draft.keyword.trim() || undefined,
    ...(draft.range ? dayRange(draft.range) : {}),
  };
}

/** The operation log: who wrote what, when, and how it went; a row opens its details. */
export function OperationLogTab() {
  const i18n = useSystemAdminI18n();
  const { t, locale } = i18n;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<OperationLogFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const logs = useQuery(logQueries.operations(filters, locale));
  const modules = useQuery(logQueries.modules(locale));
  const pageSize = filters.pageSize ?? PAGE_SIZE;
  const filtered = Object.entries(filters).some(([key, value]) => key !== 'page' && key !== 'pageSize' && value);

  // Choices apply at once; typed filters on Enter or the search button.
  const choose = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    setFilters(filtersOf(next, pageSize));
  };
  const search = () => setFilters(filtersOf(draft, pageSize));
  const typed = (key: 'username' | 'keyword') => ({
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    onPressEnter: search,
  });

  const download = () => {
    setExporting(true);
    exportOperations(filters, locale, t('sys.log.exportOperationsName'))
      // The request layer has shown a refusal.
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const columns: TableColumnProps<OperationLog>[] = [
    {
      title: t('sys.log.col.time'),
      dataIndex: 'createdAt',
      width: locale === 'zh-CN' ? 160 : 175,
      // The time opens the details (so does the whole row, for the mouse).
      render: (_, row) => (
        <Button
          type="text"
          size="small"
          className="sys-time-link"
          aria-label={t('sys.actionLabel', { action: t('sys.log.details'), title: `#${row.id}` })}
          onClick={(event) => {
            // The row opens the same drawer; one opening is enough.
            event.stopPropagation();
            setOpenId(row.id);
          }}
        >
          {formatDateTime(row.createdAt, locale, { seconds: true })}
        </Button>
      ),
    },
    {
      title: t('sys.log.col.user'),
      dataIndex: 'displayName',
      width: 130,
      // The name people know, the account name (often a phone number) under it.
      render: (_, row) => (
        <StackedCell
          primary={row.displayName}
          secondary={row.displayName === row.username ? undefined : row.username}
        />
      ),
    },
    {
      title: t('sys.log.col.module'),
      dataIndex: 'module',
      width: 100,
      render: (_, row) => <span title={row.module}>{moduleText(row.module, locale)}</span>,
    },
    {
      title: t('sys.log.col.action'),
      dataIndex: 'action',
      // "设置保留期", "Set retention" on one line.
      width: locale === 'zh-CN' ? 110 : 130,
      render: (_, row) => <span title={row.action}>{actionText(row.action, locale)}</span>,
    },
    {
      title: t('sys.log.col.target'),
      dataIndex: 'targetId',
      width: 64,
      render: (_, row) => (row.targetId ? row.targetId : <span className="sys-muted">{t('sys.none')}</span>),
    },
    {
      title: t('sys.log.col.request'),
      dataIndex: 'path',
      render: (_, row) => (
        <span className="sys-request" title={`${row.method} ${row.path}`}>
          <span className={`sys-method sys-method--${row.method.toLowerCase()}`}>{row.method}</span>
          <code className="sys-code sys-ellipsis">{row.path}</code>
        </span>
      ),
    },
    {
      title: t('sys.log.col.result'),
      dataIndex: 'result',
      width: 80,
      render: (_, row) => <ResultTag result={row.result} t={t} />,
    },
    {
      title: t('sys.log.col.duration'),
      dataIndex: 'durationMs',
      width: 90,
      align: 'right',
      render: (_, row) => (
        <span className="sys-number">{t('sys.log.duration', { ms: row.durationMs.toLocaleString(locale) })}</span>
      ),
    },
    { title: t('sys.log.col.ip'), dataIndex: 'ip', width: 140, ellipsis: true },
  ];

  const table = (
    <QueryState
      query={logs}
      failedTitle={t('sys.loadFailed')}
      requestFailed={t('sys.requestFailed')}
      retryLabel={t('sys.retry')}
      skeletonClassName="sys-skeleton"
    >
      <Table<OperationLog>
        rowKey="id"
        className="sys-log-table"
        columns={columns}
        data={logs.data?.list ?? []}
        loading={logs.isFetching}
        tableLayoutFixed
        scroll={{ x: 1040 }}
        onRow={(row) => ({ onClick: () => setOpenId(row.id) })}
        noDataElement={<Empty description={t(filtered ? 'sys.log.emptyFiltered' : 'sys.log.empty')} />}
        pagination={tablePagination({
          page: filters.page ?? 1,
          pageSize,
          total: logs.data?.total ?? 0,
          showTotal: (total: number) =>
            logs.data?.capped ? t('sys.totalCapped', { total }) : t('sys.total', { total }),
        })}
        onChange={(pagination) => setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }))}
      />
    </QueryState>
  );

  return (
    <>
      <search className="sys-filters">
        <Input
          className="sys-filters__text"
          aria-label={t('sys.log.filter.user')}
          placeholder={t('sys.log.filter.userPlaceholder')}
          allowClear
          maxLength={64}
          {...typed('username')}
        />
        <Select
          className="sys-filters__select"
          aria-label={t('sys.log.filter.module')}
          placeholder={t('sys.log.filter.allModules')}
          allowClear
          showSearch
          loading={modules.isPending}
          value={draft.module}
          onChange={(module: string | undefined) => choose({ module })}
          options={(modules.data ?? []).map((m) => ({ label: moduleText(m, locale), value: m }))}
        />
        <Select
          className="sys-filters__select"
          aria-label={t('sys.log.filter.action')}
          placeholder={t('sys.log.filter.allActions')}
          allowClear
          showSearch
          value={draft.action}
          onChange={(action: string | undefined) => choose({ action })}
          options={AUDIT_ACTIONS.map((a) => ({ label: actionText(a, locale), value: a }))}
        />
        <Select
          className="sys-filters__select sys-filters__select--short"
          aria-label={t('sys.log.filter.result')}
          placeholder={t('sys.log.filter.allResults')}
          allowClear
          value={draft.result}
          onChange={(result: Outcome | undefined) => choose({ result })}
          options={OPERATION_RESULTS.map((r) => ({ label: t(`sys.log.result.${r}`), value: r }))}
        />
        <LogRangePicker value={draft.range} onChange={(range) => choose({ range })} i18n={i18n} />
        <Input
          className="sys-filters__keyword"
          aria-label={t('sys.log.filter.keyword')}
          placeholder={t('sys.log.filter.keywordPlaceholder')}
          allowClear
          maxLength={100}
          {...typed('keyword')}
        />
        <div className="sys-filters__buttons">
          <Button type="primary" icon={<IconSearch />} onClick={search}>
            {t('sys.log.filter.search')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setDraft(EMPTY);
              setFilters({ page: 1, pageSize });
            }}
          >
            {t('sys.log.filter.reset')}
          </Button>
          <Button icon={<IconDownload />} loading={exporting} onClick={download}>
            {t('sys.log.export')}
          </Button>
        </div>
      </search>
      {table}
      <OperationLogDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
