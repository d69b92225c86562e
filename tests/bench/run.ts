// `npm run bench` (after `npm run build`): cold start, login latency under load, server memory, the JavaScript a
// visitor downloads to see /connexion (gzip -9 of the bodies, and as it travelled) and Lighthouse 12 (mobile) on
// /connexion, the home and /formations. Prints a table and writes tests/.tmp/bench.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { benchApiCost } from './apiCost';
import { benchCommunity } from './community';
import { benchCommunityPostPage } from './communityPostPage';
import { benchCustomersList } from './customersList';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { benchItemsReorder } from './itemsReorder';
import { benchLearnerOutline } from './learnerOutline';
import { benchLessonEditor } from './lessonEditor';
import { benchLighthouse, type LighthouseFigures } from './lighthouse';
import { benchStoreStats } from './storeStats';
import { benchStorefrontCatalogue } from './storefront';
import { benchTrainingsList } from './trainingsList';
import { benchTreeRender } from './treeRender';

const PORT = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${PORT}`;

function start(dataDir: string): { child: ChildProcess; startedAt: number } {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      // Production refuses to start without the secret that signs upload addresses.
      UPLOAD_SECRET: 'bench-upload-secret',
      // The bench signs up its 50 users from one address.
      THROTTLE_LIMITS: JSON.stringify({ registerPerAddress: 1000 }),
    },
    stdio: 'ignore',
  });
  return { child, startedAt };
}

async function firstHealthy(startedAt: number): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - startedAt > 180_000) throw new Error('server did not become healthy in 180 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

const CLIENTS = 50;
const PASSWORD = 'bench-password-1';

/** 50 trainers, as 50 real people logging in at once would be (one account cannot log in 50 times at once). */
async function createAccounts(): Promise<string[]> {
  const emails = Array.from({ length: CLIENTS }, (_, i) => `bench-${i}@example.test`);
  for (const email of emails) {
    const response = await fetch(`${base}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstname: 'Bench' }),
    });
    if (response.status !== 201) throw new Error(`could not create ${email}: ${response.status}`);
  }
  return emails;
}

/** 50 clients logging in for 10 s; every response time is kept so p95 is exact, not interpolated. */
async function loginLoad(emails: string[]) {
  let nextClient = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api/v1/login`,
        method: 'POST',
        connections: CLIENTS,
        duration: 10,
        headers: { 'content-type': 'application/json' },
        // Each connection is one person: its own account, logging in again and again.
        setupClient: (client: { setBody(body: string): void }) => {
          client.setBody(JSON.stringify({ email: emails[nextClient++ % emails.length], password: PASSWORD }));
        },
      } as autocannon.Options,
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return { result, p50: percentile(50), p95: percentile(95), p99: percentile(99) };
}

/** The JavaScript a first visit of `route` downloads, once `ready` shows (gzip -9 of each body, and as it travelled). */
async function pageJavaScript(route: string, ready: string) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const scripts = new Map<string, { gzip: number; wire: number }>();
  const measured: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    measured.push(
      (async () => {
        const body = await response.body().catch(() => null);
        // The body as it travelled (compressed as the server chose), as in Lighthouse's transfer size without headers.
        const sizes = await response.request().sizes();
        if (body) scripts.set(new URL(response.url()).pathname, { gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize });
      })(),
    );
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  await Promise.all(measured);
  await browser.close();
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const perFileKb = Object.fromEntries(
    [...scripts].sort(([, a], [, b]) => b.gzip - a.gzip).map(([file, bytes]) => [file, { gzip: kb(bytes.gzip), wire: kb(bytes.wire) }]),
  );
  const total = (key: 'gzip' | 'wire') => [...scripts.values()].reduce((sum, bytes) => sum + bytes[key], 0) / 1024;
  return { files: scripts.size, gzipKb: total('gzip'), wireKb: total('wire'), perFileKb };
}

const connexionJavaScript = () => pageJavaScript('/connexion', 'input[name=email]');
/** The demo school's home with its catalogue (issue 11's bar: under 120 KB gzip). */
const storefrontJavaScript = () => pageJavaScript('/ecole/demo', '[data-testid=catalogue-training-card]');
/** A training's page of the demo school (the other storefront page a visitor lands on from a shared link). */
const trainingPageJavaScript = () => pageJavaScript('/ecole/demo/formations/photographie-culinaire-les-fondamentaux', '[data-testid=training-price]');

/** The storefront's first loads, home and a training's page: file by file, then the totals against the bar. */
async function printStorefrontJavaScript() {
  const results = { '/ecole/demo': await storefrontJavaScript(), 'training page': await trainingPageJavaScript() };
  for (const [page, js] of Object.entries(results)) {
    console.table(js.perFileKb);
    console.log(`JS loaded by ${page}: ${js.files} files, ${js.gzipKb.toFixed(1)} KB gzip, ${js.wireKb.toFixed(1)} KB on the wire (bar: 120 KB)`);
  }
  return results;
}

/** Lighthouse's figures per page, and the goals of issue 9 (performance >= 95, LCP < 2 s) checked aloud. */
function printLighthouse(pages: Record<string, LighthouseFigures>) {
  console.table(pages);
  for (const [route, page] of Object.entries(pages)) {
    const misses = [page.performance < 95 && `performance ${page.performance} < 95`, page.lcpMs >= 2000 && `LCP ${page.lcpMs} ms >= 2000`].filter(Boolean);
    if (misses.length) console.log(`Lighthouse ${route}: below the goal (${misses.join(', ')})`);
  }
}

/** Flattens the Lighthouse figures into the bench's one-level table (lighthouse_connexion_lcp_ms, …). */
function lighthouseResults(pages: Record<string, LighthouseFigures>) {
  const names: Record<string, string> = { '/connexion': 'connexion', '/': 'home', '/formations': 'formations' };
  const units: Record<keyof LighthouseFigures, string> = {
    performance: 'performance',
    fcpMs: 'fcp_ms',
    lcpMs: 'lcp_ms',
    tbtMs: 'tbt_ms',
    jsTransferKb: 'js_transfer_kb',
    totalTransferKb: 'total_transfer_kb',
  };
  return Object.fromEntries(
    Object.entries(pages).flatMap(([route, page]) =>
      Object.entries(page).map(([key, value]) => [`lighthouse_${names[route] ?? route}_${units[key as keyof LighthouseFigures]}`, value]),
    ),
  );
}

/**
 * `BENCH_ONLY=bundle npm run bench`: only the JavaScript of /connexion, file by file (no load tests);
 * `BENCH_ONLY=lighthouse`: only Lighthouse on the three pages; `BENCH_ONLY=tree`: only the 500-item tree;
 * `BENCH_ONLY=lesson`: only the 200-block lesson (save, open, typing); `BENCH_ONLY=storefront`: only the storefront
 * (the catalogue API of a 200-training school, the JavaScript of /ecole/demo and of a training's page);
 * `BENCH_ONLY=storefront-js`: only that JavaScript; `BENCH_ONLY=learning`: the learner's 500-item outline and the
 * 200-block lesson in the player. `BENCH_ONLY=community-page`: a post of 2,000 comments opened in chromium.
 * `BENCH_ONLY=community`: the community's space of 10,000 posts and post of 2,000
 * comments, first pages on the API in-process (no server started).
 */
async function benchOnly(part: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-bench-'));
  const server = start(dir);
  try {
    await firstHealthy(server.startedAt);
    if (part === 'bundle') {
      const js = await connexionJavaScript();
      console.table(js.perFileKb);
      console.log(`JS loaded by /connexion: ${js.files} files, ${js.gzipKb.toFixed(1)} KB gzip, ${js.wireKb.toFixed(1)} KB on the wire (bar: 120 KB gzip)`);
    } else if (part === 'tree') console.table(await benchTreeRender(base));
    else if (part === 'lesson') console.table(await benchLessonEditor(base));
    else if (part === 'storefront-js') await printStorefrontJavaScript();
    else if (part === 'learning') console.table(await benchLearnerOutline(base));
    else if (part === 'community-page') {
      const result = await benchCommunityPostPage(base);
      console.log(`comments written in ${result.fillSeconds} s`);
      console.table(result.rows);
    }
    else if (part === 'storefront') {
      await printStorefrontJavaScript();
      console.table(await benchStorefrontCatalogue(base));
    }
    else printLighthouse(await benchLighthouse(base));
  } finally {
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
if (process.env.BENCH_ONLY === 'community') {
  const result = await benchCommunity();
  console.log(`${result.posts} posts and ${result.comments} comments written in ${result.fillSeconds} s`);
  console.table(result.rows);
  process.exit(0);
}

// `BENCH_ONLY=customers`: the customers list over 100,000 learners and their exports (its own PGlite, no server;
// EXPORTS=0 times the list only, CUSTOMERS changes the size).
if (process.env.BENCH_ONLY === 'customers') {
  const result = await benchCustomersList();
  console.log(`${result.customers} customers written in ${result.fillSeconds} s`);
  console.table(result.rows);
  if (result.exports.length) console.table(result.exports);
  process.exit(0);
}

// `BENCH_ONLY=stats`: the store's statistics over 10,000 paid sales (its own PGlite, no server).
if (process.env.BENCH_ONLY === 'stats') {
  console.table((await benchStoreStats()).results);
  process.exit(0);
}
if (['bundle', 'lighthouse', 'tree', 'lesson', 'storefront', 'storefront-js', 'learning', 'community-page'].includes(process.env.BENCH_ONLY ?? '')) {
  await benchOnly(process.env.BENCH_ONLY!);
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-bench-'));
try {
  const fresh = start(dataDir);
  const coldFreshMs = await firstHealthy(fresh.startedAt);
  await stop(fresh.child);

  const reopened = start(dataDir);
  const coldReopenMs = await firstHealthy(reopened.startedAt);
  const load = await loginLoad(await createAccounts());
  const rss = rssMb(reopened.child.pid!);
  const js = await connexionJavaScript();
  const storefrontJs = await storefrontJavaScript();
  const storefront = await benchStorefrontCatalogue(base);
  const itemsReorder = await benchItemsReorder(base);
  const trainingsList = await benchTrainingsList(base);
  const treeRender = await benchTreeRender(base);
  const lessonEditor = await benchLessonEditor(base);
  const learning = await benchLearnerOutline(base);
  const lighthouse = await benchLighthouse(base);
  await stop(reopened.child);

  const results = {
    cold_start_new_database_ms: Math.round(coldFreshMs),
    cold_start_existing_database_ms: Math.round(coldReopenMs),
    login_requests: load.result.requests.total,
    login_non_2xx: load.result.non2xx,
    login_per_second: Math.round(load.result.requests.average),
    login_p50_ms: Math.round(load.p50),
    login_p95_ms: Math.round(load.p95),
    login_p99_ms: Math.round(load.p99),
    server_rss_after_mb: Math.round(rss),
    connexion_js_files: js.files,
    connexion_js_gzip_kb: Math.round(js.gzipKb * 10) / 10,
    connexion_js_wire_kb: Math.round(js.wireKb * 10) / 10,
    storefront_js_files: storefrontJs.files,
    storefront_js_gzip_kb: Math.round(storefrontJs.gzipKb * 10) / 10,
    storefront_js_wire_kb: Math.round(storefrontJs.wireKb * 10) / 10,
    ...storefront,
    ...itemsReorder,
    ...trainingsList,
    ...treeRender,
    ...lessonEditor,
    ...learning,
    ...(await benchApiCost()),
    ...lighthouseResults(lighthouse),
  };
  console.table(results);
  printLighthouse(lighthouse);
  mkdirSync('tests/.tmp', { recursive: true });
  writeFileSync('tests/.tmp/bench.json', JSON.stringify(results, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
