import { emitCustomersCreated } from '../webhooks/webhooks.js';
import type { CustomerRow } from '../../auth/learnerSession.js';
import type { StoreRow } from '../../auth/session.js';
import { takeAttempt } from '../../auth/throttle.js';
import { customers } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { SchoolScope } from '../../policies/schoolScope.js';
import type { Services } from '../../services.js';
import { sendLearnerActivation } from '../learners/links.js';
import { findLearner } from '../learners/lookup.js';

export interface BuyerInput {
  email: string;
  firstname: string;
  lastname: string;
}

/**
 * Who buys: the signed-in learner of this school (the body's e-mail and names are then ignored), else the
 * school's learner with this e-mail, else a new learner, who gets the activation e-mail of learner accounts
 * (they choose their password from it). Guest checkouts are limited per client address like sign-ups.
 */
export async function buyerOf(services: Services, scope: SchoolScope, input: BuyerInput, ip: string, locale: 'fr' | 'en'): Promise<CustomerRow> {
  if (scope.learner) return scope.learner.customer;
  const store: StoreRow = scope.store;
  const firstname = input.firstname.trim();
  const lastname = input.lastname.trim();
  const errors = { ...(firstname ? {} : { firstname: [messages.required] }), ...(lastname ? {} : { lastname: [messages.required] }) };
  if (Object.keys(errors).length) throw invalid(errors);
  await takeAttempt(services, [{ key: `checkout-ip:${store.id}:${ip}`, limit: services.config.throttle.registerPerAddress }]);
  const known = await findLearner(services, store, input.email);
  if (known) return known;
  const [created] = await services.db
    .insert(customers)
    .values({ storeId: store.id, email: input.email.trim(), firstname, lastname, locale })
    .onConflictDoNothing()
    .returning();
  // Two checkouts racing with one new address: the unique index decides, the other one buys as that learner.
  if (!created) return (await findLearner(services, store, input.email))!;
  await emitCustomersCreated(services.db, services.jobs, store.id, [created], 'CHECKOUT', services.clock());
  await sendLearnerActivation(services, store, created);
  return created;
}
