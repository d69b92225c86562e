import { defineConfig, type TraceMode } from '@playwright/test';

// This run's throw-away folder: each worker's server keeps its PGlite database in a folder of its own inside it
// (tests/e2e/fixtures.ts), and the global teardown deletes it. Workers load this file again: they inherit the
// folder chosen by the main process through the environment.
process.env.E2E_RUN_DIR ??= `tests/.tmp/e2e-${process.pid}-${Date.now()}`;

/**
 * Parallel browsers: PW_WORKERS, else one. Each worker has its own server and database, so more workers are safe,
 * but on two cores two browsers and two servers measured slower and timing-sensitive (32 min for the suite under
 * load, waits missed), so CI keeps one until it runs on more cores.
 */
const workers = process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : 1;

/**
 * Browser tests run against the built app (npm run build first), one real server per worker on E2E_PORT +
 * the worker's index (default 3210, 3211, …), each with its own seeded demo store (tests/e2e/fixtures.ts).
 * CHROMIUM_PATH points at Debian's chromium; set it empty to use Playwright's own browser elsewhere.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', 'model-tests/**/*.spec.ts'],
  // Files are spread over the workers, the tests of one file run in order in one worker (some share a
  // sign-up made in beforeAll).
  fullyParallel: false,
  workers,
  // No retries: a test that passes only sometimes is a finding, not a pass.
  retries: 0,
  // Each test also waits for its axe scans (tests/e2e/fixtures.ts): the longest flows take 20–30 s on two cores.
  timeout: 60_000,
  // Two browsers and two servers share two cores: a page takes up to twice as long to settle as on one worker.
  // An assertion still passes as soon as it holds; only a page that never gets there waits the whole 10 s.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'fr-FR',
    // Recording a trace costs about a third of the browser step on two cores (the bundles, notifications, itemTree
    // and shell specs on two workers, 2026-11-27: 7.2 min with traces kept on failure, 4.6 min with none). CI keeps
    // only the log, where a trace is never read, so it records none; a local run keeps the trace of a failed test.
    // PW_TRACE (off, on, retain-on-failure…) overrides either.
    trace: (process.env.PW_TRACE as TraceMode | undefined) ?? (process.env.CI ? 'off' : 'retain-on-failure'),
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH === '' ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  globalSetup: './tests/e2e/globalSetup.ts',
  globalTeardown: './tests/e2e/globalTeardown.ts',
});
