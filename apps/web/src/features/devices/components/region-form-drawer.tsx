import {
  Alert,
  Button,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Radio,
  TreeSelect,
} from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { REGION_KINDS, type RegionKind, type RegionNode, regionInputSchema } from '@water/contracts';
import { useMemo, useState } from 'react';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { regionQueries, useSaveRegion } from '../api/region-queries.ts';
import { type RegionI18n, useRegionI18n } from '../use-region-i18n.ts';
import { childKind, findRegion, parentIds, subtreeIds } from './region-tree.ts';

type Values = {
  /** A TreeSelect key (the id as text); none is a top-level region. */
  parentId: string | undefined;
  code: string;
  name: string;
  kind: RegionKind;
  orderNum: number | undefined;
};

const fields = regionInputSchema.shape;

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

export function RegionFormDrawer({
  target,
  tree,
  onClose,
}: {
  target: RegionDrawerTarget;
  tree: RegionNode[];
  onClose: () => void;
}) {
  const i18n = useRegionI18n();
  const { t } = i18n;
  const item = target?.item ?? null;
  const [form] = Form.useForm<Values>();
  const save = useSaveRegion();
  const title = t(item === null ? 'region.drawer.create' : 'region.drawer.edit');

  return (
    <Drawer
      width={480}
      visible={target !== null}
      title={title}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('region.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('region.save')}
          </Button>
        </>
      }
      unmountOnExit
      {...dialogAttributes(title)}
    >
      {target ? (
        <RegionForm
          key={item ? item.id : `new-${'parentId' in target ? target.parentId : ''}`}
          target={target}
          tree={tree}
          i18n={i18n}
          form={form}
          save={save}
          onSaved={() => {
            Message.success(t('region.done.save'));
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function initialValues(target: NonNullable<RegionDrawerTarget>, tree: RegionNode[]): Values {
  const { item } = target;
  if (!item) {
    const parentId = 'parentId' in target ? target.parentId : null;
    const parent = parentId === null ? undefined : findRegion(tree, parentId);
    return {
      parentId: parentId === null ? undefined : String(parentId),
      code: parent ? `${parent.code}-` : '',
      name: '',
      kind: childKind(parent),
      orderNum: 0,
    };
  }
  return {
    parentId: item.parentId === null ? undefined : String(item.parentId),
    code: item.code,
    name: item.name,
    kind: item.kind,
    orderNum: item.orderNum,
  };
}

function RegionForm({
  target,
  tree,
  i18n,
  form,
  save,
  onSaved,
}: {
  target: NonNullable<RegionDrawerTarget>;
  tree: RegionNode[];
  i18n: RegionI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveRegion>;
  onSaved: () => void;
}) {
  const { t, tv } = i18n;
  const item = target.item;
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const options = useMemo(() => parentOptions(tree, item ?? undefined), [tree, item]);
  const expanded = useMemo(() => parentIds(tree).map(String), [tree]);

  async function submit(values: Values) {
    setFailure(null);
    try {
      // The form does not edit the boundary (the map does): an update sends the stored one back.
      const boundary = item?.hasBoundary ? (await queryClient.fetchQuery(regionQueries.get(item.id))).boundary : null;
      const parsed = regionInputSchema.safeParse({
        ...values,
        parentId: values.parentId ? Number(values.parentId) : null,
        orderNum: values.orderNum ?? 0,
        boundary,
      });
      if (!parsed.success) {
        setFailure(tv(parsed.error.issues[0]?.message ?? ''));
        return;
      }
      await save.mutateAsync({ id: item?.id ?? null, body: parsed.data });
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
      // The server's refusal (a code taken, a cycle) is already in the reader's language.
      setFailure(errorText(error, t('region.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(target, tree)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <Form.Item label={t('region.field.parent')} field="parentId">
        <TreeSelect
          aria-label={t('region.field.parent')}
          placeholder={t('region.field.parentPlaceholder')}
          treeData={options}
          allowClear
          showSearch
          treeProps={{ defaultExpandedKeys: expanded }}
        />
      </Form.Item>
      <Form.Item
        label={t('region.field.code')}
        field="code"
        required
        extra={t('region.field.codeHelp')}
        rules={[contractRule(fields.code, tv)]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item label={t('region.field.name')} field="name" required rules={[contractRule(fields.name, tv)]}>
        <Input maxLength={50} showWordLimit />
      </Form.Item>
      <Form.Item label={t('region.field.kind')} field="kind" required>
        <Radio.Group
          type="button"
          aria-label={t('region.field.kind')}
          options={REGION_KINDS.map((kind) => ({ value: kind, label: t(`region.kind.${kind}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('region.field.order')} field="orderNum" rules={[contractRule(fields.orderNum, tv)]}>
        <InputNumber aria-label={t('region.field.order')} min={0} max={9999} precision={0} mode="button" />
      </Form.Item>
      {item ? (
        <Form.Item label={t('region.field.boundary')} extra={t('region.field.boundaryHelp')}>
          <span>{t(item.hasBoundary ? 'region.boundary.has' : 'region.boundary.none')}</span>
        </Form.Item>
      ) : null}
      {failure ? <Alert type="error" content={failure} /> : null}
    </Form>
  );
}
