import { and, asc, desc, eq, gte, isNull, lte, notExists, sql } from 'drizzle-orm';
import { schoolPath } from '../../../shared/schoolPaths.js';
import { customers, customerTrainings, emailAutomationSends, emailTemplates, stores, trainings } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { schoolName } from '../learners/lookup.js';
import { AUTOMATIONS, renderAutomationMail } from './templates.js';

/** Learners mailed per automation and sweep: a store with thousands due is served over a few minutes, never in one long run. */
const BATCH = 200;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The `emails.automations` job (pg-boss cron, every minute): for each automatic e-mail turned on, the learners it is
 * due to, each sent it once. The (template, learner) row is written before the mail, under its primary key: two
 * sweeps at once (two processes) cannot both send, and a crash between the row and the mail loses a mail rather
 * than sending it twice ("at most once per learner and automation").
 */
export async function sweepEmailAutomations(services: Services): Promise<number> {
  const now = services.clock();
  const enabled = await services.db
    .select({ template: emailTemplates, store: stores })
    .from(emailTemplates)
    .innerJoin(stores, eq(stores.id, emailTemplates.storeId))
    .where(eq(emailTemplates.enabled, true));
  let sent = 0;
  for (const { template, store } of enabled) {
    const enabledAt = template.enabledAt ?? now;
    const { inactiveDays } = AUTOMATIONS[template.key];
    const notYetSent = notExists(
      services.db
        .select({ one: sql`1` })
        .from(emailAutomationSends)
        .where(and(eq(emailAutomationSends.templateId, template.id), eq(emailAutomationSends.customerId, customers.id))),
    );
    const common = [eq(customers.storeId, store.id), eq(customerTrainings.customerType, 'STUDENT'), isNull(customers.emailsUnsubscribedAt), notYetSent];
    const due =
      inactiveDays === null
        ? // Welcome: enrolled since the automation was turned on; named after the first such enrolment.
          await services.db
            .selectDistinctOn([customers.id], { customer: customers, training: trainings.name })
            .from(customerTrainings)
            .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
            .innerJoin(trainings, eq(trainings.id, customerTrainings.trainingId))
            .where(and(...common, gte(customerTrainings.enrolledAt, enabledAt), lte(customerTrainings.enrolledAt, now)))
            .orderBy(customers.id, asc(customerTrainings.enrolledAt))
            .limit(BATCH)
        : // Inactive: no visit for N days, counted from the later of the last visit and the turning on; named after the training last followed.
          await services.db
            .selectDistinctOn([customers.id], { customer: customers, training: trainings.name })
            .from(customerTrainings)
            .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
            .innerJoin(trainings, eq(trainings.id, customerTrainings.trainingId))
            .where(and(...common, lte(sql`greatest(coalesce(${customers.lastConnectionAt}, ${customers.createdAt}), ${enabledAt})`, new Date(now.getTime() - inactiveDays * DAY_MS))))
            .orderBy(customers.id, desc(sql`coalesce(${customerTrainings.lastConnectionAt}, ${customerTrainings.enrolledAt})`))
            .limit(BATCH);
    if (!due.length) continue;
    const school = await schoolName(services, store);
    for (const { customer, training } of due) {
      const [claimed] = await services.db
        .insert(emailAutomationSends)
        .values({ templateId: template.id, customerId: customer.id, sentAt: now })
        .onConflictDoNothing()
        .returning({ customerId: emailAutomationSends.customerId });
      if (!claimed) continue;
      const mail = renderAutomationMail(template, {
        firstname: customer.firstname,
        lastname: customer.lastname,
        school,
        training,
        loginUrl: `${services.config.appUrl}${schoolPath(store.subdomain, 'myTrainings')}`,
        unsubscribeUrl: `${services.config.appUrl}${schoolPath(store.subdomain, 'unsubscribe', { token: customer.unsubscribeToken })}`,
        locale: customer.locale,
      });
      await services.mailer.send(customer.email, mail);
      sent++;
    }
  }
  return sent;
}
