import { Button, Popconfirm, Space, type TableColumnProps, Tag, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconLaunch, IconPlus } from '@arco-design/web-react/icon';
import type { AdminMenu } from '@water/contracts';
import { MenuIcon, MenuStatusTag, MenuTypeTag, menuTitle } from '../components/menu-labels.tsx';
import type { SystemAdminI18n } from '../use-system-admin-i18n.ts';

/** A tree row: leaves carry no `children`, so the table draws no expander for them. */
export type MenuRow = Omit<AdminMenu, 'children'> & { children?: MenuRow[] };

export interface MenuRowActions {
  /** The row whose delete is being sent. */
  removing: (row: MenuRow) => boolean;
  onAddChild: (row: MenuRow) => void;
  onEdit: (row: MenuRow) => void;
  onRemove: (row: MenuRow) => Promise<unknown>;
}

/**
 * The menu tree's columns (one tree, no chooser): zh-CN 1,020 px, en-US 1,050 px, so every column
 * fits the 1,066 px of a 1366 px window with the side menu open.
 */
export function menuColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: SystemAdminI18n;
  writer: boolean;
  actions: MenuRowActions;
}): TableColumnProps<MenuRow>[] {
  const { t, locale } = i18n;
  const zh = locale === 'zh-CN';
  return [
    {
      title: t('sys.menu.col.title'),
      dataIndex: 'titleZh',
      width: 230,
      fixed: 'left',
      render: (_, row) => (
        // Wraps rather than cuts: the tree's indent leaves deep entries little room, and titles are short.
        <span className="sys-menu-title">
          {row.type === 'button' ? null : <MenuIcon name={row.icon} />}
          {menuTitle(row, locale)}
          {row.externalLink ? (
            <Tooltip content={row.externalLink} mini>
              <a
                className="sys-menu-link"
                href={row.externalLink}
                target="_blank"
                rel="noreferrer"
                aria-label={`${t('sys.menu.col.externalLink')}: ${row.externalLink}`}
              >
                <IconLaunch />
              </a>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t('sys.menu.col.type'),
      dataIndex: 'type',
      width: zh ? 80 : 100,
      render: (_, row) => <MenuTypeTag type={row.type} t={t} />,
    },
    {
      // The route name over the path: one is how the console finds the page, the other its address.
      title: t('sys.menu.col.route'),
      dataIndex: 'name',
      width: 185,
      render: (_, row) => (
        <span className="sys-stack">
          <Code text={row.name} />
          {row.path ? <Code text={row.path} muted /> : null}
        </span>
      ),
    },
    {
      title: t('sys.menu.col.permission'),
      dataIndex: 'permission',
      width: 165,
      render: (v: string) => <Code text={v} />,
    },
    { title: t('sys.menu.col.order'), dataIndex: 'orderNum', width: 70, align: 'right' },
    {
      // Enabled or not, with what else changes how the entry shows: hidden from the menu, not cached.
      title: t('sys.menu.col.status'),
      dataIndex: 'status',
      width: zh ? 140 : 150,
      render: (_, row) => (
        <Space size={4} wrap>
          <MenuStatusTag status={row.status} t={t} />
          {row.hidden ? (
            <Tag size="small" color="orange">
              {t('sys.menu.col.hidden')}
            </Tag>
          ) : null}
          {row.ignoreCache ? <Tag size="small">{t('sys.menu.col.ignoreCache')}</Tag> : null}
        </Space>
      ),
    },
    ...(writer
      ? [
          {
            title: t('sys.menu.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            // Three icon buttons, each named for screen readers and with its name as a tooltip.
            width: 120,
            render: (_: unknown, row: MenuRow) => <RowActions row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function Code({ text, muted = false }: { text: string; muted?: boolean }) {
  return text ? (
    <code className={muted ? 'sys-code sys-ellipsis sys-code--muted' : 'sys-code sys-ellipsis'} title={text}>
      {text}
    </code>
  ) : null;
}

function RowActions({ row, i18n, actions }: { row: MenuRow; i18n: SystemAdminI18n; actions: MenuRowActions }) {
  const { t, locale } = i18n;
  const title = menuTitle(row, locale);
  const label = (action: string) => t('sys.actionLabel', { action, title });
  return (
    <Space size={0} className="sys-actions">
      {row.type === 'button' ? (
        // A button has no children: an empty slot keeps the icons of every row in line.
        <span className="sys-actions__slot" />
      ) : (
        <Tooltip content={t('sys.menu.action.addChild')} mini>
          <Button
            type="text"
            size="small"
            icon={<IconPlus />}
            aria-label={label(t('sys.menu.action.addChild'))}
            onClick={() => actions.onAddChild(row)}
          />
        </Tooltip>
      )}
      <Tooltip content={t('sys.menu.action.edit')} mini>
        <Button
          type="text"
          size="small"
          icon={<IconEdit />}
          aria-label={label(t('sys.menu.action.edit'))}
          onClick={() => actions.onEdit(row)}
        />
      </Tooltip>
      <Popconfirm
        title={t('sys.menu.confirm.delete')}
        okText={t('sys.menu.action.delete')}
        cancelText={t('sys.cancel')}
        okButtonProps={{ status: 'danger' }}
        onOk={() => actions.onRemove(row)}
      >
        <Tooltip content={t('sys.menu.action.delete')} mini>
          <Button
            type="text"
            size="small"
            status="danger"
            icon={<IconDelete />}
            aria-label={label(t('sys.menu.action.delete'))}
            disabled={actions.removing(row)}
          />
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
