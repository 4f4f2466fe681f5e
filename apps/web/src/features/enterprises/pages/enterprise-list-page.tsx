import { Button, Message, Spin } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type Enterprise, organizationApi, Permissions } from '@water/contracts';
import { useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { organizationQueries, useRemoveEnterprise } from '../api/organization-queries.ts';
import { type EnterpriseDrawerTarget, EnterpriseFormDrawer } from '../components/enterprise-form-drawer.tsx';
import { ForbiddenResult } from '../components/page-states.tsx';
import { enterpriseColumns } from '../list/enterprise-columns.tsx';
import { EnterpriseFilterFields } from '../list/enterprise-filters.tsx';
import { useOrganizationI18n } from '../use-organization-i18n.ts';
import '../organization.css';

const LIST = [Permissions.systemEnterpriseList] as const;
const WRITE = [Permissions.systemEnterpriseWrite] as const;
const DEFAULTS = { pageSize: 10 };

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
  const i18n = useOrganizationI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(organizationApi.enterprises.query, { defaults: DEFAULTS });
  const items = useQuery(organizationQueries.enterprises(list.filters, locale));
  const remove = useRemoveEnterprise();
  const [drawer, setDrawer] = useState<EnterpriseDrawerTarget>(null);

  const columns = enterpriseColumns({
    i18n,
    writer,
    actions: {
      onEdit: (row) => setDrawer({ item: row }),
      onRemove: (row: Enterprise) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('org.done.delete')),
          // The request layer has shown the server's refusal (how many departments and users are left).
          () => undefined,
        ),
      removing: remove.isPending ? remove.variables : undefined,
    },
  });

  return (
    <ListPage<Enterprise>
      title={t('org.enterprise.title')}
      subtitle={t('org.enterprise.subtitle')}
      actions={
        <Permission permissions={WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ item: null })}>
            {t('org.enterprise.create')}
          </Button>
        </Permission>
      }
      filters={<EnterpriseFilterFields list={list} i18n={i18n} />}
      list={list}
      query={items}
      columns={columns}
      columnsId="enterprises"
      rowKey="id"
      emptyText={t('org.enterprise.empty')}
    >
      <EnterpriseFormDrawer target={drawer} onClose={() => setDrawer(null)} />
    </ListPage>
  );
}
