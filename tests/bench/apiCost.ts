// What one authenticated API call costs (issue #9): a trainer's GET /trainings of 5 trainings, measured at a
// fixed 200 requests/s (p50, p95, p97.5 of every response) and at its peak rate, beside GET /health's peak (no
// session, no query), on PGlite and, when DATABASE_URL is set, on PostgreSQL. Each database gets its own
// production server (dist/server/main.js, so `npm run build` first). Called by run.ts; alone:
// `npx tsx tests/bench/apiCost.ts` (API_COST_PORT, default 3312, is where the servers listen).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const PORT = Number(process.env.API_COST_PORT ?? 3312);
const base = `http://127.0.0.1:${PORT}`;
const TRAININGS = 5;
const RATE = 200;
const RATE_SECONDS = 10;
const PEAK_SECONDS = 5;
const CONNECTIONS = 10;

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function startServer(databaseUrl: string | undefined): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-api-cost-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    UPLOAD_SECRET: 'bench-upload-secret',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'ignore' });
  const startedAt = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    const healthy = await fetch(`${base}/api/v1/health`).then((r) => r.status === 200, () => false);
    if (healthy) return { child, dataDir };
    if (performance.now() - startedAt > 60_000) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stopServer({ child, dataDir }: { child: ChildProcess; dataDir: string }) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** A new trainer (its own store) with 5 trainings; answers its bearer token. */
async function trainerWithTrainings(): Promise<string> {
  const signUp = await fetch(`${base}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-api-cost-${Date.now()}@example.test`, password: 'bench-password-1', firstname: 'Coût' }),
  });
  if (signUp.status !== 201) throw new Error(`register answered ${signUp.status}`);
  const { token } = (await signUp.json()) as { token: string };
  for (let i = 1; i <= TRAININGS; i++) {
    const created = await fetch(`${base}/api/v1/trainings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Formation ${i}`, summary: 'Banc d’essai du coût d’un appel' }),
    });
    if (created.status !== 201) throw new Error(`createTraining answered ${created.status}`);
  }
  return token;
}

/** Runs autocannon; answers its result and every response time, sorted. */
async function load(options: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`);
  }
  return { result, times: times.sort((a, b) => a - b) };
}

/** The figures of one database: peaks of /health and /trainings, then /trainings at a fixed rate. */
async function measure() {
  const token = await trainerWithTrainings();
  const trainings = { url: `${base}/api/v1/trainings`, headers: { authorization: `Bearer ${token}` } };
  // Warm-up: validators compile and the JIT settles before anything is timed.
  await load({ ...trainings, connections: CONNECTIONS, amount: 1_000 });
  const health = await load({ url: `${base}/api/v1/health`, connections: CONNECTIONS, duration: PEAK_SECONDS });
  const peak = await load({ ...trainings, connections: CONNECTIONS, duration: PEAK_SECONDS });
  const steady = await load({ ...trainings, connections: CONNECTIONS, duration: RATE_SECONDS, overallRate: RATE });
  return {
    health_peak_rps: Math.round(health.result.requests.average),
    trainings_peak_rps: Math.round(peak.result.requests.average),
    [`trainings_at_${RATE}_rps_sent`]: steady.times.length,
    [`trainings_at_${RATE}_rps_p50_ms`]: round1(percentile(steady.times, 50)),
    [`trainings_at_${RATE}_rps_p95_ms`]: round1(percentile(steady.times, 95)),
    [`trainings_at_${RATE}_rps_p97_5_ms`]: round1(percentile(steady.times, 97.5)),
  };
}

async function onDatabase(prefix: string, databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl);
  try {
    const figures = await measure();
    return Object.fromEntries(Object.entries(figures).map(([key, value]) => [`${prefix}_${key}`, value]));
  } finally {
    await stopServer(server);
  }
}

/** The figures on PGlite, and on PostgreSQL when DATABASE_URL is set; keys prefixed `api_pglite_` / `api_postgres_`. */
export async function benchApiCost(): Promise<Record<string, number>> {
  const results = await onDatabase('api_pglite', undefined);
  if (process.env.DATABASE_URL) Object.assign(results, await onDatabase('api_postgres', process.env.DATABASE_URL));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchApiCost());
}
