import { defineConfig } from 'vitest/config';

// Four tiers (CONVENTIONS.md "Tests"): unit next to the code, API integration on a real
// database, compatibility with the published balena-sdk, and browser tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/support/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.compat.test.ts', '**/node_modules/**', 'apps/web/**'],
          // Plain functions in Node: files share one module graph per worker (150 s → 55 s on CI's
          // load); stubbed environment variables and globals are put back after each test.
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
          // As before the split: on the 2-core CI machine, next to the other lane, the slowest
          // files (the simulated supervisor, property tests) come near the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          // Files share one module graph and one jsdom window per worker (290 s → under 60 s):
          // importing MUI and the dashboard afresh for every file was most of the suite's time.
          // test/between-files.ts puts the document, storage and session back between files.
          isolate: false,
          setupFiles: ['apps/web/src/test/between-files.ts'],
          environment: 'jsdom',
          // MUI in jsdom on the 2-core CI machine, next to the other lane, can take several
          // seconds; the default 5 s made them fail by load alone.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/*/src/**/*.int.test.ts'],
          // Files share one module graph per worker: each still builds its own app on its own
          // database (test/harness.ts), and app state lives in the app, not in modules. Importing
          // the API afresh for every file, with cold JIT, was half of the suite's time (980 s → 470 s).
          isolate: false,
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
          // One module graph per worker, as in the integration suite: each file starts its own server.
          isolate: false,
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
          // One module graph per batch: each file starts its own stack and Chromium
          // (support/browser-stack.ts), but the API and Playwright load once, not once per file.
          isolate: false,
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
