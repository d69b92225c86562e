import { spawn } from 'node:child_process';

/** The environment of a browser-test server: the built app, the demo store, the dev mailbox, no sign-up limits. */
function serverEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // Its own PGlite directory and address, whatever the shell running the tests points at.
  const { DATABASE_URL: _database, APP_URL: _app, STORAGE_DIR: _storage, ...inherited } = process.env;
  return {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    DEV_MAILBOX: '1',
    // Every test signs up from 127.0.0.1: the per-address sign-up and mail limits are tested in unit tests.
    THROTTLE_LIMITS: JSON.stringify({ registerPerAddress: 10_000, mailPerAddress: 10_000 }),
    ...extra,
  };
}

export interface E2eServer {
  url: string;
  pid: number;
  /** SIGTERM, then waits until the server has closed its database. */
  stop(): Promise<void>;
}

/**
 * Starts `node dist/server/main.js` (npm run build first) on the port (0: one the system picks) over the PGlite
 * directory, seeding the demo store if the directory is empty; resolves once it listens.
 */
export async function startServer(port: number, dataDir: string, timeoutMs: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<E2eServer> {
  const child = spawn(process.execPath, ['dist/server/main.js'], { env: serverEnv(port, dataDir, extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the e2e server on port ${port} did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Course platform on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the e2e server on port ${port} exited before it listened:\n${output}`));
    });
  });
  // Whatever the server prints later (mails, logs) is read and dropped so that its pipe never fills.
  output = '';
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
