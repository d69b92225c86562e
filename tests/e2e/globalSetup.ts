import path from 'node:path';
import { startServer } from './server';

/**
 * Seeds the demo store once for the whole run, in `<E2E_RUN_DIR>/template`: each worker's server starts from a
 * copy of it (tests/e2e/fixtures.ts) instead of creating and seeding a database of its own, which costs three
 * times as long on two cores.
 */
export default async function globalSetup() {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set (playwright.config.ts sets it)');
  const server = await startServer(0, templateDir(runDir), 180_000);
  await server.stop();
}

export function templateDir(runDir: string) {
  return path.join(runDir, 'template');
}
