import type { Config } from './config.js';
import type { Database, DatabaseKind } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** What commands and handlers need from the outside world; tests swap the clock or the mailer. */
export interface Services {
  db: Database;
  databaseKind: DatabaseKind;
  config: Config;
  mailer: Mailer;
  /** Uploaded files: a local directory or an S3-compatible bucket (storage/createStorage.ts). */
  storage: Storage;
  clock: () => Date;
  /** Background work (server/jobs/queue.ts): e-mail delivery, instalments, webhooks. */
  jobs: JobQueue;
}
