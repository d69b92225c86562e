import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { RenderedMail } from './templates.js';

export interface Mailer {
  /**
   * Writes the mail to the outbox, then, when SMTP is configured, sends a `mail.deliver` job: the request never
   * waits for the SMTP server, and a delivery that fails is retried with backoff by the queue.
   */
  send(to: string, mail: RenderedMail): Promise<void>;
  /** The `mail.deliver` job: delivers one outbox row by SMTP (throws on failure, so the queue retries it). */
  deliver(outboxId: string): Promise<void>;
  /** Kept for callers that wait for deliveries (shutdown); the queue owns them now, so nothing is pending here. */
  idle(): Promise<void>;
}

export async function createMailer(
  db: Database,
  options: { smtpUrl?: string; from: string; log: (msg: string) => void; jobs: JobQueue },
): Promise<Mailer> {
  let transport: Transporter | undefined;
  if (options.smtpUrl) {
    const nodemailer = await import('nodemailer');
    transport = nodemailer.createTransport(options.smtpUrl);
  }
  return {
    async send(to, mail) {
      const [row] = await db.insert(outbox).values({ to, ...mail }).returning({ id: outbox.id });
      if (!transport || !row) {
        options.log(`[mail] ${mail.template} to ${to}: ${mail.subject} (outbox ${row?.id ?? '?'})`);
        return;
      }
      await options.jobs.send('mail.deliver', { outboxId: row.id });
    },
    async deliver(outboxId) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
      // Gone (a deleted store) or already delivered (a job run again after a crash): nothing to do.
      if (!row || row.sentAt || !transport) return;
      try {
        await transport.sendMail({ from: options.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      } catch (error) {
        await db.update(outbox).set({ error: String(error) }).where(eq(outbox.id, outboxId));
        throw error;
      }
      await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, outboxId));
    },
    async idle() {},
  };
}
