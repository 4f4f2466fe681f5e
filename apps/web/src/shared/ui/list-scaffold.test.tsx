import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { type ListQuery, QueryState } from './list-scaffold.tsx';

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
