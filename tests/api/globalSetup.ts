import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the real server (sources through tsx) on a random port with a throw-away PGlite directory,
 * or on the PostgreSQL database named by DATABASE_URL. The demo store is seeded for the role tests.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-api-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      DEV_MAILBOX: '1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      // Every test signs up from 127.0.0.1: the per-address sign-up and mail limits are tested in unit tests.
      THROTTLE_LIMITS: JSON.stringify({ registerPerAddress: 10_000, mailPerAddress: 10_000 }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // Migrating and seeding a fresh database takes seconds on a quiet machine, over a minute on a loaded one (the
    // suite next to the Node 24 / PostgreSQL run, or a busy workstation): the bound only stops a server that hangs.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Course platform on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
