import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { KeywordSearch, type ListQuery, QueryState, sortFrom, tablePagination } from './list-scaffold.tsx';

function query(state: Partial<ListQuery>): ListQuery {
  return { isError: false, isPending: false, data: undefined, error: null, refetch: vi.fn(), ...state };
}

function renderState(q: ListQuery, skeletonClassName?: string) {
  return render(
    <QueryState
      query={q}
      failedTitle="Could not load"
      requestFailed="Request failed"
      retryLabel="Retry"
      skeletonClassName={skeletonClassName}
    >
      <table aria-label="Rows" />
    </QueryState>,
  );
}

describe('QueryState', () => {
  it("shows a failed first load with the server's message and a retry that refetches", () => {
    const q = query({ isError: true, error: new ApiError('Database is down', 500, null) });
    renderState(q, 'rows-skeleton');
    expect(screen.getByText('Could not load')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Rows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to the given text for an error without a message of its own', () => {
    renderState(query({ isError: true, error: new TypeError('fetch failed') }));
    expect(screen.getByText('Request failed')).toBeTruthy();
  });

  it('keeps rows already shown when a refetch fails', () => {
    renderState(query({ isError: true, data: { list: [] } }));
    expect(screen.getByRole('table', { name: 'Rows' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the skeleton during the first load, or the children when there is none', () => {
    const { container, unmount } = renderState(query({ isPending: true }), 'rows-skeleton');
    expect(container.querySelector('.arco-skeleton.rows-skeleton')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Rows' })).toBeNull();
    unmount();
    renderState(query({ isPending: true }));
    expect(screen.getByRole('table', { name: 'Rows' })).toBeTruthy();
  });
});

describe('tablePagination', () => {
  it('keeps the pager on a single page, with 10, 20 and 50 unless told otherwise', () => {
    const showTotal = (total: number) => `${total} in all`;
    expect(tablePagination({ page: 2, pageSize: 20, total: 45, showTotal })).toEqual({
      current: 2,
      pageSize: 20,
      total: 45,
      showTotal,
      sizeCanChange: true,
      sizeOptions: [10, 20, 50],
      hideOnSinglePage: false,
    });
    expect(tablePagination({ page: 1, pageSize: 30, total: 0, showTotal, sizeOptions: [30, 60] }).sizeOptions).toEqual([
      30, 60,
    ]);
  });
});

describe('sortFrom', () => {
  const fields = ['name', 'createdAt'] as const;

  it('sorts by a column the server knows, and by none when the click cleared it or the column is unknown', () => {
    expect(sortFrom({ field: 'name', direction: 'ascend' }, fields)).toEqual({ sort: 'name', order: 'asc' });
    expect(sortFrom([{ field: 'createdAt', direction: 'descend' }], fields)).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
    expect(sortFrom({ field: 'name', direction: undefined }, fields)).toEqual({ sort: undefined, order: undefined });
    expect(sortFrom({ field: 'phone', direction: 'ascend' }, fields)).toEqual({ sort: undefined, order: undefined });
  });
});

describe('KeywordSearch', () => {
  function Harness({ onKeyword }: { onKeyword: (keyword: string | undefined) => void }) {
    const [value, setValue] = useState('');
    return <KeywordSearch className="box" label="Keyword" value={value} onChange={setValue} onKeyword={onKeyword} />;
  }

  it('filters by the trimmed keyword on Enter and stops filtering when the box is cleared', () => {
    const onKeyword = vi.fn();
    render(<Harness onKeyword={onKeyword} />);
    const box = screen.getByRole('textbox', { name: 'Keyword' });
    expect(box.getAttribute('placeholder')).toBe('Keyword');
    fireEvent.change(box, { target: { value: '  pump  ' } });
    expect(onKeyword).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(onKeyword).toHaveBeenLastCalledWith('pump');
    fireEvent.change(box, { target: { value: '' } });
    expect(onKeyword).toHaveBeenLastCalledWith(undefined);
  });
});
