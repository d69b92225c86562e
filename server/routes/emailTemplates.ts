import { listEmailTemplates, unsubscribeLearnerEmails, updateEmailTemplate } from '../commands/emailAutomations/templates.js';
import { inLocale, messages } from '../http/messages.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';

/**
 * The automatic e-mails (`/marketing/emails`): managers of the store only (x-roles), every id looked up within the
 * caller's store; the learner's unsubscribe link on the school. Sending is the `emails.automations` job's.
 */
export const emailTemplateHandlers: HandlerMap = {
  async listEmailTemplates(ctx) {
    return { status: 200, body: await listEmailTemplates(ctx.services, scopeOf(ctx)) };
  },
  async updateEmailTemplate(ctx) {
    return { status: 200, body: await updateEmailTemplate(ctx.services, scopeOf(ctx), ctx.params.emailTemplateId, ctx.body) };
  },
  async unsubscribeLearnerEmails(ctx) {
    await unsubscribeLearnerEmails(ctx.services, scopeOf(ctx), ctx.body.token);
    return { status: 200, body: { message: inLocale(messages.unsubscribed, ctx.locale) } };
  },
};
