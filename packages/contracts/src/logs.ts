import { z } from 'zod';
import { idParamsSchema } from './account.ts';
import { endpoint } from './common/endpoint.ts';
import { cappedPageOf, pageQuerySchema } from './common/pagination.ts';
import { text } from './common/validation.ts';

const tags = ['logs'] as const;

/** Days kept before the daily job removes a log row. */
export const LOG_RETENTION_MIN_DAYS = 7;
export const LOG_RETENTION_MAX_DAYS = 3650;

const isoDateTime = z.iso.datetime({ offset: true });

const range = {
  from: isoDateTime.optional().describe('inclusive'),
  to: isoDateTime.optional().describe('exclusive'),
};

/** How a write ended; `denied`: refused (403) to a signed-in user for want of a permission. */
export const OPERATION_RESULTS = ['success', 'failure', 'denied'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

export const operationLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().describe('the account name the row was written with (a phone number for some)'),
  displayName: z.string().describe('the user’s name today; the username when the account is gone'),
  module: z.string(),
  action: z.string(),
  targetId: z.string(),
  method: z.string(),
  path: z.string(),
  result: z.enum(OPERATION_RESULTS),
  error: z.string(),
  ip: z.string(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

/** Who wrote a log row, in one line: "王明 (user)", or the account name alone when that is the name. */
export const actorLabel = (displayName: string, username: string): string =>
  displayName && displayName !== username ? `${displayName} (${username})` : username;

export const logChangeSchema = z.object({
  path: z.string().describe('dotted field path, e.g. roles.0.code'),
  before: z.unknown(),
  after: z.unknown(),
});

export const operationLogDetailSchema = operationLogSchema.extend({
  params: z.unknown().describe('the request parameters, secrets masked'),
  before: z.unknown(),
  after: z.unknown(),
  changes: z.array(logChangeSchema).describe('fields whose value differs between before and after'),
});
export type OperationLogDetail = z.infer<typeof operationLogDetailSchema>;

export const operationLogQuerySchema = pageQuerySchema.extend({
  username: text(64).optional(),
  module: text(40).optional(),
  action: text(40).optional(),
  result: z.enum(OPERATION_RESULTS).optional(),
  keyword: text(100).optional().describe('in the path or the error'),
  ...range,
});

export const loginLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  reason: z
    .string()
    .describe('empty | bad_credentials | locked | disabled | captcha_missing | captcha_wrong | no_role'),
  createdAt: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

export const loginLogQuerySchema = pageQuerySchema.extend({
  username: text(64).optional(),
  ip: text(64).optional(),
  success: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...range,
});

export const logRetentionSchema = z.object({
  operationDays: z.number().int().min(LOG_RETENTION_MIN_DAYS).max(LOG_RETENTION_MAX_DAYS),
  loginDays: z.number().int().min(LOG_RETENTION_MIN_DAYS).max(LOG_RETENTION_MAX_DAYS),
});
export type LogRetention = z.infer<typeof logRetentionSchema>;

/** Counting stops here: `capped` says there are more matches than `total`. */
export const LOG_COUNT_CAP = 10_000;

export const logsApi = {
  operations: endpoint({
    method: 'GET',
    path: '/system/logs/operations',
    summary: 'Operation log, newest first',
    tags,
    query: operationLogQuerySchema,
    data: cappedPageOf(operationLogSchema),
  }),
  modules: endpoint({
    method: 'GET',
    path: '/system/logs/modules',
    summary: 'The modules that appear in the operation log, for the filter',
    tags,
    data: z.array(z.string()),
  }),
  operation: endpoint({
    method: 'GET',
    path: '/system/logs/operations/:id',
    summary: 'One operation with its parameters and the before/after of the record as field changes',
    tags,
    params: idParamsSchema,
    data: operationLogDetailSchema,
  }),
  exportOperations: endpoint({
    method: 'GET',
    path: '/system/logs/operations/export',
    summary: 'The filtered operation log as XLSX (at most 50,000 rows)',
    tags,
    query: operationLogQuerySchema.omit({ page: true, pageSize: true }),
    data: z.unknown(),
    download: true,
  }),
  logins: endpoint({
    method: 'GET',
    path: '/system/logs/logins',
    summary: 'Sign-in log, newest first',
    tags,
    query: loginLogQuerySchema,
    data: cappedPageOf(loginLogSchema),
  }),
  exportLogins: endpoint({
    method: 'GET',
    path: '/system/logs/logins/export',
    summary: 'The filtered sign-in log as XLSX (at most 50,000 rows)',
    tags,
    query: loginLogQuerySchema.omit({ page: true, pageSize: true }),
    data: z.unknown(),
    download: true,
  }),
  retention: endpoint({
    method: 'GET',
    path: '/system/logs/retention',
    summary: 'How many days each log is kept',
    tags,
    data: logRetentionSchema,
  }),
  setRetention: endpoint({
    method: 'PUT',
    path: '/system/logs/retention',
    summary: 'Set how many days each log is kept (applied by the daily job)',
    tags,
    body: logRetentionSchema,
    data: logRetentionSchema,
  }),
} as const;
