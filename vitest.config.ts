import { defineConfig } from 'vitest/config';

// Four tiers (CONVENTIONS.md "Tests"): unit next to the code, API integration on a real
// database, compatibility with the published balena-sdk, and browser tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'scripts/**/*.test.ts', 'e2e/support/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.compat.test.ts', '**/node_modules/**'],
          // Component tests render MUI in jsdom: on the 2-core CI machine, next to the PostgreSQL
          // lane, one can take several seconds; the default 5 s made them fail by load alone.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/*/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Live tests (streams, agents, two processes) wait on real time: one retry for a try
          // that CI's load (two lanes on two cores) stretched; `npm test` lists each such test.
          retry: 1,
        },
      },
      {
        test: {
          name: 'compat',
          include: ['apps/api/compat/**/*.compat.test.ts'],
          // Installs (or finds in its cache) the published balena-cli the CLI suite drives.
          globalSetup: ['apps/api/compat/balena-cli/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // One retry for a browser test that failed under CI's load (two lanes on two cores);
          // `npm test` still lists every test that passed only on its retry, so a flaky one shows.
          retry: 1,
          // expect.poll waits 1 s by default: on the 2-core CI machine, next to the other lane, a
          // page's follow-up queries (the fleet grid's status counts) can take longer than that.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
