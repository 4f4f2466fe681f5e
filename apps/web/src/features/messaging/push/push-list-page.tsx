import { Button, Result, Spin } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { notifyApi, Permissions, type Push } from '@water/contracts';
import { useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { pushQueries } from '../api/push-queries.ts';
import { usePushI18n } from '../use-push-i18n.ts';
import { openOnRowClick, pushColumns } from './push-columns.tsx';
import { PushComposeDrawer } from './push-compose-drawer.tsx';
import { PushDetailDrawer, useOpenPush } from './push-detail-drawer.tsx';
import { PushFilterFields } from './push-filters.tsx';
import './push.css';

const VIEW = [Permissions.notifyView] as const;
const PUSH = [Permissions.notifyPush] as const;
const DEFAULTS = { pageSize: 20 };

/**
 * 消息推送 (/callPolice/callPolicePush): the push log, newest first, live while a push on the page
 * sends; "New push" composes one with its estimate; a row (or `?push=<id>`) opens its deliveries.
 * Reading needs notify:view (the server refuses others with 403, so they are told so instead of a
 * table); pushing, resending and cancelling need notify:push.
 */
export function PushListPage() {
  const { t } = usePushI18n();
  const roleInfo = useRoleInfo();
  const allowed = useButtonPermission(VIEW);
  if (!roleInfo) return <Spin className="push-page-loading" />;
  if (!allowed) {
    return (
      <div className="list-page">
        <Result status="403" title={t('push.forbidden.title')} subTitle={t('push.forbidden.subtitle')} />
      </div>
    );
  }
  return <PushLog />;
}

function PushLog() {
  const i18n = usePushI18n();
  const { t, locale } = i18n;
  const list = useListFilters(notifyApi.pushes.query, { defaults: DEFAULTS });
  const pushes = useQuery(pushQueries.list(list.filters, locale));
  const [, openPush] = useOpenPush();
  const [composing, setComposing] = useState(false);

  return (
    <ListPage<Push>
      className="push-page"
      title={t('push.title')}
      subtitle={t('push.subtitle')}
      actions={
        <Permission permissions={PUSH}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setComposing(true)}>
            {t('push.create')}
          </Button>
        </Permission>
      }
      filters={<PushFilterFields list={list} i18n={i18n} />}
      list={list}
      query={pushes}
      columns={pushColumns({ i18n, onOpen: (row) => openPush(row.id) })}
      columnsId="notify-pushes"
      rowKey="id"
      emptyText={t('push.empty')}
      totalText={(total) => t('push.total', { total })}
      tableProps={{ rowClassName: () => 'push-row', onRow: openOnRowClick((row) => openPush(row.id)) }}
    >
      <PushComposeDrawer
        open={composing}
        onClose={() => setComposing(false)}
        onCreated={(push) => {
          setComposing(false);
          openPush(push.id);
        }}
      />
      <PushDetailDrawer />
    </ListPage>
  );
}
