import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (machines, server commands, UI kit), `api` (the real server on a random
 * port with a throw-away database; DATABASE_URL switches it to PostgreSQL), `model` (paths generated
 * from the machines with xstate/graph).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'model',
          include: ['model-tests/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
