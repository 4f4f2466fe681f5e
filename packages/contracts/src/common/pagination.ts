import { z } from 'zod';

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list whose count stops at a cap (logs, users): `capped` says there are more than `total`. */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ capped: z.boolean().describe('more matches than total: counting stopped at a cap') });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
