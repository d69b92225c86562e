import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Deletes this browser run's throw-away folder (playwright.config.ts) with every worker's PGlite directory, after
 * stopping any worker server still running (a worker that died without its teardown leaves its pid file).
 */
export default function globalTeardown() {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir || !dir.startsWith('tests/.tmp/e2e-')) return;
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries.filter((name) => name.endsWith('.pid'))) {
    const pid = Number(readFileSync(path.join(dir, entry), 'utf8'));
    try {
      if (pid > 0) process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
