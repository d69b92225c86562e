import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo, seedSitePages } from './db/seed.js';
import { createMailer } from './mail/mailer.js';
import { createStorage } from './storage/createStorage.js';
import { flushErrorReports, startErrorReporting } from './thirdParty/errorReporting.js';

const config = readConfig();
// SENTRY_DSN set: the SDK is imported and started before anything can fail; unset, it is never loaded.
await startErrorReporting(config.thirdParty.sentry);
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
const mailer = await createMailer(handle.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: (m) => console.log(m) });
const services = { db: handle.db, databaseKind: handle.kind, config, mailer, storage, clock: () => new Date() };

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
      await flushErrorReports();
      await mailer.idle();
      await handle.close();
      process.exit(0);
    })();
  });
}
