import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * Background work on pg-boss (a PostgreSQL-backed queue: jobs are rows of its `pgboss` schema, taken with
 * `SELECT … FOR UPDATE SKIP LOCKED`, so several processes on one database share the work and never run a job
 * twice; retries with exponential backoff; a job sent is committed like any row, so a restart loses nothing).
 * On PostgreSQL pg-boss keeps its own small pool on DATABASE_URL; on the embedded PGlite it goes through the
 * app's PGlite instance with pg-boss's own PGlite adapter (`backend: 'pglite'`).
 *
 * ADD A JOB HERE: its name and data in JobData, its queue options in QUEUES, its handler where the queue is
 * started (server/jobs/handlers.ts).
 */
export interface JobData {
  /** Delivers one outbox row by SMTP (server/mail/mailer.ts). */
  'mail.deliver': { outboxId: string };
  /** Every few minutes: finds the instalments due and sends one `installment.charge` each. */
  'installments.sweep': Record<string, never>;
  /** Charges one later instalment of a sale (server/jobs/installments.ts). */
  'installment.charge': { transactionId: number; attempt: number };
  /** Posts one webhook delivery (server/commands/webhooks). */
  'webhook.deliver': { deliveryId: number };
  /** Every minute: the automatic e-mails due (server/commands/emailAutomations/sweep.ts). */
  'emails.automations': Record<string, never>;
  /** Every hour: cancelled subscriptions whose period ended go back to Découverte (server/commands/billing). */
  'subscriptions.expire': Record<string, never>;
  /** Every hour: renewal orders for the paid plans whose period ended, one `subscription.renew` each (server/jobs/renewals.ts). */
  'subscriptions.renew': Record<string, never>;
  /** Charges one renewal of a store's plan (server/jobs/renewals.ts). */
  'subscription.renew': { orderId: string };
  /** Adds the learner of one enrolment to the training's mailing list at the store's e-mail service (server/commands/emailProviders). */
  'emailList.subscribe': { customerTrainingId: string };
  /** Every night, on the embedded PGlite only: VACUUM (ANALYZE) of the whole database (server/db/vacuum.ts). */
  'database.vacuum': Record<string, never>;
}
export type JobName = keyof JobData;

/** Retries with exponential backoff (retryDelay × 2^n seconds, capped), per queue. */
export const QUEUES: Record<JobName, Omit<Queue, 'name'>> = {
  'mail.deliver': { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
  'installments.sweep': { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
  'installment.charge': { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600, expireInSeconds: 300 },
  'webhook.deliver': { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 6 * 3600, expireInSeconds: 120 },
  'emails.automations': { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
  'subscriptions.expire': { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
  'subscriptions.renew': { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
  'database.vacuum': { policy: 'singleton', retryLimit: 0, expireInSeconds: 1800 },
  'subscription.renew': { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600, expireInSeconds: 300 },
  'emailList.subscribe': { retryLimit: 6, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600, expireInSeconds: 120 },
};

/** `final`: this is the job's last attempt (its retries are spent if it fails). */
export type JobHandler<N extends JobName> = (data: JobData[N], job: { id: string; retryCount: number; final: boolean }) => Promise<void>;
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

export interface SendOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /** At most one such job waiting (pg-boss singletonKey). */
  singletonKey?: string;
  /** Sends within the caller's transaction: the job exists if and only if the transaction commits. */
  tx?: Pick<Database, 'execute'>;
  /** Overrides the queue's retry settings for this job (tests use short delays). */
  retryDelay?: number;
  retryLimit?: number;
}

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<string | null>;
}

/** Where the queue's tables live: the app's PGlite instance, or the PostgreSQL of DATABASE_URL. */
export type QueueDatabase = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export interface QueueOptions {
  /** Poll period of the workers (seconds; pg-boss also wakes them with LISTEN/NOTIFY where it can). */
  pollingIntervalSeconds?: number;
  /** Overrides of the queues' settings (tests). */
  queues?: Partial<Record<JobName, Omit<Queue, 'name'>>>;
  /**
   * How often pg-boss's supervisor runs (seconds, default 60): it is what finds active jobs past their
   * `expireInSeconds` (their process died) and puts them back to be retried. Tests use 1.
   */
  superviseIntervalSeconds?: number;
  /** Cron of the instalment sweep; default every five minutes. */
  sweepCron?: string;
  log?: (message: string) => void;
}

export interface StartedQueue extends JobQueue {
  readonly boss: PgBoss;
  /**
   * Runs the handlers in this process (the server does unless JOBS_WORKERS=0; tests only when a test starts
   * them). Before this, the queue only takes jobs in.
   */
  work(handlers: JobHandlers): Promise<void>;
  /** Stops taking jobs; waits up to `timeoutMs` for the running ones (the others are taken again later). */
  stop(timeoutMs?: number): Promise<void>;
}

export async function startQueue(database: QueueDatabase, options: QueueOptions = {}): Promise<StartedQueue> {
  const log = options.log ?? (() => {});
  const common = { schedule: true, migrate: true, supervise: true, ...(options.superviseIntervalSeconds ? { superviseIntervalSeconds: options.superviseIntervalSeconds } : {}) };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.client), backend: 'pglite', ...common })
      : new PgBoss({ connectionString: database.url, max: 4, ...common });
  boss.on('error', (error) => log(`[jobs] ${String(error)}`));
  await boss.start();
  for (const name of Object.keys(QUEUES) as JobName[]) {
    const settings = { ...QUEUES[name], ...options.queues?.[name] };
    await boss.createQueue(name, settings);
    // createQueue keeps an existing queue's settings: a changed retry policy reaches it through updateQueue.
    const { policy, ...changeable } = settings;
    void policy;
    await boss.updateQueue(name, changeable);
  }
  let stopped = false;
  return {
    boss,
    async send(name, data, sendOptions = {}) {
      if (stopped) throw new Error('the job queue is stopped');
      const { tx, ...rest } = sendOptions;
      return boss.send(name, data, { ...rest, ...(tx ? { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) } : {}) });
    },
    async work(handlers) {
      for (const [name, handler] of Object.entries(handlers) as [JobName, JobHandler<JobName>][]) {
        await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true }, async ([job]: JobWithMetadata<JobData[JobName]>[]) => {
          if (!job) return;
          await handler(job.data, { id: job.id, retryCount: job.retryCount, final: job.retryCount >= job.retryLimit });
        });
      }
      // pg-boss's cron: one job per slot whatever the number of processes.
      if (handlers['installments.sweep']) await boss.schedule('installments.sweep', options.sweepCron ?? '*/5 * * * *', {});
      if (handlers['emails.automations']) await boss.schedule('emails.automations', '* * * * *', {});
      if (handlers['subscriptions.expire']) await boss.schedule('subscriptions.expire', '7 * * * *', {});
      if (handlers['subscriptions.renew']) await boss.schedule('subscriptions.renew', '17 * * * *', {});
      // PostgreSQL vacuums itself; PGlite never does. 02:30 UTC: the night in France.
      if (handlers['database.vacuum'] && database.kind === 'pglite') await boss.schedule('database.vacuum', '30 2 * * *', {});
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      // The PGlite instance belongs to the app (closed after this); pg-boss closes only its own PostgreSQL pool.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: database.kind === 'postgres' });
    },
  };
}

/**
 * A queue that keeps what it is sent, for tests and scripts that run no queue (unit tests of commands). A test
 * that wants the work done starts a real queue instead.
 */
export function recordingQueue(): JobQueue & { sent: { name: JobName; data: unknown; options: SendOptions }[] } {
  const sent: { name: JobName; data: unknown; options: SendOptions }[] = [];
  return {
    sent,
    async send(name, data, options = {}) {
      sent.push({ name, data, options });
      return String(sent.length);
    },
  };
}
