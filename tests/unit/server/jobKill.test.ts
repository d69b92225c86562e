// "No job lost when the server restarts", the hard way: a process running the job queue is SIGKILLed while a job's
// handler is mid-way, and a new process finishes that job, once. PGlite (a data directory) by default, PostgreSQL
// when DATABASE_URL is set (`DATABASE_URL=… npx vitest run --project unit tests/unit/server/jobKill.test.ts`).
// The processes are tests/support/jobKillWorker.ts; the queue's expiry is shortened for the test (KILL_TEST_QUEUE)
// and its supervisor runs every second, so the dead process's job is expired and retried within seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { startQueue } from '../../../server/jobs/queue';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'cp-jobkill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a worker process; `line(prefix)` resolves with the first line it prints starting so (bounded). */
function worker(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/jobKillWorker.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = (prefix: string, timeoutMs = 90_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${prefix}" from the worker in ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const look = () => {
        const found = output.split('\n').find((l) => l.startsWith(`${prefix} `));
        if (found) {
          clearTimeout(timer);
          resolve(found.slice(prefix.length + 1).trim());
        }
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        look();
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => {
        look();
        clearTimeout(timer);
        reject(new Error(`the worker exited before "${prefix}":\n${output}`));
      });
    });
  return { child, line, exited };
}

describe('the job queue under a kill', () => {
  it('finishes, exactly once in a new process, a job whose process was SIGKILLed mid-way', async () => {
    const sender = worker('send', dir);
    const jobId = await sender.line('SENT');
    expect(await sender.exited).toBe(0);

    const doomed = worker('hang', dir);
    expect(await doomed.line('STARTED')).toBe(jobId);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBe(null);
    expect(doomed.child.signalCode).toBe('SIGKILL');

    // A new process: pg-boss's supervisor finds the job active past its expiry and puts it back; the process
    // polls the job's state in the database until it is completed (bounded at 60 s).
    const survivor = worker('finish', dir, jobId);
    const [state] = (await survivor.line('DONE', 120_000)).split(' ');
    expect(state).toBe('completed');
    expect(await survivor.exited).toBe(0);

    // Read back: the first attempt started and never finished, the second did the effect once.
    const handle = await openDatabase({ databaseUrl, dataDir: dir });
    const queue = await startQueue(handle.queueDatabase);
    try {
      const job = await queue.boss.getJobById('mail.deliver', jobId);
      expect(job?.state).toBe('completed');
      expect(job?.retryCount).toBeGreaterThanOrEqual(1);
      const log = (await handle.db.execute(sql`SELECT pid, phase FROM kill_test_log WHERE job_id = ${jobId} ORDER BY at`)) as unknown as { rows?: { pid: number; phase: string }[] };
      const rows = (log.rows ?? (log as unknown as { pid: number; phase: string }[])).map((row) => ({ pid: Number(row.pid), phase: row.phase }));
      expect(rows.map((row) => row.phase)).toEqual(['started', 'started', 'done']);
      expect(rows[0]!.pid).toBe(doomed.child.pid);
      expect(rows[1]!.pid).toBe(survivor.child.pid);
      const effect = (await handle.db.execute(sql`SELECT runs FROM kill_test_effect WHERE job_id = ${jobId}`)) as unknown as { rows?: { runs: number }[] };
      expect((effect.rows ?? (effect as unknown as { runs: number }[])).map((row) => Number(row.runs))).toEqual([1]);
    } finally {
      await queue.stop();
      await handle.close();
    }
  }, 300_000);
});
