import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo, seedSitePages } from './db/seed.js';
import { jobHandlers } from './jobs/handlers.js';
import { startQueue, type JobQueue } from './jobs/queue.js';
import { createMailer } from './mail/mailer.js';
import { createStorage } from './storage/createStorage.js';
import { flushErrorReports, reportingErrors, reportProcessError, startErrorReporting } from './thirdParty/errorReporting.js';

const config = readConfig();
// SENTRY_DSN set: the SDK is imported and started before anything can fail; unset, it is never loaded.
await startErrorReporting(config.thirdParty.sentry);
if (reportingErrors()) {
  // What no request answered for is reported too, then the process ends as Node would have ended it.
  for (const kind of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(kind, (error: unknown) => {
      console.error(`${kind}:`, error);
      reportProcessError(error, kind);
      void flushErrorReports().finally(() => process.exit(1));
    });
  }
}
const storage = createStorage(config);

/** Migrations are done by openDatabase; then the product's pages and, on an empty database, the demo store. */
async function seed(db: Database) {
  await seedSitePages(db);
  if (config.seed !== 'demo' || !(await isEmpty(db))) return;
  await seedDemo(db);
  console.log(`Demo store "demo" (plan PRO) seeded. Accounts, all with the password "${DEMO_PASSWORD}":`);
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.email.padEnd(22)} ${account.role}${account.isAdmin ? ' + platform admin' : ''}`);
  }
  if (!['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    console.warn(`WARNING: demo accounts with a known password are reachable on ${config.host}. Never seed a production database.`);
  }
}

const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, startup: seed });
// pg-boss creates or migrates its schema at start (seconds on a new PGlite): the server listens meanwhile, and a
// job sent before the queue is ready waits for it. A queue that cannot start stops the process.
const queueStarting = startQueue(handle.queueDatabase, { log: (m) => console.error(m) });
queueStarting.catch((error: unknown) => {
  console.error('The job queue could not start:', error);
  process.exit(1);
});
const jobs: JobQueue = { send: async (...args) => (await queueStarting).send(...args) };
const mailer = await createMailer(handle.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: (m) => console.log(m), jobs });
const services = { db: handle.db, databaseKind: handle.kind, config, mailer, storage, clock: () => new Date(), jobs };
// Every process takes jobs in; those with workers (JOBS_WORKERS, default on outside tests) also run them.
if (config.jobWorkers) void queueStarting.then((queue) => queue.work(jobHandlers(services)));

const app = await buildApp(services);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// PORT=0 (tests) lets the system pick the port: without APP_URL, the public address is the one picked.
if (!process.env.APP_URL && config.port === 0) config.appUrl = `http://localhost:${port}`;
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
console.log(`Course platform on http://localhost:${port} (API /api/v1, docs /api/docs, database ${where})`);
if (config.devMailbox) console.log(`Dev mailbox: http://localhost:${port}/__dev/mailbox`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      await app.close();
      // Running jobs get a few seconds to end; the others stay queued for the next start (or another process).
      await (await queueStarting).stop();
      await flushErrorReports();
      await mailer.idle();
      await handle.close();
      process.exit(0);
    })();
  });
}
