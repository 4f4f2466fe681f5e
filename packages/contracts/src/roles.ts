import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { MENU_TYPES } from './auth.ts';
import { endpoint } from './common/endpoint.ts';
import { plainText, text } from './common/validation.ts';
import { RECORD_STATUSES } from './organization.ts';

const tags = ['roles'] as const;

/** RuoYi's data scopes: which departments' records a role sees. */
export const DATA_SCOPES = ['all', 'custom', 'dept', 'dept_and_below', 'self'] as const;
export type DataScopeKind = (typeof DATA_SCOPES)[number];

export const roleSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  dataScope: z.enum(DATA_SCOPES),
  sort: z.number().int(),
  status: z.enum(RECORD_STATUSES),
  builtin: z.boolean().describe('shipped with the product: its code is fixed and it cannot be removed'),
  users: z.number().int().describe('users holding it'),
  createdAt: z.string(),
});
export const roleSchema = roleSummarySchema.extend({
  menuIds: z.array(z.number().int()).describe('granted menu entries: directories, menus and buttons'),
  departmentIds: z.array(z.number().int()).describe('for data scope custom'),
  regionIds: z
    .array(z.number().int())
    .describe('monitoring regions the role is limited to, each with those below it; empty: no region limit'),
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z
  .object({
    code: text(32).regex(/^[a-z][a-z0-9_-]{1,31}$/, { error: 'validation.roleCode' }),
    name: plainText(32).min(1, { error: 'validation.required' }),
    nameEn: plainText(64).default(''),
    description: plainText(200).default(''),
    dataScope: z.enum(DATA_SCOPES).default('self'),
    departmentIds: z.array(z.number().int().positive()).max(500).default([]),
    regionIds: z.array(z.number().int().positive()).max(500).default([]),
    menuIds: z.array(z.number().int().positive()).max(2000).default([]),
    sort: z.number().int().min(0).max(9999).default(0),
    status: z.enum(RECORD_STATUSES).default('enabled'),
  })
  .refine((r) => r.dataScope !== 'custom' || r.departmentIds.length > 0, {
    error: 'validation.customScopeNeedsDepartments',
    path: ['departmentIds'],
  });
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleInUseSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), displayName: z.string(), username: z.string() })),
});

export const adminMenuSchema: z.ZodType<AdminMenu> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    type: z.enum(MENU_TYPES),
    path: z.string(),
    name: z.string(),
    locale: z.string(),
    titleZh: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    orderNum: z.number().int(),
    requiresAuth: z.boolean(),
    hidden: z.boolean(),
    ignoreCache: z.boolean(),
    externalLink: z.string(),
    permission: z.string(),
    status: z.enum(RECORD_STATUSES),
    children: z.array(adminMenuSchema),
  }),
);
export interface AdminMenu {
  id: number;
  parentId: number | null;
  type: (typeof MENU_TYPES)[number];
  path: string;
  name: string;
  locale: string;
  titleZh: string;
  titleEn: string;
  icon: string;
  orderNum: number;
  requiresAuth: boolean;
  hidden: boolean;
  ignoreCache: boolean;
  externalLink: string;
  permission: string;
  status: (typeof RECORD_STATUSES)[number];
  children: AdminMenu[];
}

const permissionString = z
  .string()
  .trim()
  .max(100, { error: 'validation.tooLong' })
  .regex(/^$|^[a-z*][\w*-]*(:[a-z*][\w*-]*){1,3}$/, { error: 'validation.permission' });

export const menuInputSchema = z
  .object({
    parentId: z.number().int().positive().nullable().default(null),
    type: z.enum(MENU_TYPES),
    path: text(200).default(''),
    name: text(64).regex(/^[\w:.*-]+$/, { error: 'validation.routeName' }),
    locale: text(100).default(''),
    titleZh: plainText(50).min(1, { error: 'validation.required' }),
    titleEn: plainText(80).min(1, { error: 'validation.required' }),
    icon: text(50).default(''),
    orderNum: z.number().int().min(0).max(9999).default(0),
    requiresAuth: z.boolean().default(true),
    hidden: z.boolean().default(false),
    ignoreCache: z.boolean().default(false),
    externalLink: z
      .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'validation.url' }).max(300)])
      .default(''),
    permission: permissionString.default(''),
    status: z.enum(RECORD_STATUSES).default('enabled'),
  })
  .refine((m) => m.type !== 'button' || m.permission !== '', {
    error: 'validation.buttonNeedsPermission',
    path: ['permission'],
  });
export type MenuInput = z.input<typeof menuInputSchema>;

export const rolesApi = {
  list: endpoint({
    method: 'GET',
    path: '/system/roles',
    summary: 'Roles with how many users hold each',
    tags,
    data: z.array(roleSummarySchema),
  }),
  options: endpoint({
    method: 'GET',
    path: '/system/roles/options',
    summary: 'Enabled roles as code and name in the caller language, for pickers (any signed-in user)',
    tags,
    data: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
  get: endpoint({
    method: 'GET',
    path: '/system/roles/:id',
    summary: 'One role with its menu grants and custom departments',
    tags,
    params: idParamsSchema,
    data: roleSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/system/roles',
    summary: 'Create a role: menus (directory, menu and button levels) and data scope',
    tags,
    body: roleInputSchema,
    data: roleSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/system/roles/:id',
    summary: 'Edit a role; its holders see the new menus at once',
    tags,
    params: idParamsSchema,
    body: roleInputSchema,
    data: roleSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/system/roles/:id',
    summary: 'Remove a role; one in use needs confirm=true, else 409 naming the users affected',
    tags,
    params: idParamsSchema,
    query: z.object({ confirm: z.enum(['true', 'false']).default('false') }),
    data: z.null(),
  }),
  menus: endpoint({
    method: 'GET',
    path: '/system/menus',
    summary: 'The whole menu tree: directories, menus and buttons, enabled or not',
    tags,
    data: z.array(adminMenuSchema),
  }),
  createMenu: endpoint({
    method: 'POST',
    path: '/system/menus',
    summary: 'Add a directory, menu or button',
    tags,
    body: menuInputSchema,
    data: adminMenuSchema,
  }),
  updateMenu: endpoint({
    method: 'PUT',
    path: '/system/menus/:id',
    summary: 'Edit a menu entry (users receive the change at their next menu fetch)',
    tags,
    params: idParamsSchema,
    body: menuInputSchema,
    data: adminMenuSchema,
  }),
  removeMenu: endpoint({
    method: 'DELETE',
    path: '/system/menus/:id',
    summary: 'Remove a menu entry without children',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
} as const;
