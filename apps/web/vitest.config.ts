import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Form journeys click through Arco drawers with user-event: seconds each on two busy cores.
    testTimeout: 15_000,
  },
});
