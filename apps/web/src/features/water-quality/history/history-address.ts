import { WQ_PARAMETERS, type WqParameter } from '@water/contracts';
import { z } from 'zod';

/** The History tab's keys in the address carry this prefix, so other tabs' filters stay beside them. */
export const HISTORY_PREFIX = 'history.';

/** The range presets; `custom` reads `from` and `to` (utility days, both included). */
export const HISTORY_RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const RANGE_DAYS: Record<Exclude<HistoryRange, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What the History tab keeps in the address. Not paged, but useListFilters goes back to page 1 on
 * every change: page 1 is its only page (the default, never written).
 */
export const historyUrlSchema = z.object({
  siteId: z.coerce.number().int().positive().optional(),
  parameter: z.enum(WQ_PARAMETERS).optional(),
  range: z.enum(HISTORY_RANGES).default('7d'),
  from: day.optional(),
  to: day.optional(),
  page: z.number().default(1),
});
export type HistoryUrl = z.output<typeof historyUrlSchema>;

/**
 * The address that opens the History tab on one site's parameter, keeping every other tab's filters
 * (and the range last chosen there). `range` with `from`/`to` sets a custom range (a month's rates).
 */
export function historySearch(
  current: URLSearchParams,
  target: { siteId: number; parameter: WqParameter; from?: string; to?: string },
): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set('tab', 'history');
  next.set(`${HISTORY_PREFIX}siteId`, String(target.siteId));
  next.set(`${HISTORY_PREFIX}parameter`, target.parameter);
  if (target.from && target.to) {
    next.set(`${HISTORY_PREFIX}range`, 'custom');
    next.set(`${HISTORY_PREFIX}from`, target.from);
    next.set(`${HISTORY_PREFIX}to`, target.to);
  }
  return next;
}
