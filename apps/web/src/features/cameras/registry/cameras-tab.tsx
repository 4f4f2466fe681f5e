import { Button, Message, Select } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  CAMERA_SOURCE_KINDS,
  CAMERA_STATUSES,
  type Camera,
  camerasApi,
  Permissions,
  type RegionNode,
} from '@water/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { type IdTreeNode, IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { ListKeyword, ListView } from '../../../shared/ui/list-page.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { StationSelect } from '../../../shared/ui/reference-selects.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { cameraColumns } from './camera-columns.tsx';
import { type CameraDrawerTarget, CameraFormDrawer } from './camera-form-drawer.tsx';
import { CameraShareDialog } from './camera-share-dialog.tsx';
import { registryQueries, useDeleteCamera, useSetCameraEnabled } from './registry-queries.ts';
import { useRegistryI18n } from './use-registry-i18n.ts';

const WRITE = [Permissions.cameraWrite] as const;
const SHARE = [Permissions.cameraShare] as const;
const DEFAULTS = { pageSize: 20 };
/** The live view, opened on one camera. */
export const LIVE_PATH = '/bz/camera';

const regionNodes = (nodes: RegionNode[]): IdTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

/**
 * The cameras: filters in the address, the online state the server last found (why not, on hover),
 * watch in the live view; holders of video:camera:write add, edit, disable and delete, holders of
 * video:camera:share make public links.
 */
export function CamerasTab() {
  const i18n = useRegistryI18n();
  const { t, locale } = i18n;
  const navigate = useNavigate();
  const writer = useButtonPermission(WRITE);
  const sharer = useButtonPermission(SHARE);
  const list = useListFilters(camerasApi.list.query, { defaults: DEFAULTS });
  const cameras = useQuery(registryQueries.list(list.filters, locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  const setEnabled = useSetCameraEnabled(locale);
  const remove = useDeleteCamera(locale);
  const [drawer, setDrawer] = useState<CameraDrawerTarget>(null);
  const [sharing, setSharing] = useState<Camera | null>(null);
  const { filters, set } = list;

  const columns = cameraColumns({
    i18n,
    writer,
    sharer,
    actions: {
      onWatch: (camera) => navigate(`${LIVE_PATH}?cameras=${camera.id}`),
      onEdit: (camera) => setDrawer({ camera }),
      // The request layer shows a refusal; the list is read again either way.
      onEnabled: (camera, enabled) =>
        setEnabled.mutateAsync({ id: camera.id, enabled }).then(
          () => Message.success(t(enabled ? 'cam.enabledDone' : 'cam.disabledDone')),
          () => undefined,
        ),
      onShare: setSharing,
      onDelete: (camera) =>
        remove.mutateAsync(camera.id).then(
          () => Message.success(t('cam.deleted')),
          () => undefined,
        ),
    },
  });

  return (
    <div className="cam-tab">
      <div className="cam-tab__bar">
        <p className="cam-tab__hint">{t('cam.hint')}</p>
        {writer ? (
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ camera: null })}>
            {t('cam.create')}
          </Button>
        ) : null}
      </div>
      <ListView<Camera>
        filters={
          <>
            <ListKeyword
              label={t('cam.filter.keyword')}
              value={filters.keyword}
              onKeyword={(keyword) => set({ keyword })}
            />
            <StationSelect
              label={t('cam.filter.station')}
              placeholder={t('cam.filter.allStations')}
              value={filters.stationId}
              onChange={(stationId) => set({ stationId })}
            />
            <IdTreeSelect
              className="cam-filter__region"
              label={t('cam.filter.region')}
              placeholder={t('cam.filter.allRegions')}
              loading={regions.isPending}
              treeData={regionNodes(regions.data ?? [])}
              value={filters.regionId ?? null}
              onChange={(regionId) => set({ regionId: regionId ?? undefined })}
            />
            <Select
              className="list-page__select"
              aria-label={t('cam.filter.kind')}
              placeholder={t('cam.filter.allKinds')}
              allowClear
              value={filters.sourceKind}
              onChange={(sourceKind) => set({ sourceKind })}
              options={CAMERA_SOURCE_KINDS.map((kind) => ({ label: t(`cam.kind.${kind}`), value: kind }))}
            />
            <Select
              className="cam-filter__status"
              aria-label={t('cam.filter.status')}
              placeholder={t('cam.filter.allStatuses')}
              allowClear
              value={filters.status}
              onChange={(status) => set({ status })}
              options={CAMERA_STATUSES.map((status) => ({ label: t(`cam.status.${status}`), value: status }))}
            />
            <Select
              className="cam-filter__status"
              aria-label={t('cam.filter.enabled')}
              placeholder={t('cam.filter.allEnabled')}
              allowClear
              value={filters.enabled}
              onChange={(enabled) => set({ enabled })}
              options={[
                { label: t('cam.enabled'), value: 'true' },
                { label: t('cam.disabled'), value: 'false' },
              ]}
            />
          </>
        }
        list={list}
        query={cameras}
        columns={columns}
        columnsId="camera-registry"
        rowKey="id"
        emptyText={t('cam.empty')}
        totalText={(total) => t('cam.total', { total })}
      />
      {writer ? <CameraFormDrawer target={drawer} onClose={() => setDrawer(null)} /> : null}
      {sharer ? <CameraShareDialog camera={sharing} onClose={() => setSharing(null)} /> : null}
    </div>
  );
}
