import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, isValidCreditCode, plainText, text } from './common/validation.ts';

const tags = ['organization'] as const;

export const ENTERPRISE_TYPES = ['owner', 'contractor', 'supplier'] as const;
export type EnterpriseType = (typeof ENTERPRISE_TYPES)[number];
export const RECORD_STATUSES = ['enabled', 'disabled'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** A unified social credit code (统一社会信用代码): 18 characters, the last one a check character. */
export const creditCodeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isValidCreditCode, { error: 'validation.creditCode' });

/** A phone that may be a landline (0571-88888888) or a mobile; empty allowed. */
export const contactPhoneSchema = z
  .string()
  .trim()
  .max(20, { error: 'validation.tooLong' })
  .regex(/^$|^1[3-9]\d{9}$|^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/, { error: 'validation.contactPhone' });

export const enterpriseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  type: z.enum(ENTERPRISE_TYPES),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  status: z.enum(RECORD_STATUSES),
  departments: z.number().int().describe('departments it has'),
  users: z.number().int().describe('users who belong to it'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Enterprise = z.infer<typeof enterpriseSchema>;

export const enterpriseInputSchema = z.object({
  name: plainText(100).min(1, { error: 'validation.required' }),
  creditCode: creditCodeSchema,
  type: z.enum(ENTERPRISE_TYPES),
  contact: plainText(50).default(''),
  phone: contactPhoneSchema.default(''),
  address: plainText(200).default(''),
  status: z.enum(RECORD_STATUSES).default('enabled'),
});
export type EnterpriseInput = z.input<typeof enterpriseInputSchema>;

export const enterpriseListQuerySchema = pageQuerySchema.extend({
  keyword: text(50).optional().describe('name or credit code'),
  type: z.enum(ENTERPRISE_TYPES).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
});

export interface DepartmentNode {
  id: number;
  enterpriseId: number;
  parentId: number | null;
  name: string;
  orderNum: number;
  leader: string;
  phone: string;
  status: RecordStatus;
  /** Users whose department this is (main or not). */
  members: number;
  /**
   * Whether the department lies within the caller's data scope. A scoped caller receives the
   * departments of its scope and, for context, the departments above them with `inScope: false`:
   * name and place only (members 0, leader and phone empty), shown disabled, never writable.
   * The server always sets it; it is optional only for older clients and test fixtures.
   */
  inScope?: boolean | undefined;
  children: DepartmentNode[];
}

export const departmentNodeSchema: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    enterpriseId: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    orderNum: z.number().int(),
    leader: z.string(),
    phone: z.string(),
    status: z.enum(RECORD_STATUSES),
    members: z.number().int(),
    inScope: z.boolean().optional(),
    children: z.array(departmentNodeSchema),
  }),
);

export const departmentInputSchema = z.object({
  enterpriseId: z.number().int().positive(),
  parentId: z.number().int().positive().nullable().default(null),
  name: plainText(50).min(1, { error: 'validation.required' }),
  orderNum: z.number().int().min(0).max(9999).default(0),
  leader: plainText(50).default(''),
  phone: contactPhoneSchema.default(''),
  status: z.enum(RECORD_STATUSES).default('enabled'),
});
export type DepartmentInput = z.input<typeof departmentInputSchema>;

export const memberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  departmentId: z.number().int(),
  departmentName: z.string(),
  position: z.string(),
  isMain: z.boolean(),
  status: z.enum(RECORD_STATUSES).describe('the user account'),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  departmentId: idSchema.optional(),
  /** With departmentId: also the members of every department below it. */
  withChildren: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  keyword: text(50).optional().describe('name, username or phone'),
});

export const memberInputSchema = z.object({
  userId: z.number().int().positive(),
  departmentId: z.number().int().positive(),
  position: plainText(50).default(''),
  /** The user's main department: making one main makes the others not. */
  isMain: z.boolean().default(false),
});

export const memberParamsSchema = z.object({
  departmentId: idSchema,
  userId: idSchema,
});

export const organizationApi = {
  enterprises: endpoint({
    method: 'GET',
    path: '/enterprises',
    summary: 'Enterprises: the utility and its contractors and suppliers',
    tags,
    query: enterpriseListQuerySchema,
    data: pageOf(enterpriseSchema),
  }),
  enterpriseOptions: endpoint({
    method: 'GET',
    path: '/enterprises/options',
    summary:
      'Enterprises as id and name, for pickers (any signed-in user): those holding a department of the data scope',
    tags,
    data: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(RECORD_STATUSES) })),
  }),
  createEnterprise: endpoint({
    method: 'POST',
    path: '/enterprises',
    summary: 'Add an enterprise (the credit code is checked with its check character)',
    tags,
    body: enterpriseInputSchema,
    data: enterpriseSchema,
  }),
  updateEnterprise: endpoint({
    method: 'PUT',
    path: '/enterprises/:id',
    summary: 'Edit an enterprise',
    tags,
    params: idParamsSchema,
    body: enterpriseInputSchema,
    data: enterpriseSchema,
  }),
  removeEnterprise: endpoint({
    method: 'DELETE',
    path: '/enterprises/:id',
    summary: 'Remove an enterprise that has no departments and no users',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  departmentTree: endpoint({
    method: 'GET',
    path: '/departments/tree',
    summary:
      'The department tree of one enterprise, or of all (any signed-in user: pickers use it), limited to the data scope and the departments above it',
    tags,
    query: z.object({
      enterpriseId: idSchema.optional(),
      status: z.enum(RECORD_STATUSES).optional(),
    }),
    data: z.array(departmentNodeSchema),
  }),
  createDepartment: endpoint({
    method: 'POST',
    path: '/departments',
    summary: 'Add a department under a parent of the same enterprise (or at its root)',
    tags,
    body: departmentInputSchema,
    data: departmentNodeSchema,
  }),
  updateDepartment: endpoint({
    method: 'PUT',
    path: '/departments/:id',
    summary: 'Rename, move (never under itself or its descendants), reorder, set leader, phone, status',
    tags,
    params: idParamsSchema,
    body: departmentInputSchema,
    data: departmentNodeSchema,
  }),
  removeDepartment: endpoint({
    method: 'DELETE',
    path: '/departments/:id',
    summary: 'Remove a department without children or members (the refusal says which)',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
  members: endpoint({
    method: 'GET',
    path: '/members',
    summary: 'Department members, with their position and whether it is their main department',
    tags,
    query: memberListQuerySchema,
    data: pageOf(memberSchema),
  }),
  saveMember: endpoint({
    method: 'PUT',
    path: '/members',
    summary: 'Put a user in a department with a position, or change the position or main flag',
    tags,
    body: memberInputSchema,
    data: memberSchema,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/members/:departmentId/:userId',
    summary: 'Take a user out of a department (another department becomes main if this one was)',
    tags,
    params: memberParamsSchema,
    data: z.null(),
  }),
} as const;
