import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../db/schema.js';
import { inLocale, localeOf, messages } from '../http/messages.js';
import type { Services } from '../services.js';

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Loopback addresses, IPv4-mapped IPv6 included. */
export const isLoopback = (address: string | undefined) =>
  address !== undefined && (/^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1' || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address));

/**
 * Development mailbox: every e-mail the outbox holds, newest first. `/__dev/mailbox.json?to=` serves
 * the e2e tests, which follow activation and reset links from here. Mounted only when DEV_MAILBOX=1.
 *
 * The mailbox holds live activation and reset links: only this machine may read it. The guard is a hook of
 * the mailbox's own (encapsulated) plugin, so it runs for every route the router matched there, however the
 * path was spelt (`/%5F_dev/…` reaches the same route): it never reads the raw URL. It reads `request.ip`,
 * the client's address (behind a trusted proxy, the address the proxy saw, not the proxy's own).
 */
export async function mountDevMailbox(app: FastifyInstance, services: Services) {
  await app.register(async (mailbox) => {
    mailbox.addHook('onRequest', async (request, reply) => {
      if (isLoopback(request.ip)) return;
      return reply.code(404).send({ message: inLocale(messages.pageNotFound, localeOf(request.headers['accept-language'])), code: 'NOT_FOUND' });
    });

    const latest = (to?: string) =>
      services.db
        .select()
        .from(outbox)
        .where(to ? eq(outbox.to, to) : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(100);

    mailbox.get('/__dev/mailbox.json', async (request) => {
      const { to } = request.query as { to?: string };
      return (await latest(typeof to === 'string' && !to.includes('\0') ? to : undefined)).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        template: m.template,
        text: m.text,
        created_at: m.createdAt,
      }));
    });

    mailbox.get('/__dev/mailbox', async (_request, reply) => {
      const mails = await latest();
      const rows = mails
        .map(
          (m) =>
            `<article><header><strong>${escapeHtml(m.subject)}</strong> → ${escapeHtml(m.to)} <small>${m.createdAt.toISOString()}</small></header>${m.html}</article>`,
        )
        .join('<hr>');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Boîte de développement</title><body style="font-family:system-ui;max-width:760px;margin:2rem auto"><h1>Boîte de développement</h1><p>Les e-mails envoyés par l'application (aucun n'est réellement expédié sans SMTP_URL).</p>${rows || '<p>Aucun e-mail pour le moment.</p>'}</body></html>`;
    });
  });
}
