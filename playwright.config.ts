import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `tests/.tmp/e2e-${process.pid}-${Date.now()}`;
// The teardown deletes this run's throw-away database (it is not shared with anything else).
process.env.E2E_DATA_DIR_IN_USE = dataDir;

/**
 * Browser tests run against the built app served by the real server (npm run build first).
 * CHROMIUM_PATH points at Debian's chromium; set it empty to use Playwright's own browser elsewhere.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', 'model-tests/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only sometimes is a finding, not a pass.
  retries: 0,
  // Each test also waits for its axe scans (tests/e2e/fixtures.ts): the longest flows take 20–30 s on two cores.
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH === '' ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  globalTeardown: './tests/e2e/globalTeardown.ts',
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DEV_MAILBOX: '1',
      THROTTLE_LIMITS: JSON.stringify({ registerPerAddress: 10_000, mailPerAddress: 10_000 }),
    },
  },
});
