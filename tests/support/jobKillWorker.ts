// A process running the server's job queue, for tests/unit/server/jobKill.test.ts (run with `node --import tsx`):
//   send <dataDir>          sends one `mail.deliver` job, prints `SENT <id>`, exits;
//   hang <dataDir>          takes jobs; the handler notes its start in the database, prints `STARTED <id>` and
//                           never ends (the test SIGKILLs this process there);
//   finish <dataDir> <id>   takes jobs; the handler does the job's effect once (guarded by a unique key), and the
//                           process polls the job's state in the database until it is completed (bounded), prints
//                           `DONE <state>`, stops cleanly and exits.
// DATABASE_URL set: PostgreSQL; otherwise PGlite in <dataDir>.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { startQueue } from '../../server/jobs/queue';
import { eventually } from './jobs';

/** Short expiry and no retry delay, so a job whose process died comes back within seconds. */
export const KILL_TEST_QUEUE = { expireInSeconds: 3, retryLimit: 3, retryDelay: 1, retryBackoff: true, retryDelayMax: 2 } as const;

const [mode, dataDir, jobId] = process.argv.slice(2) as [string, string, string | undefined];
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS kill_test_log (job_id text NOT NULL, pid int NOT NULL, phase text NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS kill_test_effect (job_id text PRIMARY KEY, runs int NOT NULL)`);
const queue = await startQueue(handle.queueDatabase, { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, queues: { 'mail.deliver': KILL_TEST_QUEUE } });
const say = (line: string) => process.stdout.write(`${line}\n`);

if (mode === 'send') {
  say(`SENT ${await queue.send('mail.deliver', { outboxId: 'kill-test' })}`);
} else if (mode === 'hang') {
  await queue.work({
    'mail.deliver': async (_data, job) => {
      await handle.db.execute(sql`INSERT INTO kill_test_log (job_id, pid, phase) VALUES (${job.id}, ${process.pid}, 'started')`);
      say(`STARTED ${job.id}`);
      // Mid-way: the effect is not done; the process is killed here.
      await new Promise(() => {});
    },
  });
  await new Promise(() => {});
} else if (mode === 'finish' && jobId) {
  await queue.work({
    'mail.deliver': async (_data, job) => {
      await handle.db.execute(sql`INSERT INTO kill_test_log (job_id, pid, phase) VALUES (${job.id}, ${process.pid}, 'started')`);
      // The effect, guarded: a second run of the same job would count, never duplicate.
      await handle.db.execute(sql`INSERT INTO kill_test_effect (job_id, runs) VALUES (${job.id}, 1) ON CONFLICT (job_id) DO UPDATE SET runs = kill_test_effect.runs + 1`);
      await handle.db.execute(sql`INSERT INTO kill_test_log (job_id, pid, phase) VALUES (${job.id}, ${process.pid}, 'done')`);
    },
  });
  const job = await eventually(
    async () => {
      const found = await queue.boss.getJobById('mail.deliver', jobId);
      return found && (found.state === 'completed' || found.state === 'failed') ? found : undefined;
    },
    60_000,
    `job ${jobId} settled`,
  );
  say(`DONE ${job.state} ${job.retryCount}`);
} else {
  throw new Error(`usage: send|hang|finish <dataDir> [jobId]`);
}
await queue.stop();
await handle.close();
process.exit(0);
