import { Button, Drawer, Skeleton } from '@arco-design/web-react';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { dialogAttributes } from './dialog-attributes.ts';
import { LoadFailedResult } from './list-scaffold.tsx';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The record open in a drawer, from the address (`?<param>=<id>`), so that a link from the navbar or
 * a message opens it. Closing or switching drops the address keys that start with `dropPrefix` too
 * (the drawer's own filters).
 */
export function useOpenRecord(param: string, dropPrefix?: string): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const id = raw && ID.test(raw) ? Number(raw) : null;
  const open = useCallback(
    (next: number | null) =>
      setParams((current) => {
        const out = new URLSearchParams();
        for (const [key, value] of current) {
          if (key !== param && !(dropPrefix && key.startsWith(dropPrefix))) out.set(key, value);
        }
        if (next !== null) out.set(param, String(next));
        return out;
      }),
    [setParams, param, dropPrefix],
  );
  return [id, open];
}

interface RecordDrawerProps<T, K extends QueryKey> {
  id: number | null;
  onClose: () => void;
  title: string;
  width: number | string;
  className?: string;
  closeLabel: string;
  /** The record's query, by id (a feature's `queries.detail(id, locale)`). */
  query: (id: number) => UseQueryOptions<T, Error, T, K>;
  /** The words of a failed load. */
  failed: { title: string; requestFailed: string; retryLabel: string };
  children: (record: T) => ReactNode;
}

/** One record whole in a side drawer: loading, a failed load with a retry, then the feature's view of it. */
export function RecordDrawer<T, K extends QueryKey>({
  id,
  onClose,
  title,
  width,
  className,
  closeLabel,
  ...rest
}: RecordDrawerProps<T, K>) {
  return (
    <Drawer
      width={width}
      visible={id !== null}
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{closeLabel}</Button>}
      unmountOnExit
      {...dialogAttributes(title)}
      className={className}
    >
      {id === null ? null : <RecordLoader id={id} {...rest} />}
    </Drawer>
  );
}

function RecordLoader<T, K extends QueryKey>({
  id,
  query,
  failed,
  children,
}: Pick<RecordDrawerProps<T, K>, 'query' | 'failed' | 'children'> & { id: number }) {
  const record = useQuery(query(id));
  if (record.data !== undefined) return <>{children(record.data)}</>;
  if (record.isError) {
    return (
      <LoadFailedResult
        error={record.error}
        onRetry={() => record.refetch()}
        title={failed.title}
        requestFailed={failed.requestFailed}
        retryLabel={failed.retryLabel}
      />
    );
  }
  return <Skeleton animation text={{ rows: 10 }} />;
}
