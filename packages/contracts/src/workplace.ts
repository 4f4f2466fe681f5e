import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { plainText, text } from './common/validation.ts';

const tags = ['workplace'] as const;

export const overviewSchema = z.object({
  balance: z
    .object({
      amount: z.number().describe('CNY'),
      currency: z.literal('CNY'),
      low: z.boolean().describe('below the account’s warning threshold'),
      lowThreshold: z.number(),
      price: z.number().describe('CNY per SMS'),
    })
    .nullable()
    .describe('the prepaid SMS account; null for a role that may neither see its ledger nor manage it'),
  pendingOrders: z.number().int().describe('work orders waiting for the signed-in user'),
  renewalOrders: z.number().int().describe('devices whose warranty or service contract ends within 30 days'),
  onlineContent: z.number().int().describe('published content items'),
  operations: z
    .object({
      stationsRunning: z.number().int(),
      stationsFault: z.number().int(),
      stationsOffline: z.number().int(),
      stationsTotal: z.number().int(),
      devicesOnline: z.number().int(),
      devicesTotal: z.number().int().describe('devices in service (not archived, not disabled)'),
      pumpedToday: z.number().describe('m³ since midnight of the utility’s day'),
    })
    .describe('the operations row (issue 14): stations and devices within the caller’s region limit'),
});
export type Overview = z.infer<typeof overviewSchema>;

export const recentVisitSchema = z.object({ routeName: z.string(), path: z.string(), visitedAt: z.string() });
const routeNameSchema = text(64)
  .min(1)
  .regex(/^[\w:-]+$/, { error: 'validation.required' });
export const recordVisitBodySchema = z.object({
  routeName: routeNameSchema,
  path: text(300)
    .min(1)
    .regex(/^\/[^\s]*$/, { error: 'validation.required' }),
});
export const QUICK_OPERATIONS_MAX = 8;
export const quickOperationsSchema = z.object({
  routeNames: z.array(routeNameSchema).max(QUICK_OPERATIONS_MAX, { error: 'validation.tooLong' }),
});

const money = (max: number) =>
  z
    .number()
    .positive()
    .max(max)
    .refine((n) => Math.round(n * 100) === n * 100, { error: 'validation.money' });

export const SMS_LEDGER_KINDS = ['topup', 'charge'] as const;
export const smsLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(SMS_LEDGER_KINDS),
  amount: z.number().describe('CNY: a top-up positive, a charge negative'),
  note: z.string(),
  userName: z.string().describe('who recorded a top-up'),
  createdAt: z.string(),
  phone: z.string().optional().describe('a charge’s recipient, masked (138****0001)'),
  purpose: z.string().optional().describe('what a charged SMS was for: notice, message, login, …'),
});
export type SmsLedgerEntry = z.infer<typeof smsLedgerEntrySchema>;
export const smsAccountSchema = z.object({
  balance: z.number(),
  price: z.number(),
  lowThreshold: z.number(),
  ledger: z.array(smsLedgerEntrySchema),
});
export type SmsAccount = z.infer<typeof smsAccountSchema>;
export const smsLedgerQuerySchema = z.object({
  kind: z.enum(SMS_LEDGER_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const SMS_TOPUP_MAX = 1_000_000;
export const SMS_PRICE_MAX = 10;
export const SMS_THRESHOLD_MAX = 1_000_000;
export const smsTopupBodySchema = z.object({ amount: money(SMS_TOPUP_MAX), note: plainText(200).default('') });
export const smsSettingsBodySchema = z.object({
  price: z.number().min(0).max(SMS_PRICE_MAX),
  lowThreshold: z.number().min(0).max(SMS_THRESHOLD_MAX),
});

export const workplaceApi = {
  overview: endpoint({
    method: 'GET',
    path: '/workplace/overview',
    summary: 'The data panel: balance, pending orders, renewal orders, online content',
    tags,
    data: overviewSchema,
  }),
  visits: endpoint({
    method: 'GET',
    path: '/user/visits',
    summary: 'The signed-in user’s recently visited pages (8, newest first)',
    tags,
    data: z.array(recentVisitSchema),
  }),
  recordVisit: endpoint({
    method: 'POST',
    path: '/user/visits',
    summary: 'Record a page the user opened',
    tags,
    body: recordVisitBodySchema,
    data: z.null(),
  }),
  quickOperations: endpoint({
    method: 'GET',
    path: '/user/quick-operations',
    summary: 'The user’s chosen Workplace shortcuts (route names)',
    tags,
    data: quickOperationsSchema,
  }),
  saveQuickOperations: endpoint({
    method: 'PUT',
    path: '/user/quick-operations',
    summary: 'Choose the Workplace shortcuts (routes of the user’s own menu, at most 8)',
    tags,
    body: quickOperationsSchema,
    data: quickOperationsSchema,
  }),
  smsAccount: endpoint({
    method: 'GET',
    path: '/sms/account',
    summary: 'The SMS account: balance, price, threshold, latest ledger entries',
    tags,
    data: smsAccountSchema,
  }),
  smsLedger: endpoint({
    method: 'GET',
    path: '/sms/ledger',
    summary: 'The latest top-ups or charges of the SMS account, newest first',
    tags,
    query: smsLedgerQuerySchema,
    data: z.array(smsLedgerEntrySchema),
  }),
  smsTopup: endpoint({
    method: 'POST',
    path: '/sms/topups',
    summary: 'Record a top-up of the SMS account',
    tags,
    body: smsTopupBodySchema,
    data: smsAccountSchema,
  }),
  smsSettings: endpoint({
    method: 'PUT',
    path: '/sms/account',
    summary: 'Set the price per SMS and the low-balance threshold',
    tags,
    body: smsSettingsBodySchema,
    data: smsAccountSchema,
  }),
} as const;
