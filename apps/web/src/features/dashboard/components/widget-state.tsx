import { Button, Empty, Skeleton } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';

/**
 * What every Workplace widget shows around its data: a skeleton while loading, its failure with a
 * retry in place (one widget failing leaves the others alone), an empty state, or the content.
 */
export function WidgetState<T>({
  query,
  isEmpty,
  skeletonRows = 3,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useWorkplaceI18n();
  if (query.isPending) return <Skeleton animation text={{ rows: skeletonRows }} />;
  if (query.isError) {
    return (
      <Empty
        className="workplace__empty"
        description={
          <>
            {t('workplace.loadFailed')}{' '}
            <Button type="text" size="mini" onClick={() => void query.refetch()}>
              {t('workplace.retry')}
            </Button>
          </>
        }
      />
    );
  }
  if (isEmpty?.(query.data)) return <Empty className="workplace__empty" description={t('workplace.empty')} />;
  return <>{children(query.data)}</>;
}
