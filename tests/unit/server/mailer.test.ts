import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { outbox } from '../../../server/db/schema';
import { createMailer } from '../../../server/mail/mailer';
import { verificationMail } from '../../../server/mail/templates';

/** A real SMTP server on loopback that keeps what it receives. */
let smtp: SMTPServer;
let port: number;
const received: string[] = [];
let handle: DatabaseHandle;

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
  handle = await openDatabase({ dataDir: ':memory:' });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await handle.close();
});

describe('mailer', () => {
  it('writes every mail to the outbox and delivers it by SMTP when SMTP_URL is set', async () => {
    const mailer = await createMailer(handle.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Plateforme <no-reply@app.test>', log: () => {} });
    await mailer.send('zoe@example.test', verificationMail('fr', 'Zoé', 'http://app.test/activation?x=1'));
    await mailer.idle();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Activez votre compte');
    expect(received[0]).toContain('To: zoe@example.test');
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.to, 'zoe@example.test'));
    expect(row?.sentAt).not.toBeNull();
    expect(row?.error).toBeNull();
  });

  it('keeps the error on the outbox row when the SMTP server cannot be reached', async () => {
    const mailer = await createMailer(handle.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@app.test', log: () => {} });
    await mailer.send('nobody@example.test', verificationMail('en', 'No', 'http://app.test/activation'));
    await mailer.idle();
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.to, 'nobody@example.test'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });

  it('without SMTP keeps mails in the outbox only, for the development mailbox', async () => {
    const logged: string[] = [];
    const mailer = await createMailer(handle.db, { from: 'x@app.test', log: (m) => logged.push(m) });
    await mailer.send('local@example.test', verificationMail('fr', 'Lo', 'http://app.test/a'));
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.to, 'local@example.test'));
    expect(row?.sentAt).toBeNull();
    expect(logged[0]).toContain('VERIFY_EMAIL to local@example.test');
  });
});
