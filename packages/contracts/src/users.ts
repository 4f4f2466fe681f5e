import { z } from 'zod';
import { idParamsSchema, usernameSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { cappedPageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, PHONE_PATTERN, plainText, text } from './common/validation.ts';
import { RECORD_STATUSES } from './organization.ts';

const tags = ['users'] as const;

export const USER_SORT_FIELDS = ['createdAt', 'username', 'displayName', 'lastLoginAt'] as const;
/** Rows one import may carry. */
export const USER_IMPORT_MAX_ROWS = 2000;
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The user list counts up to this many matches. */
export const USER_COUNT_CAP = 10_000;

export const managedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  status: z.enum(RECORD_STATUSES),
  enterpriseId: z.number().int().nullable(),
  enterpriseName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

const optionalPhone = z
  .string()
  .trim()
  .refine((s) => s === '' || PHONE_PATTERN.test(s), { error: 'validation.phone' });

export const userInputSchema = z.object({
  username: usernameSchema,
  displayName: plainText(32).min(1, { error: 'validation.required' }),
  phone: optionalPhone.default(''),
  email: z.union([z.literal(''), z.email({ error: 'validation.email' }).max(100)]).default(''),
  departmentId: z.number().int().positive().nullable().default(null),
  roleCodes: z.array(text(64).min(1)).min(1, { error: 'validation.required' }).max(20),
  status: z.enum(RECORD_STATUSES).default('enabled'),
});
export type UserInput = z.input<typeof userInputSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  keyword: text(50).optional().describe('display name, username or phone'),
  departmentId: idSchema.optional(),
  withChildren: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  roleCode: text(64).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, pageSize: true });

export const temporaryPasswordSchema = z.object({
  temporaryPassword: z.string().describe('shown once; the user must change it at the next sign-in'),
});

export const importReportSchema = z.object({
  created: z.number().int(),
  failed: z.array(
    z.object({
      row: z.number().int().describe('row number in the sheet, header = 1'),
      username: z.string(),
      errors: z.array(z.string()),
    }),
  ),
  passwords: z.array(z.object({ username: z.string(), temporaryPassword: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: '/system/users',
    summary: 'Users within the caller’s data scope: search, filter, sort, paginate',
    tags,
    query: userListQuerySchema,
    data: cappedPageOf(managedUserSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/system/users/:id',
    summary: 'One user (within the data scope)',
    tags,
    params: idParamsSchema,
    data: managedUserSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/system/users',
    summary: 'Create a user with a temporary password they must change at first sign-in',
    tags,
    body: userInputSchema,
    data: z.object({ user: managedUserSchema }).extend(temporaryPasswordSchema.shape),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/system/users/:id',
    summary: 'Edit a user; the last active administrator keeps the admin role and stays enabled',
    tags,
    params: idParamsSchema,
    body: userInputSchema,
    data: managedUserSchema,
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/system/users/:id/status',
    summary: 'Enable or disable (disabling ends the user’s sessions)',
    tags,
    params: idParamsSchema,
    body: z.object({ status: z.enum(RECORD_STATUSES) }),
    data: managedUserSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/system/users/:id/reset-password',
    summary: 'Give a temporary password (ends the user’s sessions; must be changed at next sign-in)',
    tags,
    params: idParamsSchema,
    data: temporaryPasswordSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/system/users/:id',
    summary: 'Remove a user (never oneself, never the last active administrator)',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  exportXlsx: endpoint({
    method: 'GET',
    path: '/system/users/export',
    summary: 'The filtered users as an XLSX workbook (within the data scope)',
    tags,
    query: userExportQuerySchema,
    data: z.unknown().describe('the workbook'),
    download: true,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/system/users/import-template',
    summary: 'An empty XLSX sheet with the import columns',
    tags,
    data: z.unknown().describe('the workbook'),
    download: true,
  }),
  importXlsx: endpoint({
    method: 'POST',
    path: '/system/users/import',
    summary: 'Create users from an XLSX sheet: good rows are created, bad rows reported and not written',
    tags,
    data: importReportSchema,
    upload: true,
  }),
} as const;
