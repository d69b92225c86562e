import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { RenderedMail } from './templates.js';

export interface Mailer {
  /** Writes the mail to the outbox, then delivers it by SMTP when configured (without delaying the caller). */
  send(to: string, mail: RenderedMail): Promise<void>;
  /** Resolves when every delivery started so far has ended; for tests and shutdown. */
  idle(): Promise<void>;
}

export async function createMailer(db: Database, options: { smtpUrl?: string; from: string; log: (msg: string) => void }): Promise<Mailer> {
  let transport: Transporter | undefined;
  if (options.smtpUrl) {
    const nodemailer = await import('nodemailer');
    transport = nodemailer.createTransport(options.smtpUrl);
  }
  const pending = new Set<Promise<void>>();
  return {
    async send(to, mail) {
      const [row] = await db.insert(outbox).values({ to, ...mail }).returning({ id: outbox.id });
      if (!transport || !row) {
        options.log(`[mail] ${mail.template} to ${to}: ${mail.subject} (outbox ${row?.id ?? '?'})`);
        return;
      }
      const delivery = transport
        .sendMail({ from: options.from, to, subject: mail.subject, text: mail.text, html: mail.html })
        .then(async () => {
          await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
        })
        .catch(async (error: unknown) => {
          await db.update(outbox).set({ error: String(error) }).where(eq(outbox.id, row.id));
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
