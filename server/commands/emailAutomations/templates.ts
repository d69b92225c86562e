import { and, asc, eq, sql } from 'drizzle-orm';
import type { StoreRow } from '../../auth/session.js';
import { customers, EMAIL_AUTOMATIONS, emailTemplates, type EmailAutomation } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Locale, RenderedMail } from '../../mail/templates.js';
import type { Services } from '../../services.js';
import { cleanDescription, plainText } from '../catalogue/descriptionHtml.js';

type TemplateRow = typeof emailTemplates.$inferSelect;

/**
 * The automations and when each one is due. The default texts are French (the platform's first language); the
 * trainer rewrites them in the language of their school. {{login_url}} stands as text (mail clients link it): the
 * editor keeps only http(s) links, so a placeholder in a link's address would not survive an edit.
 */
export const AUTOMATIONS: Record<EmailAutomation, { inactiveDays: number | null; subject: string; body: string }> = {
  WELCOME: {
    inactiveDays: null,
    subject: 'Bienvenue dans {{training}} !',
    body: '<p>Bonjour {{firstname}},</p><p>Bienvenue dans <strong>{{training}}</strong> ! Votre formation vous attend : connectez-vous quand vous voulez, votre progression est gardée.</p><p>Accéder à ma formation : {{login_url}}</p><p>À très vite,<br>{{school}}</p>',
  },
  NO_RECENT_CONNECTION_1: {
    inactiveDays: 7,
    subject: 'Votre formation vous attend',
    body: '<p>Bonjour {{firstname}},</p><p>Cela fait une semaine que nous ne vous avons pas vu sur <strong>{{training}}</strong>. Quelques minutes suffisent pour avancer : reprenez là où vous vous étiez arrêté.</p><p>Reprendre ma formation : {{login_url}}</p><p>{{school}}</p>',
  },
  NO_RECENT_CONNECTION_2: {
    inactiveDays: 30,
    subject: 'On reprend ensemble ?',
    body: '<p>Bonjour {{firstname}},</p><p>Voilà un mois que vous n’avez pas ouvert <strong>{{training}}</strong>. Tout est encore là, à votre rythme.</p><p>Revenir à ma formation : {{login_url}}</p><p>{{school}}</p>',
  },
};

const present = (row: TemplateRow) => ({
  id: row.id,
  key: row.key,
  subject: row.subject,
  body: row.body,
  enabled: row.enabled,
  updated_at: row.updatedAt.toISOString(),
});

/** The store's automatic e-mails in the tabs' order, their default rows written on first read (a second reader writes nothing). */
export async function listEmailTemplates(services: Pick<Services, 'db'>, store: StoreRow) {
  await services.db
    .insert(emailTemplates)
    .values(EMAIL_AUTOMATIONS.map((key) => ({ storeId: store.id, key, subject: AUTOMATIONS[key].subject, body: AUTOMATIONS[key].body })))
    .onConflictDoNothing();
  const rows = await services.db.select().from(emailTemplates).where(eq(emailTemplates.storeId, store.id)).orderBy(asc(emailTemplates.id));
  const order = (row: TemplateRow) => EMAIL_AUTOMATIONS.indexOf(row.key);
  return { data: rows.sort((a, b) => order(a) - order(b)).map(present) };
}

/** Subject, body (cleaned: it goes out as HTML) and the switch; turning it on starts its clock. */
export async function updateEmailTemplate(services: Pick<Services, 'db' | 'clock'>, store: StoreRow, id: number, input: { subject?: string; body?: string; enabled?: boolean }) {
  const subject = input.subject?.trim();
  if (input.subject !== undefined && !subject) throw invalid({ subject: [messages.required] });
  const body = input.body === undefined ? undefined : cleanDescription(input.body);
  if (body === null) throw invalid({ body: [messages.required] });
  const now = services.clock();
  const [row] = await services.db
    .update(emailTemplates)
    .set({
      ...(subject === undefined ? {} : { subject }),
      ...(body === undefined ? {} : { body }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled, enabledAt: input.enabled ? sql`case when ${emailTemplates.enabled} then ${emailTemplates.enabledAt} else ${now} end` : null }),
      updatedAt: now,
    })
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.storeId, store.id)))
    .returning();
  if (!row) throw notFound();
  return present(row);
}

export interface MailContext {
  firstname: string | null;
  lastname: string | null;
  school: string;
  training: string;
  loginUrl: string;
  unsubscribeUrl: string;
  /** The learner's language: the footer the platform adds follows it (the trainer's text is theirs). */
  locale: Locale;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(text: string, context: MailContext, mode: 'text' | 'html') {
  const escape = mode === 'html' ? escapeHtml : (value: string) => value;
  const values: Record<string, string> = {
    firstname: escape(context.firstname ?? ''),
    lastname: escape(context.lastname ?? ''),
    school: escape(context.school),
    training: escape(context.training),
    // A link in the HTML version: the editor cannot carry a placeholder in a link's address.
    login_url: mode === 'html' ? `<a href="${escapeHtml(context.loginUrl)}">${escapeHtml(context.loginUrl)}</a>` : context.loginUrl,
  };
  // An unknown placeholder stays as typed: the trainer sees their typo rather than a blank.
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** The automatic e-mail for one learner: placeholders filled (escaped in the HTML), the unsubscribe link at the end. */
export function renderAutomationMail(template: Pick<TemplateRow, 'key' | 'subject' | 'body'>, context: MailContext): RenderedMail {
  const subject = fill(template.subject, context, 'text').replace(/\s+/g, ' ').trim();
  const body = fill(template.body, context, 'html');
  const words =
    context.locale === 'en'
      ? { why: `You receive this e-mail because you follow a training of ${context.school}.`, leave: 'Stop receiving these e-mails' }
      : { why: `Vous recevez cet e-mail car vous suivez une formation de ${context.school}.`, leave: 'Ne plus recevoir ces e-mails' };
  const footer = `<p style="color:#6b7280;font-size:12px">${escapeHtml(words.why)} <a href="${escapeHtml(context.unsubscribeUrl)}">${escapeHtml(words.leave)}</a></p>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#134e4a">${body}${footer}</body></html>`;
  const text = [
    plainText(body.replace(/<\/(p|li|h2|h3|blockquote)>/g, '\n\n').replace(/<br\s*\/?>/g, '\n')).replace(/\n{3,}/g, '\n\n'),
    '',
    `${words.leave}${context.locale === 'en' ? ':' : ' :'} ${context.unsubscribeUrl}`,
  ].join('\n');
  return { template: template.key, subject, text, html };
}

/** The unsubscribe link's call: the learner of this school with that key leaves the automatic e-mails (again: no change). */
export async function unsubscribeLearnerEmails(services: Pick<Services, 'db' | 'clock'>, store: StoreRow, token: string) {
  const [row] = await services.db
    .update(customers)
    .set({ emailsUnsubscribedAt: sql`coalesce(${customers.emailsUnsubscribedAt}, ${services.clock()})` })
    .where(and(eq(customers.storeId, store.id), eq(customers.unsubscribeToken, token)))
    .returning({ id: customers.id });
  if (!row) throw invalid({ token: [messages.unsubscribeLinkInvalid] });
}
