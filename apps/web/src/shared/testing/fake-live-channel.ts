import { vi } from 'vitest';

// Apart from the fixtures: a test's vi.mock of the live channel imports this, and must not import
// anything that imports the channel itself.

/** The live channel as the server would drive it: events pushed by type, watched stations recorded. */
export function createFakeLive() {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  const watched: number[][] = [];
  const active = new Map<symbol, number[]>();
  const record = () => watched.push([...new Set([...active.values()].flat())].sort((a, b) => a - b));
  const watch = vi.fn((ids: readonly number[]) => {
    const owner = Symbol('watch');
    active.set(owner, [...ids]);
    record();
    return () => {
      active.delete(owner);
      record();
    };
  });
  return {
    watched,
    push(event: { type: string; [key: string]: unknown }) {
      for (const handler of handlers.get(event.type) ?? []) handler(event);
    },
    channel: {
      subscribe(type: string, handler: (event: unknown) => void) {
        const set = handlers.get(type) ?? new Set();
        set.add(handler);
        handlers.set(type, set);
        return () => set.delete(handler);
      },
      watchStations: watch,
      watchDevices: watch,
      onStatus: () => () => {},
      status: () => 'ready',
    },
  };
}
