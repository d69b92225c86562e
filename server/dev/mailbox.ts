import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../db/schema.js';
import type { Services } from '../services.js';

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Development mailbox: every e-mail the outbox holds, newest first. `/__dev/mailbox.json?to=` serves
 * the e2e tests, which follow activation and reset links from here. Never mounted in production.
 */
export function mountDevMailbox(app: FastifyInstance, services: Services) {
  // The mailbox holds live activation and reset links: only this machine may read it.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/__dev/')) return;
    const local = request.socket.remoteAddress;
    if (local !== '127.0.0.1' && local !== '::1' && local !== '::ffff:127.0.0.1') {
      return reply.code(404).send({ message: "Cette page n'existe pas.", code: 'NOT_FOUND' });
    }
  });

  const latest = (to?: string) =>
    services.db
      .select()
      .from(outbox)
      .where(to ? eq(outbox.to, to) : undefined)
      .orderBy(desc(outbox.createdAt))
      .limit(100);

  app.get('/__dev/mailbox.json', async (request) => {
    const { to } = request.query as { to?: string };
    return (await latest(to)).map((m) => ({ id: m.id, to: m.to, subject: m.subject, template: m.template, text: m.text, created_at: m.createdAt }));
  });

  app.get('/__dev/mailbox', async (_request, reply) => {
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
}
