import { sweepEmailAutomations } from '../commands/emailAutomations/sweep.js';
import { expireEndedSubscriptions } from '../commands/billing/subscription.js';
import { deliverWebhook } from '../commands/webhooks/webhooks.js';
import { subscribeEnrolment } from '../commands/emailProviders/emailProviders.js';
import type { Mailer } from '../mail/mailer.js';
import type { Services } from '../services.js';
import { chargeInstallmentJob, sweepInstallments } from './installments.js';
import type { JobHandlers } from './queue.js';
import { vacuumEmbeddedDatabase } from '../db/vacuum.js';
import { renewSubscriptionJob, sweepRenewals } from './renewals.js';

/** What each job does, in this process's services. The server registers them when it runs workers. */
export function jobHandlers(services: Services & { mailer: Mailer }): JobHandlers {
  return {
    'mail.deliver': ({ outboxId }) => services.mailer.deliver(outboxId),
    'installments.sweep': async () => void (await sweepInstallments(services)),
    'installment.charge': async (charge) => void (await chargeInstallmentJob(services, charge)),
    'webhook.deliver': ({ deliveryId }, job) => deliverWebhook(services, deliveryId, { final: job.final }),
    'emails.automations': async () => void (await sweepEmailAutomations(services)),
    'subscriptions.expire': async () => void (await expireEndedSubscriptions(services)),
    'subscriptions.renew': async () => void (await sweepRenewals(services)),
    'subscription.renew': async (renewal) => void (await renewSubscriptionJob(services, renewal)),
    'emailList.subscribe': ({ customerTrainingId }) => subscribeEnrolment(services, customerTrainingId),
    'database.vacuum': async () => void (await vacuumEmbeddedDatabase(services)),
  };
}
