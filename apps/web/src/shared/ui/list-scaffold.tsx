import { Button, Input, type PaginationProps, Result, Skeleton, type TableProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { errorText } from './form-rules.ts';

// What the list screens share around their table. Every word comes from the caller, so the text stays
// in each feature's dictionary.

/** The part of a TanStack query the list screens look at. */
export interface ListQuery {
  isError: boolean;
  isPending: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

interface LoadFailedResultProps {
  error: unknown;
  onRetry: () => void;
  /** The heading. */
  title: string;
  /** Shown when the error carries no message of its own. */
  requestFailed: string;
  retryLabel: string;
}

/** A failed load in place, with the server's message and a retry. */
export function LoadFailedResult({ error, onRetry, title, requestFailed, retryLabel }: LoadFailedResultProps) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorText(error, requestFailed)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}

interface QueryStateProps {
  query: ListQuery;
  failedTitle: string;
  requestFailed: string;
  retryLabel: string;
  /** Without it the children show while the first page loads (a table shows its own spinner). */
  skeletonClassName?: string;
  children: ReactNode;
}

/**
 * The failure, the first load, or the children. Rows already shown stay when a refetch fails: the
 * request layer's toast says why.
 */
export function QueryState({
  query,
  failedTitle,
  requestFailed,
  retryLabel,
  skeletonClassName,
  children,
}: QueryStateProps) {
  if (query.isError && !query.data) {
    return (
      <LoadFailedResult
        error={query.error}
        onRetry={() => query.refetch()}
        title={failedTitle}
        requestFailed={requestFailed}
        retryLabel={retryLabel}
      />
    );
  }
  if (skeletonClassName !== undefined && query.isPending) {
    return <Skeleton animation text={{ rows: 8 }} className={skeletonClassName} />;
  }
  return children;
}

const SIZE_OPTIONS = [10, 20, 50];

interface TablePaginationOptions {
  page: number;
  pageSize: number;
  total: number;
  showTotal: PaginationProps['showTotal'];
  sizeOptions?: number[];
}

/** A server-paged table's pager, shown even for one page so the total and the size choice stay in view. */
export function tablePagination({
  page,
  pageSize,
  total,
  showTotal,
  sizeOptions = SIZE_OPTIONS,
}: TablePaginationOptions): PaginationProps {
  return { current: page, pageSize, total, showTotal, sizeCanChange: true, sizeOptions, hideOnSinglePage: false };
}

/** The page a table's change asks for, in the filters' terms. */
export function pageFrom(pagination: PaginationProps, fallbackPageSize: number) {
  return { page: pagination.current ?? 1, pageSize: pagination.pageSize ?? fallbackPageSize };
}

type TableSorter = Parameters<NonNullable<TableProps['onChange']>>[1];

/**
 * The server-side sort a header click asks for: none when the click cleared it, or for a column the
 * server does not sort by.
 */
export function sortFrom<F extends string>(
  sorter: TableSorter,
  sortable: readonly F[],
): { sort: F | undefined; order: 'asc' | 'desc' | undefined } {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const field =
    one?.direction && (sortable as readonly string[]).includes(String(one.field)) ? (one.field as F) : undefined;
  return { sort: field, order: field ? (one?.direction === 'ascend' ? 'asc' : 'desc') : undefined };
}

interface KeywordSearchProps {
  className: string;
  /** The box's accessible name and its placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The keyword to filter by, trimmed; undefined for none. */
  onKeyword: (keyword: string | undefined) => void;
}

/** The list's keyword box: Enter or the button filters, clearing the box stops filtering. */
export function KeywordSearch({ className, label, value, onChange, onKeyword }: KeywordSearchProps) {
  return (
    <Input.Search
      className={className}
      aria-label={label}
      placeholder={label}
      allowClear
      maxLength={50}
      value={value}
      onChange={(next) => {
        onChange(next);
        // Clearing the box shows everything again without another Enter.
        if (!next) onKeyword(undefined);
      }}
      onSearch={(next) => onKeyword(next.trim() || undefined)}
    />
  );
}
