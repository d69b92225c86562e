import type { components } from '../../src/api/schema.gen.js';
import type { customerTrainings, customers, trainings } from '../db/schema.js';

type CustomerRefBody = components['schemas']['CustomerRef'];
type CustomerTrainingBody = components['schemas']['CustomerTraining'];
type TrainingRefBody = components['schemas']['TrainingRef'];

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerTrainingRow = typeof customerTrainings.$inferSelect;
type TrainingRow = typeof trainings.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** "Léa Martin", or the e-mail address when the learner gave no name. */
export function customerDisplayName(customer: Pick<CustomerRow, 'email' | 'firstname' | 'lastname'>): string {
  const name = [customer.firstname, customer.lastname]
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.trim())
    .join(' ');
  return (name || customer.email).slice(0, 130);
}

export function presentCustomerRef(customer: Pick<CustomerRow, 'id' | 'email' | 'firstname' | 'lastname' | 'picture'>): CustomerRefBody {
  return {
    uuid: customer.id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    display_name: customerDisplayName(customer),
    picture: customer.picture,
  };
}

export function presentTrainingRef(training: Pick<TrainingRow, 'id' | 'slug' | 'name' | 'picture'>): TrainingRefBody {
  return { uuid: training.id, slug: training.slug, name: training.name, picture: training.picture };
}

/**
 * Where a learner stands. An access that has run out reads BLOCKED / BY_EXPIRATION as soon as its date
 * passes, without waiting for a job to rewrite the row: the stored type is what the team decided, the
 * answer is what the learner lives. `listTrainingCustomers` filters with the same rule in SQL.
 */
export function standingOf(enrolment: Pick<CustomerTrainingRow, 'customerType' | 'blockedReason' | 'expiresAt'>, now: Date) {
  if (enrolment.customerType === 'STUDENT' && enrolment.expiresAt && enrolment.expiresAt <= now) {
    return { customerType: 'BLOCKED' as const, blockedReason: 'BY_EXPIRATION' as const };
  }
  return { customerType: enrolment.customerType, blockedReason: enrolment.customerType === 'BLOCKED' ? enrolment.blockedReason : null };
}

export function presentCustomerTraining(
  enrolment: CustomerTrainingRow,
  training: Pick<TrainingRow, 'id' | 'slug' | 'name' | 'picture'>,
  customer: Pick<CustomerRow, 'id' | 'email' | 'firstname' | 'lastname' | 'picture'>,
  now: Date,
): CustomerTrainingBody {
  const standing = standingOf(enrolment, now);
  return {
    uuid: enrolment.id,
    training: presentTrainingRef(training),
    customer: presentCustomerRef(customer),
    customer_type: standing.customerType,
    blocked_reason: standing.blockedReason,
    enrollment_type: enrolment.enrollmentType,
    bypass_drip: enrolment.bypassDrip,
    progress: enrolment.progress,
    enrolled_at: enrolment.enrolledAt.toISOString(),
    expires_at: iso(enrolment.expiresAt),
    completed_at: iso(enrolment.completedAt),
    last_connection_at: iso(enrolment.lastConnectionAt),
  };
}
