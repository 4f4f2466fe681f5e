import {
  Form,
  type FormInstance,
  Grid,
  Input,
  InputNumber,
  Message,
  Radio,
  type RulesProps,
  Select,
  Switch,
  TreeSelect,
} from '@arco-design/web-react';
import { type AdminMenu, MENU_TYPES, menuInputSchema, RECORD_STATUSES } from '@water/contracts';
import type { z } from 'zod';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { MENU_ICON_NAMES } from '../../../shared/ui/menu-icons.ts';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { menuInputOf, useSaveMenu } from '../api/menu-queries.ts';
import { type SystemAdminI18n, useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import { MenuIcon, menuStatusText, menuTitle, menuTypeText } from './menu-labels.tsx';

type Type = AdminMenu['type'];
type Values = z.input<typeof menuInputSchema>;

const { Row, Col } = Grid;

/**
 * `null` closed; `{ menu: null, parentId }` a new entry (at the top, or under a row's entry);
 * `{ menu }` an entry to edit, as the tree has it.
 */
export type MenuDrawerTarget = { menu: AdminMenu | null; parentId?: number | null } | null;

export function findMenu(tree: readonly AdminMenu[], id: number): AdminMenu | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findMenu(node.children, id);
    if (found) return found;
  }
  return undefined;
}

function initialValues(menu: AdminMenu | null, parentId: number | null, tree: AdminMenu[]): Values {
  if (menu) return menuInputOf(menu);
  // Under a menu only a button fits; under a directory a menu is the usual child.
  const parent = parentId === null ? undefined : findMenu(tree, parentId);
  const type: Type = parent?.type === 'menu' ? 'button' : parent ? 'menu' : 'directory';
  return {
    parentId,
    type,
    path: '',
    name: '',
    locale: '',
    titleZh: '',
    titleEn: '',
    icon: '',
    orderNum: 0,
    requiresAuth: true,
    hidden: false,
    ignoreCache: false,
    externalLink: '',
    permission: '',
    status: 'enabled',
  };
}

/** A cleared parent picker is the top level: the contract's null. */
const toInput = (values: Values): Values => ({ ...values, parentId: blankAsNull(values.parentId) as number | null });

/** Which parent types each type may sit under, as the server enforces it (null: the top level). */
const PARENT_TYPES: Record<Type, readonly (Type | null)[]> = {
  directory: [null, 'directory'],
  menu: [null, 'directory'],
  button: ['menu', 'directory'],
};

interface ParentNode {
  key: string;
  title: string;
  disabled: boolean;
  children?: ParentNode[];
}

/** Directories and menus as parents; the entry itself and its descendants never (no move under itself). */
function parentOptions(tree: readonly AdminMenu[], type: Type, self: number | null, i18n: SystemAdminI18n) {
  const walk = (nodes: readonly AdminMenu[]): ParentNode[] =>
    nodes
      .filter((n) => n.type !== 'button' && n.id !== self)
      .map((n) => {
        const children = walk(n.children);
        return {
          key: String(n.id),
          title: menuTitle(n, i18n.locale),
          disabled: !PARENT_TYPES[type].includes(n.type),
          ...(children.length ? { children } : {}),
        };
      });
  return walk(tree);
}

/**
 * A field of the whole input, checked as the user types: the contract's refine (a button needs a
 * permission) spans two fields.
 */
function wholeInputRule(form: FormInstance<Values>, field: keyof Values, tv: (key: string) => string): RulesProps {
  return {
    validator: (_value, callback) => {
      const result = menuInputSchema.safeParse(toInput(form.getFieldsValue() as Values));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      callback(issue ? tv(issue.message) : undefined);
    },
  };
}

export function MenuFormDrawer({
  target,
  tree,
  onClose,
}: {
  target: MenuDrawerTarget;
  tree: AdminMenu[];
  onClose: () => void;
}) {
  const i18n = useSystemAdminI18n();
  const { t, tv } = i18n;
  const save = useSaveMenu();
  const menu = target?.menu ?? null;
  const parentId = target?.parentId ?? null;
  const contract = useContractForm({
    schema: menuInputSchema,
    toInput,
    tv,
    submit: (body) => save.mutateAsync({ id: menu?.id ?? null, body }),
    onSaved: () => {
      Message.success(t('sys.saved'));
      onClose();
    },
  });
  const { form, rule } = contract;
  const initial = initialValues(menu, parentId, tree);
  const type: Type = Form.useWatch('type', form as FormInstance) ?? initial.type;
  const icon: string = Form.useWatch('icon', form as FormInstance) ?? initial.icon ?? '';

  let title = t('sys.menu.drawer.create');
  if (menu) title = t('sys.menu.drawer.edit');
  else if (parentId) title = t('sys.menu.drawer.createChild');

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={title}
      onClose={onClose}
      width={720}
      initialValues={initial}
      formKey={menu?.id ?? `new-${parentId ?? 'top'}`}
      className="sys-menu-form"
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item label={t('sys.menu.field.type')} field="type">
            <Radio.Group type="button" aria-label={t('sys.menu.field.type')}>
              {MENU_TYPES.map((value) => (
                <Radio key={value} value={value}>
                  {menuTypeText(value, t)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('sys.menu.field.parent')} field="parentId" extra={t('sys.menu.field.parentHelp')}>
            <ParentSelect
              label={t('sys.menu.field.parent')}
              placeholder={t('sys.menu.field.parentTop')}
              data={parentOptions(tree, type, menu?.id ?? null, i18n)}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.titleZh')} field="titleZh" required rules={[rule('titleZh')]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.titleEn')} field="titleEn" required rules={[rule('titleEn')]}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.name')} field="name" required rules={[rule('name')]}>
            <Input placeholder={t('sys.menu.field.namePlaceholder')} maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.path')} field="path" rules={[rule('path')]}>
            <Input placeholder={t('sys.menu.field.pathPlaceholder')} maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={t('sys.menu.field.permission')}
            field="permission"
            required={type === 'button'}
            extra={t('sys.menu.field.permissionHelp')}
            rules={[rule('permission'), wholeInputRule(form, 'permission', tv)]}
          >
            <Input placeholder={t('sys.menu.field.permissionPlaceholder')} maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.locale')} field="locale" rules={[rule('locale')]}>
            <Input placeholder={t('sys.menu.field.localePlaceholder')} maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.icon')} field="icon" rules={[rule('icon')]}>
            <Select
              aria-label={t('sys.menu.field.icon')}
              placeholder={t('sys.menu.field.iconPlaceholder')}
              allowClear
              showSearch
              prefix={icon ? <MenuIcon name={icon} /> : undefined}
              triggerProps={{ className: 'sys-icon-select-popup' }}
              renderFormat={(option) => (option ? String(option.value) : '')}
              options={MENU_ICON_NAMES.map((name) => ({
                value: name,
                label: (
                  <span className="sys-icon-option">
                    <MenuIcon name={name} />
                    <span>{name}</span>
                  </span>
                ),
              }))}
              filterOption={(input, option) =>
                String((option.props as { value?: string }).value ?? '').includes(input.toLowerCase())
              }
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('sys.menu.field.order')} field="orderNum" rules={[rule('orderNum')]}>
            <InputNumber aria-label={t('sys.menu.field.order')} min={0} max={9999} precision={0} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('sys.menu.field.externalLink')} field="externalLink" rules={[rule('externalLink')]}>
            <Input placeholder={t('sys.menu.field.externalLinkPlaceholder')} maxLength={300} />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item label={t('sys.menu.field.requiresAuth')} field="requiresAuth" triggerPropName="checked">
            <Switch aria-label={t('sys.menu.field.requiresAuth')} />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item label={t('sys.menu.field.hidden')} field="hidden" triggerPropName="checked">
            <Switch aria-label={t('sys.menu.field.hidden')} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('sys.menu.field.ignoreCache')} field="ignoreCache" triggerPropName="checked">
            <Switch aria-label={t('sys.menu.field.ignoreCache')} />
          </Form.Item>
        </Col>
        {/* Wide enough for both status buttons on one line, in either language. */}
        <Col span={8}>
          <Form.Item label={t('sys.menu.field.status')} field="status">
            <Radio.Group type="button" aria-label={t('sys.menu.field.status')}>
              {RECORD_STATUSES.map((value) => (
                <Radio key={value} value={value}>
                  {menuStatusText(value, t)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}

/** The parent as the contract holds it (an id, null for the top level); Arco's tree picker keys by string. */
function ParentSelect({
  value,
  onChange,
  label,
  placeholder,
  data,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  label: string;
  placeholder: string;
  data: ParentNode[];
}) {
  return (
    <TreeSelect
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch
      treeData={data}
      filterTreeNode={(input, node) =>
        String((node.props as { title?: string }).title ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      value={value ? String(value) : undefined}
      onChange={(key: string | undefined) => onChange?.(key ? Number(key) : null)}
    />
  );
}
