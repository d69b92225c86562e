import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (machines, server commands, UI kit), `api` (the real server on a random
 * port with a throw-away database; DATABASE_URL switches it to PostgreSQL), `model` (paths generated
 * from the machines with xstate/graph).
 *
 * Workers: vitest's default on two cores is one (cores - 1), which leaves a core idle while the CPU-bound unit
 * and model files run one after another. They share nothing, so they run two files at a time (VITEST_WORKERS
 * overrides). The api files share one server and its demo store (tests/api/globalSetup.ts): they stay one at a
 * time, in a group of their own.
 */
const workers = Number(process.env.VITEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          maxWorkers: workers,
          testTimeout: 20_000,
          // Server command files open a migrated in-memory database in beforeAll: seconds when two files share the cores.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/globalSetup.ts'],
          maxWorkers: 1,
          // One module graph for all the api files: each file re-imported the contract, its ajv validators and the
          // server modules its helpers use (95 s of imports in a 530 s run); shared, the suite ran in 356 s
          // (2026-11-27, 84 files, 1,536 tests, PGlite and PostgreSQL). The files hold no module state of their own
          // that another could trip on: they share the one server and demo store anyway.
          isolate: false,
          // A group of its own, after unit and model in one `vitest run` (vitest asks it of a project whose workers differ
          // from theirs); `npm test` runs it in a process of its own beside them instead (scripts/test-all.sh).
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'model',
          include: ['model-tests/**/*.test.ts'],
          environment: 'node',
          maxWorkers: workers,
          // Like unit: a file walking thousands of paths shares the two cores with another file.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
