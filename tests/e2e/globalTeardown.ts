import { rmSync } from 'node:fs';

/** Deletes the throw-away PGlite directory of this browser run (see playwright.config.ts). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR_IN_USE;
  if (dir && !process.env.E2E_DATA_DIR && dir.startsWith('tests/.tmp/e2e-')) rmSync(dir, { recursive: true, force: true });
}
