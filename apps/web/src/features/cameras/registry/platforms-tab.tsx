import { Button, Empty, Message, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { IconCheck, IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import type { VideoPlatform } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { type PlatformDrawerTarget, PlatformFormDrawer } from './platform-form-drawer.tsx';
import { registryQueries, useDeletePlatform } from './registry-queries.ts';
import { useRegistryI18n } from './use-registry-i18n.ts';

/**
 * The video platform accounts (video:camera:write only): EZVIZ open-platform keys and wvp media
 * servers, with how many cameras use each and, for EZVIZ, until when the cached token holds. Secrets
 * show only as set or not; the server refuses to delete a platform cameras use, and its message shows.
 */
export function PlatformsTab() {
  const { t, locale } = useRegistryI18n();
  const platforms = useQuery(registryQueries.platforms(locale));
  const remove = useDeletePlatform(locale);
  const [drawer, setDrawer] = useState<PlatformDrawerTarget>(null);

  const secretSet = (p: VideoPlatform) => (p.kind === 'ezviz' ? p.appSecretSet : p.passwordSet);
  const columns: TableColumnProps<VideoPlatform>[] = [
    {
      title: t('cam.platform.col.name'),
      dataIndex: 'name',
      width: 170,
      render: (_, p) => <StackedCell primary={p.name} secondary={p.remark} strong />,
    },
    {
      title: t('cam.platform.col.kind'),
      dataIndex: 'kind',
      width: 150,
      render: (_, p) => (
        <Tag size="small" color={p.kind === 'ezviz' ? 'arcoblue' : 'purple'}>
          {t(`cam.platform.kind.${p.kind}`)}
        </Tag>
      ),
    },
    { title: t('cam.platform.col.apiUrl'), dataIndex: 'apiUrl', width: 160, ellipsis: true },
    {
      title: t('cam.platform.col.account'),
      dataIndex: 'appKey',
      width: 130,
      ellipsis: true,
      render: (_, p) => (p.kind === 'ezviz' ? p.appKey : p.username) || <span className="cam-muted">—</span>,
    },
    {
      title: t('cam.platform.col.secret'),
      dataIndex: 'appSecretSet',
      width: 80,
      render: (_, p) =>
        secretSet(p) ? (
          <span className="cam-secret-set">
            <IconCheck aria-hidden />
            {t('cam.platform.secretSet')}
          </span>
        ) : (
          <span className="cam-muted">{t('cam.platform.secretUnset')}</span>
        ),
    },
    {
      title: t('cam.platform.col.cameras'),
      dataIndex: 'cameraCount',
      width: 70,
      render: (_, p) => t('cam.platform.cameraCount', { count: p.cameraCount }),
    },
    {
      title: t('cam.platform.col.token'),
      dataIndex: 'tokenExpiresAt',
      width: 140,
      render: (_, p) =>
        p.kind !== 'ezviz' ? (
          <span className="cam-muted">—</span>
        ) : p.tokenExpiresAt ? (
          formatDateTime(p.tokenExpiresAt, locale)
        ) : (
          <span className="cam-muted">{t('cam.platform.noToken')}</span>
        ),
    },
    {
      title: t('cam.platform.col.actions'),
      dataIndex: 'id',
      width: 120,
      fixed: 'right',
      render: (_, p) => (
        <RowActions>
          <RowAction
            text={t('cam.platform.edit')}
            label={t('cam.platform.editLabel', { name: p.name })}
            onClick={() => setDrawer({ platform: p })}
          />
          <ConfirmAction
            danger
            text={t('cam.platform.delete')}
            label={t('cam.platform.deleteLabel', { name: p.name })}
            question={t('cam.platform.deleteQuestion', { name: p.name })}
            hint={t('cam.platform.deleteHint')}
            onConfirm={() =>
              remove.mutateAsync(p.id).then(
                () => Message.success(t('cam.platform.deleted')),
                // The request layer shows the refusal (cameras still use it).
                () => undefined,
              )
            }
          />
        </RowActions>
      ),
    },
  ];
  const width = columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0);

  return (
    <div className="cam-tab">
      <div className="cam-tab__bar">
        <p className="cam-tab__hint">{t('cam.platform.hint')}</p>
        <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ platform: null })}>
          {t('cam.platform.create')}
        </Button>
      </div>
      <QueryState
        query={platforms}
        failedTitle={t('cam.platform.loadFailed')}
        requestFailed={t('cam.requestFailed')}
        retryLabel={t('cam.retry')}
        skeletonClassName="list-page__skeleton"
      >
        <Table<VideoPlatform>
          rowKey="id"
          columns={columns}
          data={platforms.data ?? []}
          loading={platforms.isFetching}
          pagination={false}
          tableLayoutFixed
          scroll={{ x: width }}
          noDataElement={<Empty description={t('cam.platform.empty')} />}
        />
      </QueryState>
      <PlatformFormDrawer target={drawer} onClose={() => setDrawer(null)} />
    </div>
  );
}
