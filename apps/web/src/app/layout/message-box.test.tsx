import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type LiveEvent, LOCALE_STORAGE_KEY, type Message, TOKEN_STORAGE_KEY } from '@water/contracts';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../shared/i18n/i18n-provider.tsx';
import { dictionaries } from '../locale/dictionaries.ts';
import { MessageBell } from './message-box.tsx';

// The live channel, as the server would drive it.
const live = vi.hoisted(() => {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  return {
    handlers,
    push(event: { type: string; [key: string]: unknown }) {
      for (const handler of handlers.get(event.type) ?? []) handler(event);
    },
  };
});
vi.mock('../../shared/live/live-channel.ts', () => ({
  liveChannel: {
    subscribe(type: string, handler: (event: unknown) => void) {
      const set = live.handlers.get(type) ?? new Set();
      set.add(handler);
      live.handlers.set(type, set);
      return () => set.delete(handler);
    },
  },
}));

const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  type: 'notice',
  title: `Notice ${id}`,
  subTitle: 'Admin',
  avatar: '',
  content: `Body of notice ${id}`,
  time: '2026-11-22T08:00:00.000Z',
  messageType: 1,
  status: 0,
  link: '',
  ...over,
});

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function setup(lists: Record<string, Message[]>, unread = { message: 0, notice: 2, todo: 0, total: 2 }) {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
  localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  const calls: { path: string; body: unknown }[] = [];
  let counts = unread;
  const read = new Set<number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path, body });
      const data =
        path === '/api/message/unread'
          ? counts
          : path === '/api/message/list'
            ? (lists[body.type] ?? []).map((m) => (read.has(m.id) ? { ...m, status: 1 } : m))
            : path === '/api/message/read-all'
              ? { updated: 2 }
              : true;
      for (const id of path === '/api/message/read' ? body.ids : []) read.add(id);
      if (path === '/api/message/read' || path === '/api/message/read-all') {
        counts = { message: 0, notice: 0, todo: 0, total: 0 };
      }
      return Response.json({ code: 200, msg: 'ok', data });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <I18nProvider dictionaries={dictionaries}>
      <ConfigProvider locale={enUS}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <MessageBell />
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nProvider>,
  );
  // The popover's opening animation leaves pointer-events off for a moment; jsdom never finishes it.
  return { calls, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

describe('MessageBell and MessageBox', () => {
  it('shows the unread total and follows the live channel without polling', async () => {
    const { calls } = setup({});
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    act(() =>
      live.push({
        type: 'message',
        message: message(9),
        unread: { message: 0, notice: 3, todo: 1, total: 4 },
      } satisfies LiveEvent),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    act(() => live.push({ type: 'unread', unread: { message: 0, notice: 0, todo: 0, total: 0 } } satisfies LiveEvent));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/message/unread')).toHaveLength(1);
  });

  it('lists messages by type with counts, reads one on click and shows it', async () => {
    const { calls, user } = setup({
      notice: [message(1), message(2, { status: 1, messageType: 3, title: 'Old notice' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    // It opens where the unread items are, not on the empty first tab.
    const noticeTab = await screen.findByRole('tab', { name: 'Notice (2)' });
    expect(noticeTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Message' }).getAttribute('aria-selected')).toBe('false');
    const list = await screen.findByRole('list', { name: 'Notice' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first?.className).not.toContain('--read');
    expect(within(first!).getByText('Important')).toBeTruthy();
    expect(within(first!).getByText('Unread')).toBeTruthy();
    expect(second?.className).toContain('message-box__item--read');
    expect(within(second!).getByText('Urgent')).toBeTruthy();

    await user.click(first!);
    const detail = await screen.findByRole('article', { name: 'Notice 1' });
    expect(within(detail).getByText('Body of notice 1')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/message/read')?.body).toEqual({ ids: [1] });
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Notice' })).getAllByRole('button')[0]?.className).toContain(
        '--read',
      ),
    );
  });

  it('marks all of a type read, and follows a message link', async () => {
    const { calls, user } = setup({
      notice: [message(1)],
      todo: [message(5, { type: 'todo', title: 'Inspect pump 3', link: '/device/deviceList' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('tab', { name: 'Notice (2)' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/message/read-all')?.body).toEqual({ type: 'notice' }),
    );
    expect(await screen.findByRole('tab', { name: 'Notice' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'To-do' }));
    await user.click(await screen.findByRole('button', { name: /Inspect pump 3/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/device/deviceList'),
    );
  });
});
