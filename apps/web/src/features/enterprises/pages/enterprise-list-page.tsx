import {
  Button,
  Empty,
  Message,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { ENTERPRISE_TYPES, type Enterprise, Permissions, RECORD_STATUSES } from '@water/contracts';
import { useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { KeywordSearch, pageFrom, QueryState, tablePagination } from '../../../shared/ui/list-scaffold.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { type EnterpriseFilters, organizationQueries, useRemoveEnterprise } from '../api/organization-queries.ts';
import { type EnterpriseDrawerTarget, EnterpriseFormDrawer } from '../components/enterprise-form-drawer.tsx';
import { StatusTag, statusText, TypeTag, typeText } from '../components/organization-labels.tsx';
import { ForbiddenResult } from '../components/page-states.tsx';
import { useOrganizationI18n } from '../use-organization-i18n.ts';
import '../organization.css';
import '../../../shared/ui/table-scroll-cue.css';

const LIST = [Permissions.systemEnterpriseList] as const;
const WRITE = [Permissions.systemEnterpriseWrite] as const;
const PAGE_SIZE = 10;
/** The address column takes what is left, never less than this. */
const ADDRESS_MIN = 160;

/** Enterprises: the utility and its contractors and suppliers. The server guards both reads and writes. */
export function EnterpriseListPage() {
  const { t } = useOrganizationI18n();
  const roleInfo = useRoleInfo();
  const allowed = useButtonPermission(LIST);
  if (!roleInfo) return <Spin className="org-page-loading" />;
  if (!allowed) return <ForbiddenResult permission={Permissions.systemEnterpriseList} t={t} />;
  return <EnterpriseManager />;
}

function EnterpriseManager() {
  const { t, locale } = useOrganizationI18n();
  const writer = useButtonPermission(WRITE);
  const [filters, setFilters] = useState<EnterpriseFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<EnterpriseDrawerTarget>(null);
  const items = useQuery(organizationQueries.enterprises(filters, locale));
  const remove = useRemoveEnterprise();
  const filtered = Boolean(filters.keyword || filters.type || filters.status);

  const removeRow = (row: Enterprise) =>
    remove.mutateAsync(row.id).then(
      () => {
        Message.success(t('org.done.delete'));
      },
      // The request layer has shown the server's refusal (how many departments and users are left).
      () => undefined,
    );

  const label = (action: 'org.action.edit' | 'org.action.delete', row: Enterprise) =>
    t('org.actionLabel', { action: t(action), name: row.name });

  const columns: TableColumnProps<Enterprise>[] = [
    {
      // The name over its credit code: the two facts that identify an enterprise.
      title: t('org.enterprise.col.nameCode'),
      dataIndex: 'name',
      width: 220,
      // The name stays in view while a narrow window scrolls the table sideways.
      fixed: 'left',
      render: (_, row) => (
        <StackedCell
          strong
          primary={row.name}
          secondary={row.creditCode}
          secondaryTitle={`${t('org.enterprise.col.creditCode')}: ${row.creditCode}`}
          secondaryClassName="org-mono"
        />
      ),
    },
    {
      title: t('org.enterprise.col.type'),
      dataIndex: 'type',
      width: locale === 'zh-CN' ? 86 : 110,
      render: (_, row) => <TypeTag type={row.type} t={t} />,
    },
    {
      // The contact over their phone.
      title: t('org.enterprise.col.contactPhone'),
      dataIndex: 'contact',
      width: 140,
      render: (_, row) =>
        row.contact || row.phone ? <StackedCell primary={dash(row.contact)} secondary={row.phone} /> : dash(''),
    },
    {
      title: t('org.enterprise.col.address'),
      dataIndex: 'address',
      render: (_, row) =>
        row.address ? (
          <span className="org-ellipsis" title={row.address}>
            {row.address}
          </span>
        ) : (
          dash(row.address)
        ),
    },
    {
      title: t('org.col.status'),
      dataIndex: 'status',
      width: locale === 'zh-CN' ? 80 : 96,
      render: (_, row) => <StatusTag status={row.status} t={t} />,
    },
    {
      title: t('org.enterprise.col.departments'),
      dataIndex: 'departments',
      width: locale === 'zh-CN' ? 76 : 116,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.departments}</span>,
    },
    {
      title: t('org.enterprise.col.users'),
      dataIndex: 'users',
      width: 76,
      align: 'right',
      render: (_, row) => <span className="org-number">{row.users}</span>,
    },
    ...(writer
      ? [
          {
            title: t('org.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: locale === 'zh-CN' ? 120 : 140,
            render: (_: unknown, row: Enterprise) => (
              <Space size={0} className="org-actions">
                <Button
                  type="text"
                  size="small"
                  aria-label={label('org.action.edit', row)}
                  onClick={() => setDrawer({ item: row })}
                >
                  {t('org.action.edit')}
                </Button>
                <Popconfirm
                  title={t('org.enterprise.confirm.delete')}
                  okText={t('org.action.delete')}
                  cancelText={t('org.cancel')}
                  okButtonProps={{ status: 'danger' }}
                  onOk={() => removeRow(row)}
                >
                  <Button
                    type="text"
                    size="small"
                    status="danger"
                    aria-label={label('org.action.delete', row)}
                    disabled={remove.isPending && remove.variables === row.id}
                  >
                    {t('org.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const table = (
    <QueryState
      query={items}
      failedTitle={t('org.loadFailed')}
      requestFailed={t('org.requestFailed')}
      retryLabel={t('org.retry')}
      skeletonClassName="org-skeleton"
    >
      <Table<Enterprise>
        className="org-table table-scroll-cue"
        rowKey="id"
        columns={columns}
        data={items.data?.list ?? []}
        loading={items.isFetching}
        noDataElement={<Empty description={t(filtered ? 'org.enterprise.emptyFiltered' : 'org.enterprise.empty')} />}
        tableLayoutFixed
        // Every column at its width and the address at least ADDRESS_MIN (about 1,060 px, so it fits a
        // 1,440 px window with the side menu open): none slips under the fixed actions.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), ADDRESS_MIN) }}
        pagination={tablePagination({
          page: filters.page ?? 1,
          pageSize: filters.pageSize ?? PAGE_SIZE,
          total: items.data?.total ?? 0,
          showTotal: (total: number) => t('org.total', { total }),
        })}
        onChange={(pagination) => setFilters((f) => ({ ...f, ...pageFrom(pagination, PAGE_SIZE) }))}
      />
    </QueryState>
  );

  return (
    <div className="org-page">
      <div className="org-card">
        <header className="org-header">
          <div>
            <h1 className="org-header__title">{t('org.enterprise.title')}</h1>
            <p className="org-header__subtitle">{t('org.enterprise.subtitle')}</p>
          </div>
          <Permission permissions={WRITE}>
            <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ item: null })}>
              {t('org.enterprise.create')}
            </Button>
          </Permission>
        </header>
        <search className="org-filters">
          <KeywordSearch
            className="org-filters__keyword"
            label={t('org.enterprise.filter.keyword')}
            value={keyword}
            onChange={setKeyword}
            onKeyword={(next) => setFilters((f) => ({ ...f, keyword: next, page: 1 }))}
          />
          <Select
            className="org-filters__select"
            aria-label={t('org.enterprise.filter.type')}
            placeholder={t('org.enterprise.filter.allTypes')}
            allowClear
            value={filters.type}
            onChange={(type: Enterprise['type'] | undefined) => setFilters((f) => ({ ...f, type, page: 1 }))}
            options={ENTERPRISE_TYPES.map((type) => ({ label: typeText(type, t), value: type }))}
          />
          <Select
            className="org-filters__select"
            aria-label={t('org.enterprise.filter.status')}
            placeholder={t('org.enterprise.filter.allStatuses')}
            allowClear
            value={filters.status}
            onChange={(status: Enterprise['status'] | undefined) => setFilters((f) => ({ ...f, status, page: 1 }))}
            options={RECORD_STATUSES.map((status) => ({ label: statusText(status, t), value: status }))}
          />
        </search>
        {table}
      </div>
      <EnterpriseFormDrawer target={drawer} onClose={() => setDrawer(null)} />
    </div>
  );
}

function dash(value: string) {
  return value ? value : <span className="org-muted">—</span>;
}
