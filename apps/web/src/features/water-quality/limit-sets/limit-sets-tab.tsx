import { Button, Message, Table, type TableColumnProps, Tooltip } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, WQ_SET_KINDS, type WqLimitSet, type WqParameterInfo, type WqSetKind } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { useSharedUiI18n } from '../../../shared/ui/use-shared-ui-i18n.ts';
import { useWqI18n } from '../common/use-wq-i18n.ts';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import { CopySetModal } from './copy-set-modal.tsx';
import { LimitSetEditor } from './limit-set-editor.tsx';
import { useDeleteSet } from './limit-sets-queries.ts';
import { LimitsViewDrawer } from './limits-view-drawer.tsx';
import { ParameterDrawer } from './parameter-drawer.tsx';
import { type SetsI18n, useSetsI18n } from './use-sets-i18n.ts';
import '../common/wq-tab.css';
import './limit-sets.css';

const WRITE = [Permissions.waterConfigWrite] as const;

/**
 * Limit sets (`?tab=limitSets`) by kind (drinking water, wastewater discharge, surface water): the
 * national ones marked read only, local copies with the set they came from. Each opens its limits
 * (for a graded set, parameters by class I–V). Holders of water:config:write copy a set (then edit
 * the copy), edit and delete local ones, and set each parameter's detection limit and method below.
 */
export function LimitSetsTab() {
  const i18n = useSetsI18n();
  const { t, locale } = i18n;
  const shared = useSharedUiI18n();
  const writer = useButtonPermission(WRITE);
  const sets = useQuery(wqReferenceQueries.limitSets(locale));
  const remove = useDeleteSet(locale);
  const [viewing, setViewing] = useState<number | null>(null);
  const [copying, setCopying] = useState<WqLimitSet | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  // The sets as last read: an edit or a copy shows at once in the view and the editor.
  const byId = (id: number | null) => sets.data?.find((s) => s.id === id) ?? null;
  const viewed = byId(viewing);

  const actions = {
    onView: (set: WqLimitSet) => setViewing(set.id),
    onCopy: (set: WqLimitSet) => setCopying(set),
    onEdit: (set: WqLimitSet) => setEditing(set.id),
    onDelete: (set: WqLimitSet) =>
      remove.mutateAsync(set.id).then(
        () => Message.success(t('wqSets.deleted')),
        () => undefined,
      ),
  };

  return (
    <div className="wq-tab">
      <div className="wq-tab__bar">
        <p className="wq-tab__hint">{t('wqSets.hint')}</p>
      </div>
      <QueryState
        query={sets}
        failedTitle={shared.t('list.loadFailed')}
        requestFailed={shared.t('list.requestFailed')}
        retryLabel={shared.t('list.retry')}
        skeletonClassName="list-page__skeleton"
      >
        {WQ_SET_KINDS.map((kind) => (
          <KindSection
            key={kind}
            kind={kind}
            sets={(sets.data ?? []).filter((s) => s.kind === kind)}
            i18n={i18n}
            writer={writer}
            actions={actions}
          />
        ))}
      </QueryState>
      <ParametersSection i18n={i18n} writer={writer} />
      <LimitsViewDrawer
        set={viewed}
        onClose={() => setViewing(null)}
        i18n={i18n}
        actions={
          writer && viewed ? (
            viewed.national ? (
              <Button type="primary" onClick={() => setCopying(viewed)}>
                {t('wqSets.limits.copyToEdit')}
              </Button>
            ) : (
              <Button
                type="primary"
                onClick={() => {
                  setViewing(null);
                  setEditing(viewed.id);
                }}
              >
                {t('wqSets.edit')}
              </Button>
            )
          ) : null
        }
      />
      {writer ? (
        <>
          <CopySetModal
            source={copying}
            i18n={i18n}
            onClose={() => setCopying(null)}
            onCopied={(copy) => {
              Message.success(t('wqSets.copied', { name: copy.name }));
              setCopying(null);
              setViewing(null);
              setEditing(copy.id);
            }}
          />
          <LimitSetEditor set={editing === null ? null : (byId(editing) ?? null)} onClose={() => setEditing(null)} />
        </>
      ) : null}
    </div>
  );
}

interface Actions {
  onView: (set: WqLimitSet) => void;
  onCopy: (set: WqLimitSet) => void;
  onEdit: (set: WqLimitSet) => void;
  onDelete: (set: WqLimitSet) => Promise<unknown>;
}

/** One kind's sets: national first (read only, the lock says so), then local copies. */
function KindSection({
  kind,
  sets,
  i18n,
  writer,
  actions,
}: {
  kind: WqSetKind;
  sets: WqLimitSet[];
  i18n: SetsI18n;
  writer: boolean;
  actions: Actions;
}) {
  const { t, locale } = i18n;
  const common = useWqI18n();
  const title = common.t(`wq.setKind.${kind}`);
  // National sets in the standards' order (the server's), then local ones.
  const ordered = [...sets].sort((a, b) => Number(b.national) - Number(a.national) || a.id - b.id);
  const columns: TableColumnProps<WqLimitSet>[] = [
    {
      title: t('wqSets.col.name'),
      dataIndex: 'name',
      width: 290,
      render: (_, set) => (
        <StackedCell
          strong
          primary={
            <span className="wq-set-name">
              {set.national ? (
                <Tooltip content={t('wqSets.national')}>
                  <IconLock className="wq-set-name__lock" aria-label={t('wqSets.national')} />
                </Tooltip>
              ) : null}
              {set.name}
            </span>
          }
          primaryTitle={set.name}
          secondary={
            set.national ? t('wqSets.national') : set.basedOnName ? t('wqSets.basedOn', { name: set.basedOnName }) : ''
          }
        />
      ),
    },
    { title: t('wqSets.col.standard'), dataIndex: 'standard', width: 130 },
    {
      title: t('wqSets.col.limits'),
      dataIndex: 'limits',
      width: 160,
      render: (_, set) => {
        const count = new Set(set.limits.map((l) => l.parameter)).size;
        return t(set.graded ? 'wqSets.gradedCount' : 'wqSets.limitCount', { count });
      },
    },
    {
      title: t('wqSets.col.sites'),
      dataIndex: 'siteCount',
      width: 90,
      render: (_, set) =>
        set.siteCount ? (
          t('wqSets.siteCount', { count: set.siteCount })
        ) : (
          <span className="wq-muted">{t('wqSets.unused')}</span>
        ),
    },
    {
      title: t('wqSets.col.updatedAt'),
      dataIndex: 'updatedAt',
      width: 150,
      render: (_, set) => (set.national ? <span className="wq-muted">—</span> : formatDateTime(set.updatedAt, locale)),
    },
    {
      title: t('wqSets.col.actions'),
      dataIndex: 'id',
      render: (_, set) => (
        <RowActions>
          <RowAction
            text={t('wqSets.view')}
            label={t('wqSets.viewLabel', { name: set.name })}
            onClick={() => actions.onView(set)}
          />
          {writer ? (
            <RowAction
              text={t('wqSets.copy')}
              label={t('wqSets.copyLabel', { name: set.name })}
              onClick={() => actions.onCopy(set)}
            />
          ) : null}
          {writer && !set.national ? (
            <>
              <RowAction
                text={t('wqSets.edit')}
                label={t('wqSets.editLabel', { name: set.name })}
                onClick={() => actions.onEdit(set)}
              />
              {set.siteCount > 0 ? (
                <Tooltip content={t('wqSets.inUse', { count: set.siteCount })}>
                  <span>
                    <RowAction
                      danger
                      disabled
                      text={t('wqSets.delete')}
                      label={t('wqSets.deleteLabel', { name: set.name })}
                      onClick={() => undefined}
                    />
                  </span>
                </Tooltip>
              ) : (
                <ConfirmAction
                  danger
                  text={t('wqSets.delete')}
                  label={t('wqSets.deleteLabel', { name: set.name })}
                  question={t('wqSets.deleteQuestion', { name: set.name })}
                  hint={t('wqSets.deleteHint')}
                  onConfirm={() => actions.onDelete(set)}
                />
              )}
            </>
          ) : null}
        </RowActions>
      ),
    },
  ];
  return (
    <section className="wq-sets__kind" aria-label={title}>
      <h2 className="wq-sets__title">{title}</h2>
      <Table<WqLimitSet>
        rowKey="id"
        size="small"
        pagination={false}
        tableLayoutFixed
        data={ordered}
        columns={columns}
        noDataElement={<span className="wq-muted">{t('wqSets.kindEmpty')}</span>}
      />
    </section>
  );
}

/** The parameters: unit, method-detection limit and method; the lab edits the last two. */
function ParametersSection({ i18n, writer }: { i18n: SetsI18n; writer: boolean }) {
  const { t, locale } = i18n;
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const [editing, setEditing] = useState<WqParameterInfo | null>(null);
  const columns: TableColumnProps<WqParameterInfo>[] = [
    { title: t('wqSets.params.name'), dataIndex: 'name', width: 160 },
    {
      title: t('wqSets.params.code'),
      dataIndex: 'code',
      width: 150,
      render: (_, p) => <code className="wq-code">{p.code}</code>,
    },
    {
      title: t('wqSets.params.unit'),
      dataIndex: 'unit',
      width: 100,
      render: (_, p) => p.unit || <span className="wq-muted">—</span>,
    },
    {
      title: t('wqSets.params.mdl'),
      dataIndex: 'mdl',
      width: 130,
      render: (_, p) => (p.mdl === null ? <span className="wq-muted">{t('wqSets.params.noMdl')}</span> : p.mdl),
    },
    { title: t('wqSets.params.method'), dataIndex: 'method', ellipsis: true },
  ];
  if (writer) {
    columns.push({
      title: t('wqSets.col.actions'),
      dataIndex: 'actions',
      width: 90,
      render: (_, p) => (
        <RowAction
          text={t('wqSets.params.edit')}
          label={t('wqSets.params.editLabel', { name: p.name })}
          onClick={() => setEditing(p)}
        />
      ),
    });
  }
  return (
    <section className="wq-sets__kind" aria-label={t('wqSets.params.title')}>
      <h2 className="wq-sets__title">{t('wqSets.params.title')}</h2>
      <p className="wq-muted wq-sets__note">{t('wqSets.params.hint')}</p>
      <Table<WqParameterInfo>
        rowKey="code"
        size="small"
        pagination={false}
        tableLayoutFixed
        loading={parameters.isPending}
        data={parameters.data ?? []}
        columns={columns}
      />
      {writer ? <ParameterDrawer parameter={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
