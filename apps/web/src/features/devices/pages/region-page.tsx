import { Alert, Button, Message, Popconfirm, Result, Skeleton, Space, Spin } from '@arco-design/web-react';
import { IconDownload, IconEdit, IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, type RegionCollection, type RegionNode } from '@water/contracts';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { mapQueries } from '../../../shared/ui/map/map-queries.ts';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import {
  exportRegions,
  MAP_DEVICE_LIMIT,
  regionQueries,
  useImportRegions,
  useRemoveRegion,
  useSaveRegion,
} from '../api/region-queries.ts';
import type { MapPoint, MapRegion, Position } from '../components/map-region-view.tsx';
import { type RegionDrawerTarget, RegionFormDrawer } from '../components/region-form-drawer.tsx';
import { findRegion, parentIds } from '../components/region-tree.ts';
import { RegionTreePanel } from '../components/region-tree-panel.tsx';
import { useRegionI18n } from '../use-region-i18n.ts';
import '../region.css';

const WRITE = [Permissions.regionWrite] as const;

// MapLibre is large: it loads with the map, after the tree is on screen.
const MapRegionView = lazy(() =>
  import('../components/map-region-view.tsx').then((m) => ({ default: m.MapRegionView })),
);

/**
 * Monitoring regions: the tree on the left, the map on the right. Every signed-in user reads them
 * (every list filters by region); holders of the region permission add, edit, delete, draw
 * boundaries and import, and the server checks them.
 */
export function RegionPage() {
  const { t } = useRegionI18n();
  const writer = useButtonPermission(WRITE);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // null: every parent open (the tree is small and reads best whole).
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [drawer, setDrawer] = useState<RegionDrawerTarget>(null);
  // Vertices of the boundary being drawn for the selected region; null: not drawing.
  const [draft, setDraft] = useState<Position[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The screen that edits regions reads the tree afresh on opening; pickers elsewhere use the cache.
  const tree = useQuery({ ...referenceQueries.regionTree(), staleTime: 0 });
  const boundaries = useQuery(mapQueries.boundaries());
  const config = useQuery(mapQueries.config());
  const stations = useQuery(referenceQueries.stations());
  const devices = useQuery(regionQueries.devices(selectedId ?? undefined));
  const remove = useRemoveRegion();
  const save = useSaveRegion();
  const importing = useImportRegions();

  const nodes = tree.data ?? [];
  const selected = selectedId === null ? undefined : findRegion(nodes, selectedId);

  const regions = useMemo<MapRegion[]>(
    () =>
      (boundaries.data?.features ?? []).map((f) => ({
        code: f.properties.code,
        name: f.properties.name,
        geometry: f.geometry,
      })),
    [boundaries.data],
  );
  const points = useMemo<MapPoint[]>(() => {
    const list: MapPoint[] = [];
    for (const s of stations.data ?? []) {
      if (s.longitude !== null && s.latitude !== null) {
        list.push({ kind: 'station', name: s.name, position: [s.longitude, s.latitude] });
      }
    }
    for (const d of devices.data?.list ?? []) {
      if (d.longitude !== null && d.latitude !== null) {
        list.push({ kind: 'device', name: d.name, position: [d.longitude, d.latitude] });
      }
    }
    return list;
  }, [stations.data, devices.data]);

  const removeRegion = (node: RegionNode) =>
    remove.mutateAsync(node.id).then(
      () => {
        Message.success(t('region.done.delete'));
        if (selectedId === node.id) setSelectedId(null);
      },
      // The request layer has shown the server's refusal: sub-regions or devices, and how many.
      () => undefined,
    );

  const select = (node: RegionNode) => {
    setDraft(null);
    setSelectedId(node.id);
  };

  const saveBoundary = async (ring: Position[] | null) => {
    if (!selected) return;
    try {
      await save.mutateAsync({
        id: selected.id,
        body: {
          parentId: selected.parentId,
          code: selected.code,
          name: selected.name,
          kind: selected.kind,
          orderNum: selected.orderNum,
          boundary: ring ? { type: 'Polygon', coordinates: [[...ring, ring[0] as Position]] } : null,
        },
      });
      setDraft(null);
      Message.success(t(ring ? 'region.draw.saved' : 'region.done.save'));
    } catch (error) {
      Message.error(errorText(error, t('region.requestFailed')));
    }
  };

  const download = async () => {
    const data = await exportRegions();
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/geo+json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `regions-${new Date().toISOString().slice(0, 10)}.geojson`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const upload = async (file: File) => {
    let body: RegionCollection;
    try {
      body = JSON.parse(await file.text()) as RegionCollection;
    } catch {
      Message.error(t('region.import.badJson'));
      return;
    }
    // The server validates the collection and words any refusal; the request layer shows it.
    const result = await importing.mutateAsync(body).catch(() => null);
    if (result) Message.success(t('region.import.done', { created: result.created, updated: result.updated }));
  };

  let treeBody: React.ReactNode;
  if (tree.isError && !tree.data) {
    treeBody = (
      <Result
        status="error"
        title={t('region.loadFailed')}
        subTitle={errorText(tree.error, t('region.requestFailed'))}
        extra={
          <Button type="primary" onClick={() => tree.refetch()}>
            {t('region.retry')}
          </Button>
        }
      />
    );
  } else if (tree.isPending) {
    treeBody = <Skeleton animation text={{ rows: 8 }} />;
  } else {
    treeBody = (
      <RegionTreePanel
        nodes={nodes}
        selectedId={selectedId}
        expanded={expanded ?? parentIds(nodes)}
        onExpand={setExpanded}
        onSelect={select}
        writer={writer}
        removing={remove.isPending ? (remove.variables ?? null) : null}
        onAddChild={(node) => setDrawer({ item: null, parentId: node.id })}
        onEdit={(node) => setDrawer({ item: node })}
        onDelete={removeRegion}
        t={t}
      />
    );
  }

  const deviceTotal = devices.data?.total ?? 0;

  return (
    <div className="region-page">
      <header className="region-header">
        <div>
          <h1 className="region-header__title">{t('region.title')}</h1>
          <p className="region-header__subtitle">{t('region.subtitle')}</p>
        </div>
        <Space wrap>
          <Button icon={<IconDownload />} onClick={() => download().catch(() => undefined)}>
            {t('region.export')}
          </Button>
          <Permission permissions={WRITE}>
            <Button icon={<IconUpload />} loading={importing.isPending} onClick={() => fileInput.current?.click()}>
              {t('region.import')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".geojson,.json,application/geo+json,application/json"
              hidden
              aria-label={t('region.import')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) upload(file);
              }}
            />
            <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ item: null, parentId: null })}>
              {t('region.createRoot')}
            </Button>
          </Permission>
        </Space>
      </header>
      <div className="region-layout">
        <section className="region-card region-card--tree" aria-label={t('region.title')}>
          <div className="region-card__tools">
            <Button size="small" type="text" onClick={() => setExpanded(null)}>
              {t('region.expandAll')}
            </Button>
            <Button size="small" type="text" onClick={() => setExpanded([])}>
              {t('region.collapseAll')}
            </Button>
          </div>
          {treeBody}
        </section>
        <section className="region-card region-card--map">
          <div className="region-map-bar">
            <span className="region-legend">
              <span className="region-legend__swatch region-legend__swatch--region" />
              {t('region.map.legend.region')}
              <span className="region-legend__dot region-legend__dot--station" />
              {t('region.map.legend.station')}
              <span className="region-legend__dot region-legend__dot--device" />
              {t('region.map.legend.device')}
              {deviceTotal > MAP_DEVICE_LIMIT ? (
                <span className="region-muted">{t('region.map.truncated', { n: MAP_DEVICE_LIMIT })}</span>
              ) : null}
            </span>
            {writer && selected && draft === null ? (
              <Space size={4}>
                {selected.hasBoundary ? (
                  <Popconfirm
                    title={t('region.draw.confirmRemove', { name: selected.name })}
                    okText={t('region.draw.removeBoundary')}
                    cancelText={t('region.cancel')}
                    okButtonProps={{ status: 'danger' }}
                    onOk={() => saveBoundary(null)}
                  >
                    <Button size="small" status="danger" loading={save.isPending}>
                      {t('region.draw.removeBoundary')}
                    </Button>
                  </Popconfirm>
                ) : null}
                <Button size="small" type="primary" icon={<IconEdit />} onClick={() => setDraft([])}>
                  {t('region.action.draw')}
                </Button>
              </Space>
            ) : null}
          </div>
          {draft !== null && selected ? (
            <Alert
              className="region-draw"
              type="info"
              title={t('region.draw.title', { name: selected.name })}
              content={t('region.draw.hint', { n: draft.length })}
              action={
                <Space size={4} wrap>
                  <Button
                    size="small"
                    type="primary"
                    disabled={draft.length < 3}
                    loading={save.isPending}
                    onClick={() => saveBoundary(draft)}
                  >
                    {t('region.draw.finish')}
                  </Button>
                  <Button size="small" disabled={!draft.length} onClick={() => setDraft(draft.slice(0, -1))}>
                    {t('region.draw.undo')}
                  </Button>
                  <Button size="small" disabled={!draft.length} onClick={() => setDraft([])}>
                    {t('region.draw.clear')}
                  </Button>
                  <Button size="small" type="text" onClick={() => setDraft(null)}>
                    {t('region.draw.cancel')}
                  </Button>
                </Space>
              }
            />
          ) : null}
          {config.data ? (
            <Suspense fallback={<Spin className="region-map region-map--loading" tip={t('region.map.loading')} />}>
              <MapRegionView
                config={config.data}
                regions={regions}
                selectedCode={selected?.code ?? null}
                points={points}
                draft={draft}
                onAddVertex={(position) => setDraft((current) => (current ? [...current, position] : current))}
                onSelectRegion={(code) => {
                  const node = findByCode(nodes, code);
                  if (node && draft === null) select(node);
                }}
                label={t('region.map.label')}
                unavailableText={t('region.map.unavailable')}
              />
            </Suspense>
          ) : (
            <Spin className="region-map region-map--loading" tip={t('region.map.loading')} />
          )}
        </section>
      </div>
      <RegionFormDrawer target={drawer} tree={nodes} onClose={() => setDrawer(null)} />
    </div>
  );
}

function findByCode(tree: RegionNode[], code: string): RegionNode | undefined {
  for (const node of tree) {
    if (node.code === code) return node;
    const found = findByCode(node.children, code);
    if (found) return found;
  }
  return undefined;
}
