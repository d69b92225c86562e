import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { migratedTemplate } from './migratedTemplate';
import { outbox } from '../../../server/db/schema';
import { recordingQueue, startQueue, type JobQueue, type StartedQueue } from '../../../server/jobs/queue';
import { createMailer, type Mailer } from '../../../server/mail/mailer';
import { verificationMail } from '../../../server/mail/templates';
import { eventually, settledJob } from '../../support/jobs';

/** A real SMTP server on loopback that keeps what it receives. */
let smtp: SMTPServer;
let port: number;
const received: string[] = [];
let handle: DatabaseHandle;
let queue: StartedQueue;
/** The mailer each test made: the queue's `mail.deliver` worker delivers with it. */
let current: Mailer | undefined;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  handle = await openDatabase({ dataDir: ':memory:', template: await migratedTemplate() });
  queue = await startQueue(handle.queueDatabase, { pollingIntervalSeconds: 0.5, queues: { 'mail.deliver': { retryLimit: 1, retryDelay: 1 } } });
  await queue.work({ 'mail.deliver': ({ outboxId }) => current!.deliver(outboxId) });
});

afterAll(async () => {
  await queue?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await handle.close();
});

describe('mailer', () => {
  it('writes every mail to the outbox and delivers it by SMTP through the job queue when SMTP_URL is set', async () => {
    current = await createMailer(handle.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Plateforme <no-reply@app.test>', log: () => {}, jobs: queue });
    await current.send('zoe@example.test', verificationMail('fr', 'Zoé', 'http://app.test/activation?x=1'));
    await eventually(() => (received.length ? true : undefined), 20_000, 'SMTP delivery');
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Activez votre compte');
    expect(received[0]).toContain('To: zoe@example.test');
    // The SMTP server has the message before the mailer hears back from it and marks the row sent.
    const row = await eventually(
      async () => {
        const [found] = await handle.db.select().from(outbox).where(eq(outbox.to, 'zoe@example.test'));
        return found?.sentAt || found?.error ? found : undefined;
      },
      20_000,
      'the outbox row marked sent',
    );
    expect(row.sentAt).not.toBeNull();
    expect(row.error).toBeNull();
  });

  it('keeps the error on the outbox row when the SMTP server cannot be reached; the job is retried, then failed', async () => {
    const ids: (string | null)[] = [];
    const sending: JobQueue = { send: async (...args) => (ids.push(await queue.send(...args)), ids.at(-1)!) };
    current = await createMailer(handle.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@app.test', log: () => {}, jobs: sending });
    const before = Date.now();
    await current.send('nobody@example.test', verificationMail('en', 'No', 'http://app.test/activation'));
    // The caller did not wait for SMTP.
    expect(Date.now() - before).toBeLessThan(1000);
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.to, 'nobody@example.test'));
    expect(ids).toHaveLength(1);
    const job = await settledJob(queue.boss, 'mail.deliver', ids[0]!);
    expect(job.data).toEqual({ outboxId: row!.id });
    expect(job.state).toBe('failed');
    expect(job.retryCount).toBe(1);
    const [after] = await handle.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after?.sentAt).toBeNull();
    expect(after?.error).toMatch(/ECONNREFUSED/);
  });

  it('without SMTP keeps mails in the outbox only, for the development mailbox', async () => {
    const logged: string[] = [];
    const jobs = recordingQueue();
    const mailer = await createMailer(handle.db, { from: 'x@app.test', log: (m) => logged.push(m), jobs });
    await mailer.send('local@example.test', verificationMail('fr', 'Lo', 'http://app.test/a'));
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.to, 'local@example.test'));
    expect(row?.sentAt).toBeNull();
    expect(logged[0]).toContain('VERIFY_EMAIL to local@example.test');
    expect(jobs.sent).toEqual([]);
  });
});
