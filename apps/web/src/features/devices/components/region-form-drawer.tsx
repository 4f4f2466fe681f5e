import { Form, Input, InputNumber, Message, Radio } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { REGION_KINDS, type RegionNode, regionInputSchema } from '@water/contracts';
import { useMemo } from 'react';
import type { z } from 'zod';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { regionQueries, useSaveRegion } from '../api/region-queries.ts';
import { useRegionI18n } from '../use-region-i18n.ts';
import { childKind, findRegion, parentIds, subtreeIds } from './region-tree.ts';

type Values = z.input<typeof regionInputSchema>;

/** `null` closed; `{ item: null, parentId }` a new region; `{ item }` a region to edit. */
export type RegionDrawerTarget = { item: null; parentId: number | null } | { item: RegionNode } | null;

interface ParentOption {
  key: string;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** Moving a region under itself or below would make a cycle (the server refuses it too). */
function parentOptions(tree: RegionNode[], self: RegionNode | undefined): ParentOption[] {
  const blocked = self ? subtreeIds(self) : new Set<number>();
  const walk = (list: RegionNode[]): ParentOption[] =>
    list.map((n) => ({
      key: String(n.id),
      title: n.name,
      disabled: blocked.has(n.id),
      ...(n.children.length ? { children: walk(n.children) } : {}),
    }));
  return walk(tree);
}

function initialValues(target: RegionDrawerTarget, tree: RegionNode[]): Partial<Values> {
  if (!target) return {};
  const { item } = target;
  if (!item) {
    const parentId = 'parentId' in target ? target.parentId : null;
    const parent = parentId === null ? undefined : findRegion(tree, parentId);
    return { parentId, code: parent ? `${parent.code}-` : '', name: '', kind: childKind(parent), orderNum: 0 };
  }
  const { parentId, code, name, kind, orderNum } = item;
  return { parentId, code, name, kind, orderNum };
}

/** Add a region (under a parent, or at the top) or edit one; its boundary is drawn on the map. */
export function RegionFormDrawer({
  target,
  tree,
  onClose,
}: {
  target: RegionDrawerTarget;
  tree: RegionNode[];
  onClose: () => void;
}) {
  const { t, tv } = useRegionI18n();
  const item = target?.item ?? null;
  const queryClient = useQueryClient();
  const save = useSaveRegion();
  const contract = useContractForm({
    schema: regionInputSchema,
    tv,
    toInput: (values: Values): Values => ({ ...values, orderNum: values.orderNum ?? 0, boundary: null }),
    submit: async (body) => {
      // The form does not edit the boundary (the map does): an update sends the stored one back.
      const boundary = item?.hasBoundary ? (await queryClient.fetchQuery(regionQueries.get(item.id))).boundary : null;
      return save.mutateAsync({ id: item?.id ?? null, body: { ...body, boundary } });
    },
    onSaved: () => {
      Message.success(t('region.done.save'));
      onClose();
    },
  });
  const options = useMemo(() => parentOptions(tree, item ?? undefined), [tree, item]);
  const expanded = useMemo(() => parentIds(tree).map(String), [tree]);
  const { rule } = contract;

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(item === null ? 'region.drawer.create' : 'region.drawer.edit')}
      onClose={onClose}
      width={480}
      initialValues={initialValues(target, tree)}
      formKey={item ? item.id : `new-${target && 'parentId' in target ? target.parentId : ''}`}
    >
      <Form.Item label={t('region.field.parent')} field="parentId">
        <IdTreeSelect
          label={t('region.field.parent')}
          placeholder={t('region.field.parentPlaceholder')}
          treeData={options}
          expandedKeys={expanded}
        />
      </Form.Item>
      <Form.Item
        label={t('region.field.code')}
        field="code"
        required
        extra={t('region.field.codeHelp')}
        rules={[rule('code')]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item label={t('region.field.name')} field="name" required rules={[rule('name')]}>
        <Input maxLength={50} showWordLimit />
      </Form.Item>
      <Form.Item label={t('region.field.kind')} field="kind" required>
        <Radio.Group
          type="button"
          aria-label={t('region.field.kind')}
          options={REGION_KINDS.map((kind) => ({ value: kind, label: t(`region.kind.${kind}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('region.field.order')} field="orderNum" rules={[rule('orderNum')]}>
        <InputNumber aria-label={t('region.field.order')} min={0} max={9999} precision={0} mode="button" />
      </Form.Item>
      {item ? (
        <Form.Item label={t('region.field.boundary')} extra={t('region.field.boundaryHelp')}>
          <span>{t(item.hasBoundary ? 'region.boundary.has' : 'region.boundary.none')}</span>
        </Form.Item>
      ) : null}
    </FormDrawer>
  );
}
