// The job queue (pg-boss) on the app's own database: PGlite by default, PostgreSQL when DATABASE_URL is set
// (`DATABASE_URL=… npx vitest run --project unit tests/unit/server/jobs.test.ts`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { startQueue, type StartedQueue } from '../../../server/jobs/queue';
import { eventually, settledJob } from '../../support/jobs';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dirs: string[] = [];
const open = (dataDir: string) => openDatabase({ databaseUrl, dataDir });
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-jobs-'));
  dirs.push(dir);
  return dir;
};
const fast = { pollingIntervalSeconds: 0.5 };

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the job queue', () => {
  it('keeps a job sent before a stop and runs it once after the restart', async () => {
    const dir = freshDir();
    let handle: DatabaseHandle = await open(dir);
    let queue: StartedQueue = await startQueue(handle.queueDatabase, fast);
    // No workers in this process (a server with JOBS_WORKERS=0, or one stopped before it got to it).
    const id = await queue.send('mail.deliver', { outboxId: 'survives-restart' });
    expect(id).toBeTruthy();
    await queue.stop();
    await handle.close();

    handle = await open(dir);
    queue = await startQueue(handle.queueDatabase, fast);
    const runs: string[] = [];
    await queue.work({ 'mail.deliver': async ({ outboxId }) => void runs.push(outboxId) });
    try {
      const job = await settledJob(queue.boss, 'mail.deliver', id!);
      expect(job.state).toBe('completed');
      expect(runs.filter((r) => r === 'survives-restart')).toEqual(['survives-restart']);
    } finally {
      await queue.stop();
      await handle.close();
    }
  }, 60_000);

  it('shares jobs between two workers on one database without running any twice', async () => {
    const handle = await open(freshDir());
    const first = await startQueue(handle.queueDatabase, fast);
    const second = await startQueue(handle.queueDatabase, fast);
    const runs: { worker: string; outboxId: string }[] = [];
    // Each job takes a moment, so both workers are busy at once.
    const handler = (worker: string) => async ({ outboxId }: { outboxId: string }) => {
      runs.push({ worker, outboxId });
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      const ids: string[] = [];
      for (let n = 0; n < 30; n++) ids.push((await first.send('mail.deliver', { outboxId: `two-workers-${n}` }))!);
      await first.work({ 'mail.deliver': handler('first') });
      await second.work({ 'mail.deliver': handler('second') });
      for (const id of ids) expect((await settledJob(first.boss, 'mail.deliver', id)).state).toBe('completed');
      const done = runs.map((r) => r.outboxId).filter((o) => o.startsWith('two-workers-'));
      expect(done).toHaveLength(30);
      expect(new Set(done).size).toBe(30);
    } finally {
      await first.stop();
      await second.stop();
      await handle.close();
    }
  }, 60_000);

  it('retries a failing job with growing delays, then marks it failed', async () => {
    const handle = await open(freshDir());
    // Two retries, one second base: waits of 1–2 s, then 2–4 s (pg-boss: delay × 2^n, with jitter).
    const queue = await startQueue(handle.queueDatabase, { ...fast, queues: { 'mail.deliver': { retryLimit: 2, retryDelay: 1, retryBackoff: true } } });
    const attempts: number[] = [];
    await queue.work({
      'mail.deliver': async () => {
        attempts.push(Date.now());
        throw new Error('SMTP says no');
      },
    });
    try {
      const id = await queue.send('mail.deliver', { outboxId: 'always-fails' });
      const job = await settledJob(queue.boss, 'mail.deliver', id!, 40_000);
      expect(job.state).toBe('failed');
      expect(job.retryCount).toBe(2);
      expect(job.output).toMatchObject({ message: 'SMTP says no' });
      await eventually(() => (attempts.length === 3 ? true : undefined));
      const [a, b, c] = attempts as [number, number, number];
      expect(b - a).toBeGreaterThanOrEqual(1000);
      expect(c - b).toBeGreaterThanOrEqual(2000);
    } finally {
      await queue.stop();
      await handle.close();
    }
  }, 60_000);
});
