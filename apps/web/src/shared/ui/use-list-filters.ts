import type { PaginationProps, TableProps } from '@arco-design/web-react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** Arco's sort direction of a column header. */
export type SortOrder = 'ascend' | 'descend' | undefined;

/** What every list query has: page, page size and, where it sorts, a field and an order. */
interface ListQueryShape {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Keys that say where the list is, not what it holds: changing them is not "filtering". */
const PLACE_KEYS = new Set(['page', 'pageSize', 'sort', 'order']);

/** A query string's value for a filter: none for an unset one. */
function toParam(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.map(String).join(',') : undefined;
  return String(value);
}

/**
 * The address's query as the contract reads it. A value the contract refuses (a hand-edited or old
 * link) is dropped, so the list still opens with the rest instead of failing.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  return parseKept(schema, raw).value;
}

/** The parse, and the keys of the address it kept. */
function parseKept<S extends z.ZodType>(schema: S, raw: Record<string, string>) {
  const input: Record<string, string> = { ...raw };
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { value: parsed.data as z.output<S>, kept: new Set(Object.keys(input)) };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const known = [...bad].filter((key) => key in input);
    if (known.length === 0) break;
    for (const key of known) delete input[key];
  }
  return { value: schema.parse({}) as z.output<S>, kept: new Set<string>() };
}

export interface ListFilters<F extends ListQueryShape> {
  /** The list's query as the contract parsed it from the address, defaults filled in. */
  filters: F;
  /** Changes filters; back to page 1 unless the change names the page. Each change is a history entry. */
  set: (patch: Partial<F>) => void;
  /** Clears every filter, keeping page size and sort. */
  reset: () => void;
  /** Some filter differs from its default (page, size and sort aside). */
  filtered: boolean;
  /** A column header's sort direction, for `sortOrder`. */
  sortOrder: (field: string) => SortOrder;
  /** The table's pager position (the list page adds the total and the texts). */
  page: { current: number; pageSize: number };
  /** The table's `onChange`: paging and, for the fields in `sortable`, server-side sorting. */
  onTableChange: NonNullable<TableProps['onChange']>;
}

interface Options<F> {
  /** Defaults the screen prefers over the contract's (a shorter page, another sort). */
  defaults?: Partial<F>;
  /** The fields the server sorts by: a header click on another column changes nothing. */
  sortable?: readonly string[];
  /**
   * Namespaces the keys in the address (`op.page`, `login.page`), for two lists on one screen, such
   * as the tabs of the log page.
   */
  prefix?: string;
}

/**
 * A list's filters, page, page size and sort, kept in the address and read with the contract's query
 * schema: a refresh, Back and Forward, a tab reopened or a pasted link show the same search. Only
 * values that differ from the defaults are written, so a plain list keeps a plain address.
 */
export function useListFilters<S extends z.ZodType>(
  schema: S,
  { defaults, sortable = [], prefix = '' }: Options<z.output<S>> = {},
): ListFilters<z.output<S> & ListQueryShape> {
  type F = z.output<S> & ListQueryShape;
  const [params, setParams] = useSearchParams();
  const search = params.toString();

  const base = useMemo(() => ({ ...(schema.parse({}) as object), ...defaults }) as F, [schema, defaults]);
  const filters = useMemo(() => {
    const raw: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(search)) {
      if (key.startsWith(prefix)) raw[key.slice(prefix.length)] = value;
    }
    const { value, kept } = parseKept(schema, raw);
    // The address wins; what it leaves out (or gave wrong) takes the screen's default.
    const out = { ...(value as object) } as Record<string, unknown>;
    for (const [key, fallback] of Object.entries(base)) if (!kept.has(key)) out[key] = fallback;
    return out as F;
  }, [schema, base, search, prefix]);

  const write = useCallback(
    (next: F) => {
      const out = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        const param = toParam(value);
        if (param !== undefined && param !== toParam((base as Record<string, unknown>)[key])) {
          out.set(`${prefix}${key}`, param);
        }
      }
      // Other parameters of the address (another list's, a tab's) stay as they are.
      for (const [key, value] of new URLSearchParams(search)) {
        const own =
          key.startsWith(prefix) && (key.slice(prefix.length) in base || schemaKnows(schema, key.slice(prefix.length)));
        if (!own && !out.has(key)) out.set(key, value);
      }
      setParams(out);
    },
    [base, schema, search, setParams, prefix],
  );

  const set = useCallback((patch: Partial<F>) => write({ ...filters, page: 1, ...patch } as F), [filters, write]);

  const reset = useCallback(
    () => write({ ...base, pageSize: filters.pageSize, sort: filters.sort, order: filters.order } as F),
    [base, filters, write],
  );

  const filtered = Object.keys(filters).some(
    (key) =>
      !PLACE_KEYS.has(key) &&
      toParam((filters as Record<string, unknown>)[key]) !== toParam((base as Record<string, unknown>)[key]),
  );

  const onTableChange = useCallback<NonNullable<TableProps['onChange']>>(
    (pagination: PaginationProps, sorter, _filters, extra) => {
      if (extra.action === 'sort') {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = one?.direction && sortable.includes(String(one.field)) ? String(one.field) : undefined;
        // A cleared sort goes back to the default one.
        write({
          ...filters,
          page: 1,
          sort: field ?? base.sort,
          order: field ? (one?.direction === 'ascend' ? 'asc' : 'desc') : base.order,
        } as F);
        return;
      }
      write({
        ...filters,
        page: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? filters.pageSize,
      } as F);
    },
    [base, filters, sortable, write],
  );

  return {
    filters,
    set,
    reset,
    filtered,
    sortOrder: (field) => (filters.sort === field ? (filters.order === 'asc' ? 'ascend' : 'descend') : undefined),
    page: { current: filters.page, pageSize: filters.pageSize },
    onTableChange,
  };
}

function schemaKnows(schema: z.ZodType, key: string): boolean {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return Boolean(shape && key in shape);
}
