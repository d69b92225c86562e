import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { recordingQueue } from '../../../server/jobs/queue';
import type { Mailer } from '../../../server/mail/mailer';
import type { RenderedMail } from '../../../server/mail/templates';
import type { Services } from '../../../server/services';
import { LocalStorage } from '../../../server/storage/localStorage';
import { migratedTemplate } from './migratedTemplate';

/** Services over an in-memory PGlite (started from the migrated template: migratedTemplate.ts), a clock the test moves, and a mailer that keeps what it is given. */
export async function testServices() {
  const handle = await openDatabase({ dataDir: ':memory:', template: await migratedTemplate() });
  let now = new Date('2026-11-21T10:00:00Z');
  const sent: { to: string; mail: RenderedMail }[] = [];
  const mailer: Mailer = {
    async send(to, mail) {
      sent.push({ to, mail });
    },
    async deliver() {},
    async idle() {},
  };
  // Jobs are kept, not run: a test that wants them done starts a real queue (tests/unit/server/jobs.test.ts).
  const jobs = recordingQueue();
  const services: Services = {
    db: handle.db,
    databaseKind: handle.kind,
    config: { ...readConfig({}), appUrl: 'http://app.test' },
    mailer,
    // Nothing is written until a test stores a file; each test run gets its own directory.
    storage: new LocalStorage({ root: path.join(tmpdir(), `cp-unit-files-${process.pid}`), publicBaseUrl: 'http://app.test/api/v1', secret: 'unit-test-secret' }),
    clock: () => now,
    jobs,
  };
  return {
    services,
    sent,
    jobs,
    /** For a test that starts a real queue (startQueue) on this database. */
    queueDatabase: handle.queueDatabase,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    close: () => handle.close(),
  };
}
