import { screen, waitFor, within } from '@testing-library/react';
import { contentApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { workplaceOptions } from '../testing/workplace-harness.ts';
import { PopularContent } from './popular-content.tsx';

const popular = (type: string) =>
  Array.from({ length: 5 }, (_, i) => ({
    key: `${type}-${i}`,
    clickNumber: `${i + 1}.2w+`,
    title: `${type} 标题 ${i + 1}`,
    increases: 12.25,
  }));

/**
 * Holds every request to `path` until `release()`: the widget stays pending as long as the test wants.
 * The answers themselves come from mockApi's stub, installed first.
 */
function holdRequests(path: string) {
  const answer = globalThis.fetch;
  const held: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === path) {
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return answer(input, init);
    }),
  );
  return {
    held: () => held.length,
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

// Arco's Skeleton has no role: its class is the visible sign.
const skeletons = (card: HTMLElement) => card.querySelectorAll('.arco-skeleton');

describe('a Workplace widget while its request is pending', () => {
  it('shows a skeleton of its own rows, then its data in place of it', async () => {
    mockApi([[contentApi.popular, (call) => popular(call.query.get('type') ?? 'text')]]);
    const gate = holdRequests('/api/popular/list');
    const { container } = renderPage(<PopularContent />, { ...workplaceOptions, locale: 'en-US' });

    await waitFor(() => expect(gate.held()).toBe(1));
    // The type switch is usable at once; the list below it is a skeleton of five lines.
    expect(screen.getByRole('radio', { name: 'Text' })).toBeTruthy();
    expect(skeletons(container)).toHaveLength(1);
    expect(container.querySelectorAll('.arco-skeleton .arco-skeleton-text-row')).toHaveLength(5);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();

    gate.release();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(skeletons(container)).toHaveLength(0);
  });

  it('shows the skeleton again for a type it has not loaded yet, not the previous type’s rows', async () => {
    mockApi([[contentApi.popular, (call) => popular(call.query.get('type') ?? 'text')]]);
    const gate = holdRequests('/api/popular/list');
    const { container, user } = renderPage(<PopularContent />, { ...workplaceOptions, locale: 'en-US' });
    await waitFor(() => expect(gate.held()).toBe(1));
    gate.release();
    expect(await screen.findByText('text 标题 1')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Video' }));
    await waitFor(() => expect(gate.held()).toBe(1));
    expect(skeletons(container)).toHaveLength(1);
    expect(screen.queryByText('text 标题 1')).toBeNull();

    gate.release();
    expect(await screen.findByText('video 标题 1')).toBeTruthy();
    expect(skeletons(container)).toHaveLength(0);
  });
});
