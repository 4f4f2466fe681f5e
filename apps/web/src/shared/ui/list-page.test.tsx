import { Button } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderPage } from '../testing/render-page.tsx';
import { type ListColumn, ListKeyword, ListPage } from './list-page.tsx';
import { useListFilters } from './use-list-filters.ts';

interface Row {
  id: number;
  code: string;
  note: string;
  status: string;
}

const querySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().max(50).optional(),
  status: z.enum(['on', 'off']).optional(),
  sort: z.enum(['code', 'note']).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

const rows: Row[] = [
  { id: 1, code: 'P-01', note: 'north', status: 'on' },
  { id: 2, code: 'P-02', note: 'south', status: 'off' },
];

const columns: ListColumn<Row>[] = [
  { key: 'code', choice: 'always', title: 'Code', dataIndex: 'code', width: 120 },
  { key: 'note', title: 'Note', dataIndex: 'note', width: 200 },
  { key: 'status', choice: 'hidden', title: 'State', dataIndex: 'status', width: 100 },
];

/** Where the list is: the address it keeps, and every query it sent. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

const sent: unknown[] = [];

function TestList() {
  const list = useListFilters(querySchema, { defaults: { pageSize: 10 }, sortable: ['code', 'note'] });
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['rows', list.filters],
    queryFn: () => {
      sent.push(list.filters);
      const list_ = rows.filter((r) => !list.filters.status || r.status === list.filters.status);
      return Promise.resolve({ list: list_, total: 35 });
    },
  });
  return (
    <ListPage<Row>
      title="Pumps"
      actions={<Button onClick={() => navigate(-1)}>Back</Button>}
      filters={
        <>
          <ListKeyword label="Search" value={list.filters.keyword} onKeyword={(keyword) => list.set({ keyword })} />
          <Button onClick={() => list.set({ status: 'on' })}>Only on</Button>
        </>
      }
      list={list}
      query={query}
      columns={columns}
      columnsId="pumps"
      rowKey="id"
    >
      <Address />
    </ListPage>
  );
}

afterEach(() => {
  sent.length = 0;
  localStorage.clear();
});

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('ListPage with useListFilters', () => {
  it('keeps filters and page in the address, writes only what differs from the defaults, and Back restores them', async () => {
    const { user } = renderPage(<TestList />, { locale: 'en-US' });
    expect(await screen.findByText('P-02')).toBeTruthy();
    expect(address()).toBe('');

    await user.click(screen.getByRole('button', { name: 'Only on' }));
    await waitFor(() => expect(address()).toBe('?status=on'));
    await waitFor(() => expect(screen.queryByText('P-02')).toBeNull());
    expect(screen.getByText('P-01')).toBeTruthy();

    // The pager: page 2 of 35 rows at 10 a page.
    await user.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(address()).toBe('?page=2&status=on'));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('?status=on'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe(''));
    await waitFor(() => expect(screen.getByText('P-02')).toBeTruthy());
  });

  it('opens from a pasted link, drops a value the contract refuses, and reset keeps size and sort', async () => {
    const { user } = renderPage(<TestList />, {
      locale: 'en-US',
      route: '/?keyword=P-0&status=bogus&pageSize=50&sort=note&order=desc&tab=x',
    });
    expect(await screen.findByText('P-01')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ page: 1, pageSize: 50, keyword: 'P-0', sort: 'note', order: 'desc' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' }).value).toBe('P-0');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    // The keyword goes; size, sort and the address's other parameter stay.
    await waitFor(() => expect(address()).toBe('?pageSize=50&sort=note&order=desc&tab=x'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' }).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
  });
});

describe('column chooser', () => {
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

  it('hides and shows columns, never a key column, and keeps the choice per user', async () => {
    const { user, unmount } = renderPage(<TestList />, { locale: 'en-US' });
    expect(await screen.findByText('P-01')).toBeTruthy();
    expect(headers()).toEqual(['Code', 'Note']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const code = await screen.findByRole('checkbox', { name: 'Code' });
    expect((code as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Note' }));
    await user.click(screen.getByRole('checkbox', { name: 'State' }));
    await waitFor(() => expect(headers()).toEqual(['Code', 'State']));
    unmount();

    // Opened again, the same user sees the same columns.
    renderPage(<TestList />, { locale: 'en-US' });
    expect(await screen.findByText('P-01')).toBeTruthy();
    expect(headers()).toEqual(['Code', 'State']);

    // "Restore defaults" forgets the choice.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const popup = (await screen.findByText('Columns shown')).closest('.arco-popover-content') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: 'Restore defaults' }));
    await waitFor(() => expect(headers()).toEqual(['Code', 'Note']));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('water-ops:columns:'))).toEqual([]);
  });

  it("does not show one user's choice to another on the same browser", async () => {
    localStorage.setItem('water-ops:columns:7:pumps', JSON.stringify({ note: false, status: true }));
    renderPage(<TestList />, { locale: 'en-US' });
    expect(await screen.findByText('P-01')).toBeTruthy();
    // The test harness's user has no id 7.
    expect(headers()).toEqual(['Code', 'Note']);
  });

  it('takes a damaged stored choice as none', async () => {
    localStorage.setItem('water-ops:columns:0:pumps', '{not json');
    renderPage(<TestList />, { locale: 'en-US' });
    expect(await screen.findByText('P-01')).toBeTruthy();
    expect(headers()).toEqual(['Code', 'Note']);
  });
});
