import { createHash } from 'node:crypto';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { templateDir } from './globalSetup';
import { startServer } from './server';

/*
 * Every browser test imports `test` from here instead of '@playwright/test': the same test, run against its
 * worker's own server (below), plus axe-core run
 * over every page and state the test reaches. A scan runs when the main frame navigates (a load or a router
 * navigation), when a dialog, menu, listbox, alert or toast appears, and once more when the test ends; every
 * page of the test is watched, also those opened with `browser.newPage()` or `context.newPage()`. A serious
 * or critical violation fails the test, listed with its rule, the page and the elements.
 */
export * from '@playwright/test';

/** Impacts that fail a test (axe's own scale: minor, moderate, serious, critical). */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** Roles whose appearance is a new state of the page worth a scan (dialogs, menus, pop-overs, alerts, toasts). */
const STATE_ROLES = ['dialog', 'alertdialog', 'menu', 'listbox', 'alert', 'status', 'tooltip', 'tabpanel'];
const STATE_SELECTOR = STATE_ROLES.map((role) => `[role="${role}"]`).join(',');

interface Finding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  path: string;
  targets: string[];
  html: string;
  summary: string;
}

/** Scans that lose a race with a navigation or a closing page: the next scan sees the new page. */
const isTransient = (error: unknown) =>
  /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|frame was detached|navigat|Cannot find context|Script Timeout|Axe is already running/i.test(
    String(error),
  );

/** What a page shows once it has settled: loaded, and no finite animation or transition still running. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
    await Promise.race([Promise.all(running.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 1_500))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** A page's state as a document: its HTML without scripts, its address and its viewport. */
interface Snapshot {
  html: string;
  url: string;
  viewport: { width: number; height: number } | null;
}

/**
 * The DOM is copied into a page of its own (same styles, same viewport, no scripts) and axe runs there, so a
 * scan never holds the main thread of the page under test while the test goes on.
 */
async function snapshot(page: Page, origin: string): Promise<Snapshot> {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/<head([^>]*)>/i, `<head$1><base href="${origin}/">`);
  return { html, url: page.url(), viewport: page.viewportSize() };
}

/** Collects the violations of every scan of one test, each rule and element once. */
class A11yWatch {
  readonly findings = new Map<string, Finding>();
  private readonly pending = new Set<Page>();
  private queue: Promise<void> = Promise.resolve();
  private readonly watched = new WeakSet<Page>();
  /** A scan that failed for another reason than a race: reported when the test ends. */
  private failure: unknown = null;

  constructor(
    private readonly baseURL: string,
    private readonly scanner: Page,
    /** The worker's scans by document: the same page in the same state (the login form, a home page) is scanned once. */
    private readonly scanned: Map<string, Finding[]>,
  ) {}

  /** Only the app's own pages: not the API, the dev mailbox, blank or foreign pages. */
  private ours(url: string) {
    if (!url.startsWith(this.baseURL)) return false;
    const path = new URL(url).pathname;
    return !path.startsWith('/api/') && !path.startsWith('/__dev');
  }

  async watchContext(context: BrowserContext) {
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    // The app tells the test when a new state appears (a dialog, a menu, a toast…).
    await context.exposeBinding('__a11yStateAppeared', ({ page }) => this.schedule(page));
    await context.addInitScript((selector: string) => {
      let scheduled = false;
      const notify = () => {
        if (scheduled) return;
        scheduled = true;
        requestAnimationFrame(() => {
          scheduled = false;
          (window as unknown as { __a11yStateAppeared?: () => void }).__a11yStateAppeared?.();
        });
      };
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof Element && (node.matches(selector) || node.querySelector(selector))) return notify();
          }
        }
      });
      const start = () => observer.observe(document.documentElement, { childList: true, subtree: true });
      if (document.documentElement) start();
      else document.addEventListener('DOMContentLoaded', start, { once: true });
    }, STATE_SELECTOR);
  }

  private watchPage(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.schedule(page);
    });
  }

  /** One snapshot at a time; a page already waiting for its snapshot is not queued twice. */
  schedule(page: Page) {
    if (this.pending.has(page)) return;
    this.pending.add(page);
    this.queue = this.queue.then(async () => {
      this.pending.delete(page);
      try {
        if (page.isClosed()) return;
        await settle(page);
        if (!this.ours(page.url())) return;
        await this.scan(await snapshot(page, new URL(this.baseURL).origin));
      } catch (error) {
        if (!isTransient(error) && !page.isClosed()) this.failure ??= error;
      }
    });
  }

  private async scan({ html, url, viewport }: Snapshot) {
    const path = new URL(url).pathname + new URL(url).search;
    const document = createHash('sha1').update(`${viewport?.width}x${viewport?.height}\n${html}`).digest('hex');
    let found = this.scanned.get(document);
    if (!found) {
      found = [];
      const scanner = this.scanner;
      if (viewport) await scanner.setViewportSize(viewport);
      await scanner.setContent(html, { waitUntil: 'load' });
      // React Aria's live announcer holds spoken messages for 7 s, labelled by the element they speak of; a copy
      // taken mid-transition may catch one whose element is being replaced. SortableJS's drag image is a copy of
      // the dragged row that follows the pointer under <body> while a mouse drag lasts. Neither is content: left out.
      const results = await new AxeBuilder({ page: scanner }).setLegacyMode(true).exclude('[data-live-announcer]').exclude('.sortable-fallback').options({ resultTypes: ['violations'] }).analyze();
      for (const violation of results.violations) {
        if (!violation.impact || !FAILING_IMPACTS.includes(violation.impact)) continue;
        for (const node of violation.nodes) {
          const targets = node.target.map((target) => (Array.isArray(target) ? target.join(' >>> ') : String(target)));
          found.push({ rule: violation.id, impact: violation.impact, help: violation.help, helpUrl: violation.helpUrl, path, targets, html: node.html, summary: node.failureSummary ?? '' });
        }
      }
      this.scanned.set(document, found);
    }
    for (const finding of found) {
      const key = `${finding.rule}|${finding.targets.join(',')}`;
      if (!this.findings.has(key)) this.findings.set(key, { ...finding, path });
    }
  }

  /** The last state of every open page, then every scan still queued. */
  async finish(contexts: BrowserContext[]) {
    for (const context of contexts) for (const page of context.pages()) this.schedule(page);
    await this.queue;
    if (this.failure) throw this.failure;
  }

  report() {
    return [...this.findings.values()]
      .map((f) => `- ${f.rule} (${f.impact}) on ${f.path}: ${f.help}\n    ${f.targets.join(', ')}: ${f.html.slice(0, 300)}\n    ${f.summary.replace(/\n/g, '\n    ')}\n    ${f.helpUrl}`)
      .join('\n');
  }
}

/** Contexts and pages the test opens itself from the worker's browser are watched too. */
function watchBrowser(browser: Browser, watch: A11yWatch, contexts: BrowserContext[]) {
  const { newContext, newPage } = browser;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    contexts.push(context);
    await watch.watchContext(context);
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // Like Playwright's own newPage: the page owns its context, and `page.close()` returns once the context is
    // closed too. Closing it in the background instead raced the next test's start, whose trace recorder starts a
    // chunk on every open context and failed on this half-closed one ("Target page, context or browser has been closed").
    const closePage = page.close.bind(page);
    page.close = async (...options: Parameters<Page['close']>) => {
      await closePage(...options);
      await context.close();
    };
    page.once('crash', () => void context.close().catch(() => undefined));
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

async function attachReport(testInfo: TestInfo, report: string) {
  await testInfo.attach('axe violations', { body: report, contentType: 'text/plain' });
}

/**
 * The worker's own server: `node dist/server/main.js` on E2E_PORT + the worker's parallel index, over a PGlite
 * directory of its own copied from the run's seeded template (tests/e2e/globalSetup.ts). Tests of different
 * workers never share a database; the tests of one file always run in one worker (fullyParallel is off), in file
 * order. A worker that restarts after a failure gets a new copy, so it starts from the demo store again.
 */
async function startWorkerServer(workerIndex: number, parallelIndex: number) {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run the browser tests through playwright.config.ts');
  const dataDir = path.join(runDir, `worker-${workerIndex}`);
  const pidFile = path.join(runDir, `worker-${workerIndex}.pid`);
  cpSync(templateDir(runDir), dataDir, { recursive: true });
  const server = await startServer(Number(process.env.E2E_PORT ?? 3210) + parallelIndex, dataDir, 120_000);
  // The global teardown stops a server whose worker died without running its own teardown.
  writeFileSync(pidFile, String(server.pid));
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(pidFile, { force: true });
    },
  };
}

export const test = base.extend<{ a11y: A11yWatch }, { e2eServer: string; a11yScanner: Page; a11yScanned: Map<string, Finding[]> }>({
  // One server and one database per worker, for the worker's life.
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from its first parameter.
    async ({}, provide, workerInfo) => {
      const server = await startWorkerServer(workerInfo.workerIndex, workerInfo.parallelIndex);
      try {
        await provide(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  // Pages, API requests and new contexts of a test address its worker's server.
  baseURL: async ({ e2eServer }, provide) => {
    await provide(e2eServer);
  },
  // The page scans run in: one per worker, in a context of its own (not one the test sees).
  a11yScanner: [
    async ({ browser }, provide) => {
      const context = await browser.newContext();
      await provide(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  // Serious and critical findings by scanned document, for the worker's life: a document is scanned once.
  a11yScanned: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from its first parameter.
    async ({}, provide) => {
      await provide(new Map());
    },
    { scope: 'worker' },
  ],
  a11y: [
    async ({ context, browser, baseURL, a11yScanner, a11yScanned }, provide, testInfo) => {
      const watch = new A11yWatch(baseURL ?? '', a11yScanner, a11yScanned);
      const contexts: BrowserContext[] = [context];
      await watch.watchContext(context);
      const restore = watchBrowser(browser, watch, contexts);
      try {
        await provide(watch);
        // A failing test already says what went wrong; its last state may be half-drawn.
        if (testInfo.status !== testInfo.expectedStatus) return;
        await watch.finish(contexts.filter((c) => c.pages().length > 0));
      } finally {
        restore();
        // Contexts the test opened itself end with it (Playwright closes only its own), before the next test starts.
        await Promise.all(contexts.slice(1).map((opened) => opened.close().catch(() => undefined)));
      }
      if (watch.findings.size > 0) {
        const report = watch.report();
        await attachReport(testInfo, report);
        throw new Error(`axe-core found ${watch.findings.size} serious or critical accessibility violation(s):\n${report}`);
      }
    },
    { auto: true, timeout: 120_000 },
  ],
});
