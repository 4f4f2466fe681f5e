import { Button, Result, Skeleton } from '@arco-design/web-react';
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
