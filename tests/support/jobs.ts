import type { PgBoss } from 'pg-boss';

/** Polls until `check` answers something other than undefined (or the deadline passes): jobs run on their own time. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for a job to end (completed or failed) and answers it. */
export function settledJob(boss: PgBoss, name: string, id: string, timeoutMs?: number) {
  return eventually(
    async () => {
      const job = await boss.getJobById(name, id);
      return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
    },
    timeoutMs,
    `job ${name} ${id} settled`,
  );
}
