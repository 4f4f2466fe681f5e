import { Button, Empty, Input, Select, Table, type TableColumnProps, Tooltip } from '@arco-design/web-react';
import { IconDownload, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import type { LoginLog } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { parseUserAgent } from '../../../shared/lib/user-agent.ts';
import { pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { exportLogins, type LoginLogFilters, logQueries } from '../api/log-queries.ts';
import { type SystemAdminI18n, useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import { ResultTag, reasonText } from './log-labels.tsx';
import { dayRange, LogRangePicker } from './log-range-picker.tsx';

type Outcome = 'true' | 'false';

interface Draft {
  username: string;
  ip: string;
  success: Outcome | undefined;
  range: [Date, Date] | undefined;
}

const EMPTY: Draft = { username: '', ip: '', success: undefined, range: undefined };
const PAGE_SIZE = 10;

function filtersOf(draft: Draft, pageSize: number): LoginLogFilters {
  return {
    page: 1,
    pageSize,
    username: draft.username.trim() || undefined,
    ip: draft.ip.trim() || undefined,
    success: draft.success,
    ...(draft.range ? dayRange(draft.range) : {}),
  };
}

/** Browser and system of a User-Agent in words, "unknown" in the reader's language when unread. */
function userAgentSummary(ua: string, t: SystemAdminI18n['t']): string {
  const { browser, os } = parseUserAgent(ua);
  return t('sys.log.ua.summary', {
    browser: browser ?? t('sys.log.ua.unknownBrowser'),
    os: os ?? t('sys.log.ua.unknownOs'),
  });
}

/** Every sign-in attempt, who and from where, with why a failure failed. */
export function LoginLogTab() {
  const i18n = useSystemAdminI18n();
  const { t, locale } = i18n;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<LoginLogFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [exporting, setExporting] = useState(false);
  const logs = useQuery(logQueries.logins(filters, locale));
  const pageSize = filters.pageSize ?? PAGE_SIZE;
  const filtered = Object.entries(filters).some(([key, value]) => key !== 'page' && key !== 'pageSize' && value);

  const choose = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    setFilters(filtersOf(next, pageSize));
  };
  const search = () => setFilters(filtersOf(draft, pageSize));
  const typed = (key: 'username' | 'ip') => ({
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    onPressEnter: search,
  });

  const download = () => {
    setExporting(true);
    exportLogins(filters, locale, t('sys.log.exportLoginsName'))
      // The request layer has shown a refusal.
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const columns: TableColumnProps<LoginLog>[] = [
    {
      title: t('sys.log.col.time'),
      dataIndex: 'createdAt',
      width: 180,
      render: (_, row) => (
        <span className="sys-nowrap">{formatDateTime(row.createdAt, locale, { seconds: true })}</span>
      ),
    },
    { title: t('sys.log.col.user'), dataIndex: 'username', width: 150, ellipsis: true },
    { title: t('sys.log.col.ip'), dataIndex: 'ip', width: 140, ellipsis: true },
    {
      title: t('sys.log.col.userAgent'),
      dataIndex: 'userAgent',
      render: (_, row) =>
        row.userAgent ? (
          <Tooltip content={row.userAgent} position="tl">
            <span className="sys-ellipsis sys-ua">{userAgentSummary(row.userAgent, t)}</span>
          </Tooltip>
        ) : (
          <span className="sys-muted">{t('sys.none')}</span>
        ),
    },
    {
      title: t('sys.log.col.result'),
      dataIndex: 'success',
      width: 90,
      render: (_, row) => <ResultTag result={row.success ? 'success' : 'failure'} t={t} />,
    },
    {
      title: t('sys.log.col.reason'),
      dataIndex: 'reason',
      width: 200,
      render: (_, row) =>
        row.reason ? (
          <span title={row.reason}>{reasonText(row.reason, t)}</span>
        ) : (
          <span className="sys-muted">{t('sys.none')}</span>
        ),
    },
  ];

  const table = (
    <QueryState
      query={logs}
      failedTitle={t('sys.loadFailed')}
      requestFailed={t('sys.requestFailed')}
      retryLabel={t('sys.retry')}
      skeletonClassName="sys-skeleton"
    >
      <Table<LoginLog>
        rowKey="id"
        columns={columns}
        data={logs.data?.list ?? []}
        loading={logs.isFetching}
        tableLayoutFixed
        scroll={{ x: 1100 }}
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
        <Input
          className="sys-filters__text"
          aria-label={t('sys.log.filter.ip')}
          placeholder={t('sys.log.filter.ipPlaceholder')}
          allowClear
          maxLength={64}
          {...typed('ip')}
        />
        <Select
          className="sys-filters__select sys-filters__select--short"
          aria-label={t('sys.log.filter.result')}
          placeholder={t('sys.log.filter.allResults')}
          allowClear
          value={draft.success}
          onChange={(success: Outcome | undefined) => choose({ success })}
          options={[
            { label: t('sys.log.result.success'), value: 'true' },
            { label: t('sys.log.result.failure'), value: 'false' },
          ]}
        />
        <LogRangePicker value={draft.range} onChange={(range) => choose({ range })} i18n={i18n} />
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
    </>
  );
}
