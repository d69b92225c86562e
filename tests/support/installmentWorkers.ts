import { chargeInstallmentJob, sweepInstallments } from '../../server/jobs/installments';
import { startQueue, type QueueDatabase, type StartedQueue } from '../../server/jobs/queue';
import type { Services } from '../../server/services';
import { eventually } from './jobs';

/**
 * Two workers on one database, as two server processes would be, each running `installment.charge` jobs; what
 * every run answered is kept in `outcomes`. `sweepTwiceAndSettle` runs the sweep from both at once (two
 * processes' crons overlapping) and waits for the charge it sent.
 */
export async function installmentWorkers(database: QueueDatabase, base: Services) {
  const workers: StartedQueue[] = [await startQueue(database, { pollingIntervalSeconds: 0.5 }), await startQueue(database, { pollingIntervalSeconds: 0.5 })];
  const services: Services = { ...base, jobs: workers[0]! };
  const outcomes: { worker: number; transactionId: number; attempt: number; outcome: string }[] = [];
  for (const [index, queue] of workers.entries()) {
    await queue.work({
      'installment.charge': async (charge) => {
        const outcome = await chargeInstallmentJob({ ...services, jobs: queue }, charge);
        outcomes.push({ worker: index, ...charge, outcome });
      },
    });
  }
  return {
    workers,
    services,
    outcomes,
    async sweepTwiceAndSettle(transactionId: number, attempt: number) {
      await Promise.all(workers.map((queue) => sweepInstallments({ ...services, jobs: queue })));
      await eventually(() => (outcomes.some((o) => o.transactionId === transactionId && o.attempt === attempt && o.outcome !== 'claimed-elsewhere') ? true : undefined), 30_000, 'the charge');
    },
    async stop() {
      for (const queue of workers) await queue.stop();
    },
  };
}
