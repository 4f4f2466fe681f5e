import { Button, Checkbox, Empty, Input, Popover, Table, type TableProps, Tooltip } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { type ReactNode, useState } from 'react';
import { isShown, type ListColumn, useColumnChoice } from './column-choice.ts';
import { type ListQuery, QueryState } from './list-scaffold.tsx';
import type { ListFilters } from './use-list-filters.ts';
import { useSharedUiI18n } from './use-shared-ui-i18n.ts';
import './list-page.css';

export type { ListColumn } from './column-choice.ts';

/** Arco's checkbox column. */
const SELECTION_WIDTH = 48;
const SIZE_OPTIONS = [10, 20, 50];

/** The part of a list query the page reads: a TanStack query of a `pageOf(…)` answer. */
interface PageQuery<T> {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  data: { list: T[]; total: number } | undefined;
  refetch: () => unknown;
}

interface ListViewProps<T> {
  /** The filter row's controls; the page adds "reset" while something is filtered, and the column chooser. */
  filters?: ReactNode;
  list: ListFilters<{ page: number; pageSize: number }>;
  query: PageQuery<T>;
  columns: ListColumn<T>[];
  rowKey: TableProps<T>['rowKey'];
  /** Names the list for the column chooser and the kept choice; without it there is no chooser. */
  columnsId?: string;
  /** The empty table's text when nothing is filtered (the shared "no records" otherwise). */
  emptyText?: string;
  /** The total under the table (the shared "{total} in total" otherwise). */
  totalText?: (total: number) => string;
  rowSelection?: TableProps<T>['rowSelection'];
  /** Anything else the table takes (expandable rows, row class names…). */
  tableProps?: Partial<TableProps<T>>;
}

interface ListPageProps<T> extends ListViewProps<T> {
  title: string;
  subtitle?: string;
  /** The header's buttons (create, import, export…). */
  actions?: ReactNode;
  className?: string;
  /** Drawers and dialogs the page opens. */
  children?: ReactNode;
}

/**
 * A list screen: title and actions, the filter row, the table with its failure and loading states,
 * the pager, and the column chooser. Filters, page, size and sort come from `useListFilters` (they
 * live in the address); columns and filter controls are the screen's own declarations.
 */
export function ListPage<T>({ title, subtitle, actions, className, children, ...view }: ListPageProps<T>) {
  return (
    <ListShell
      title={title}
      subtitle={subtitle}
      actions={actions}
      className={className}
      body={<ListView<T> {...view} />}
    >
      {children}
    </ListShell>
  );
}

interface ListShellProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  className?: string;
  /** The card's content under the header: a `ListView`, or a table of its own. */
  body: ReactNode;
  /** With it, the body waits for this query: a skeleton first, a failure with a retry (shared texts). */
  query?: ListQuery;
  /** Drawers and dialogs the page opens. */
  children?: ReactNode;
}

/**
 * The list page's frame (title, subtitle, actions, card) around any body: for a list that is not
 * server-paged (a tree table, a client-side list), so it looks like the others.
 */
export function ListShell({ title, subtitle, actions, className, body, query, children }: ListShellProps) {
  const { t } = useSharedUiI18n();
  return (
    <div className={`list-page ${className ?? ''}`}>
      <div className="list-page__card">
        <header className="list-page__header">
          <div>
            <h1 className="list-page__title">{title}</h1>
            {subtitle ? <p className="list-page__subtitle">{subtitle}</p> : null}
          </div>
          {actions ? <div className="list-page__actions">{actions}</div> : null}
        </header>
        {query ? (
          <QueryState
            query={query}
            failedTitle={t('list.loadFailed')}
            requestFailed={t('list.requestFailed')}
            retryLabel={t('list.retry')}
            skeletonClassName="list-page__skeleton"
          >
            {body}
          </QueryState>
        ) : (
          body
        )}
      </div>
      {children}
    </div>
  );
}

/**
 * The filter row and the paged table of a list, without the page around it: for a list inside a
 * tab or a drawer (the log page's tabs, an archive's entries).
 */
export function ListView<T>({
  filters,
  list,
  query,
  columns,
  rowKey,
  columnsId,
  emptyText,
  totalText,
  rowSelection,
  tableProps,
}: ListViewProps<T>) {
  const { t } = useSharedUiI18n();
  const chooser = useColumnChoice(columnsId);
  const shown = columnsId ? columns.filter((c) => isShown(c as ListColumn<unknown>, chooser.choice)) : columns;
  const width = shown.reduce((sum, c) => sum + (Number(c.width) || 0), rowSelection ? SELECTION_WIDTH : 0);

  return (
    <>
      {filters || columnsId ? (
        <search className="list-page__filters" aria-label={t('list.filters')}>
          {filters}
          {list.filtered ? (
            <Button type="text" onClick={list.reset}>
              {t('list.reset')}
            </Button>
          ) : null}
          {columnsId ? <ColumnChooser columns={columns} chooser={chooser} /> : null}
        </search>
      ) : null}
      <QueryState
        query={query}
        failedTitle={t('list.loadFailed')}
        requestFailed={t('list.requestFailed')}
        retryLabel={t('list.retry')}
        skeletonClassName="list-page__skeleton"
      >
        <Table<T>
          rowKey={rowKey}
          rowSelection={rowSelection}
          columns={shown}
          data={query.data?.list ?? []}
          loading={query.isFetching}
          noDataElement={
            <Empty description={list.filtered ? t('list.emptyFiltered') : (emptyText ?? t('list.empty'))} />
          }
          tableLayoutFixed
          // Wide enough for every shown column, so none slips under a fixed one; the chooser keeps
          // the default set within a 1366 px screen.
          scroll={{ x: width }}
          pagination={{
            ...list.page,
            total: query.data?.total ?? 0,
            showTotal: (total: number) => (totalText ? totalText(total) : t('list.total', { total })),
            sizeCanChange: true,
            sizeOptions: SIZE_OPTIONS,
            hideOnSinglePage: false,
          }}
          onChange={list.onTableChange}
          {...tableProps}
        />
      </QueryState>
    </>
  );
}

function ColumnChooser<T>({
  columns,
  chooser,
}: {
  columns: ListColumn<T>[];
  chooser: ReturnType<typeof useColumnChoice>;
}) {
  const { t } = useSharedUiI18n();
  const label = (column: ListColumn<T>) => (typeof column.title === 'string' ? column.title : column.key);
  return (
    <Popover
      trigger="click"
      position="br"
      title={t('list.columnsTitle')}
      content={
        <div className="list-page__columns">
          {columns.map((column) => {
            const always = column.choice === 'always';
            const fallback = column.choice !== 'hidden';
            const checkbox = (
              <Checkbox
                key={column.key}
                checked={isShown(column as ListColumn<unknown>, chooser.choice)}
                disabled={always}
                onChange={(checked: boolean) => chooser.set(column.key, checked, fallback)}
              >
                {label(column)}
              </Checkbox>
            );
            return always ? (
              <Tooltip key={column.key} content={t('list.columnsRequired')} position="left" mini>
                {checkbox}
              </Tooltip>
            ) : (
              checkbox
            );
          })}
          <Button type="text" size="mini" className="list-page__columns-reset" onClick={chooser.reset}>
            {t('list.columnsReset')}
          </Button>
        </div>
      }
    >
      <Button className="list-page__columns-button" icon={<IconSettings />} aria-haspopup="dialog">
        {t('list.columns')}
      </Button>
    </Popover>
  );
}

interface ListKeywordProps {
  /** The box's accessible name and its placeholder. */
  label: string;
  /** The keyword the list filters by now (from the address). */
  value: string | undefined;
  /** The keyword to filter by, trimmed; undefined for none. */
  onKeyword: (keyword: string | undefined) => void;
  className?: string;
  maxLength?: number;
}

/**
 * The list's keyword box. Enter or the button filters, clearing the box stops filtering, and the box
 * follows the address (Back, a pasted link, "reset").
 */
export function ListKeyword({ label, value, onKeyword, className, maxLength = 50 }: ListKeywordProps) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      className={className ?? 'list-page__keyword'}
      aria-label={label}
      placeholder={label}
      allowClear
      maxLength={maxLength}
      value={text}
      onChange={(next) => {
        setText(next);
        // Clearing the box shows everything again without another Enter.
        if (!next && value) onKeyword(undefined);
      }}
      onSearch={(next) => onKeyword(next.trim() || undefined)}
    />
  );
}
