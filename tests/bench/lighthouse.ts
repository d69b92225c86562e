// Lighthouse 12 (mobile profile, simulated throttling) on /connexion, the home and /formations of the server
// the bench started. Lighthouse is run with npx, never a dependency (see STACK.md), against a chromium this
// file starts with a DevTools port: the signed-in pages need the session token in the origin's localStorage
// (src/api/tokenStorage.ts), which Lighthouse's own storage reset would clear. Every run starts on an empty
// HTTP cache. Called by run.ts; `BENCH_ONLY=lighthouse npm run bench` runs only this.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const TOKEN_KEY = 'cp.auth.token';

export interface LighthouseFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes of the page's JavaScript as sent on the wire (compressed, with headers). */
  jsTransferKb: number;
  /** Every byte of the page as sent on the wire. */
  totalTransferKb: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface Report {
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
}

async function devToolsPort(profile: string, browser: ChildProcess): Promise<number> {
  const file = path.join(profile, 'DevToolsActivePort');
  const started = performance.now();
  while (!existsSync(file) || readFileSync(file, 'utf8').split('\n').length < 2) {
    if (browser.exitCode !== null) throw new Error(`chromium exited with ${browser.exitCode}`);
    if (performance.now() - started > 30_000) throw new Error('chromium opened no DevTools port in 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

function runLighthouse(url: string, port: number, keepStorage: boolean): Promise<Report> {
  const args = ['-y', LIGHTHOUSE, url, `--port=${port}`, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet'];
  if (keepStorage) args.push('--disable-storage-reset');
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: chromiumPath ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}:\n${err.slice(-2000)}`));
      try {
        const report = JSON.parse(out) as Report;
        if (report.runtimeError) return reject(new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`));
        resolve(report);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function figures(report: Report): LighthouseFigures {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const kb = (items: NetworkRequest[]) => Math.round(items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10;
  const ms = (audit: string) => Math.round(report.audits[audit]?.numericValue ?? NaN);
  return {
    performance: Math.round((report.categories.performance.score ?? NaN) * 100),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    jsTransferKb: kb(requests.filter((r) => r.resourceType === 'Script')),
    totalTransferKb: kb(requests),
  };
}

/** Lighthouse on the three pages; the owner's session for the signed-in two. */
export async function benchLighthouse(base: string): Promise<Record<string, LighthouseFigures>> {
  const profile = mkdtempSync(path.join(tmpdir(), 'cp-bench-lighthouse-'));
  const browser = spawn(chromiumPath ?? 'chromium', [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    const port = await devToolsPort(profile, browser);
    // Playwright attaches to every new tab while connected: it lets go before each Lighthouse run.
    const withPage = async (act: (page: Page, session: CDPSession) => Promise<void>) => {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        const page = await cdp.contexts()[0]!.newPage();
        await act(page, await page.context().newCDPSession(page));
        await page.close();
      } finally {
        await cdp.close();
      }
    };

    const results: Record<string, LighthouseFigures> = {};
    // A guest page: Lighthouse clears the origin's storage and cache itself.
    results['/connexion'] = figures(await runLighthouse(`${base}/connexion`, port, false));

    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password', staySignedIn: true }),
    });
    if (login.status !== 200) throw new Error(`bench login answered ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    // Any document of the origin will do to write its localStorage; this one loads no script to be cached.
    await withPage(async (page) => {
      await page.goto(`${base}/api/v1/health`);
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    });
    for (const route of ['/', '/formations']) {
      await withPage(async (_page, session) => void (await session.send('Network.clearBrowserCache')));
      results[route] = figures(await runLighthouse(`${base}${route}`, port, true));
    }
    return results;
  } finally {
    browser.kill('SIGTERM');
    await new Promise((resolve) => (browser.exitCode !== null ? resolve(null) : browser.once('exit', resolve)));
    rmSync(profile, { recursive: true, force: true });
  }
}
