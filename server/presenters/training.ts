import type { components } from '../../src/api/schema.gen.js';
import { presentPaymentSchedule } from '../commands/catalogue/paymentSchedules.js';
import type { TrainingItemNode } from '../commands/trainingItems/outline.js';
import type { paymentSchedules, trainings } from '../db/schema.js';
import { presentUserRef } from './user.js';

type TrainingBody = components['schemas']['Training'];
type TrainingSummaryBody = components['schemas']['TrainingSummary'];
export type TrainingRow = typeof trainings.$inferSelect;
type ScheduleRow = typeof paymentSchedules.$inferSelect;

/** What a listed training adds to its row: the first schedule's price and two counters, read in the same query. */
export interface SummaryExtras {
  price: number | null;
  itemsCount: number;
  customersCount: number;
}

/** The columns of a training that its summary shows (the list reads only these). */
export type SummaryColumns = Pick<
  TrainingRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'summary'
  | 'picture'
  | 'status'
  | 'position'
  | 'maxCustomers'
  | 'enrollmentEndsAt'
  | 'accessDurationDays'
  | 'dripFrequency'
  | 'certificateEnabled'
  | 'createdAt'
  | 'updatedAt'
>;

export function presentTrainingSummary(row: SummaryColumns, extras: SummaryExtras): TrainingSummaryBody {
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    // A free one-time schedule is 0 €; null means the training has no schedule yet (not priced).
    price: extras.price,
    picture: row.picture,
    status: row.status,
    position: row.position,
    // Plain columns of the training: the store-wide certificates and rules tables read them from the list.
    max_customers: row.maxCustomers,
    enrollment_ends_at: row.enrollmentEndsAt ? row.enrollmentEndsAt.toISOString() : null,
    access_duration_days: row.accessDurationDays,
    drip_frequency: row.dripFrequency,
    certificate_enabled: row.certificateEnabled,
    items_count: extras.itemsCount,
    customers_count: extras.customersCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface TrainingParts {
  items: TrainingItemNode[];
  schedules: ScheduleRow[];
  authors: Parameters<typeof presentUserRef>[0][];
  customersCount: number;
}

export function presentTraining(row: TrainingRow, parts: TrainingParts): TrainingBody {
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    description: row.description,
    price: parts.schedules[0]?.price ?? null,
    picture: row.picture,
    status: row.status,
    position: row.position,
    seo_data: { title: row.seoData.title ?? null, description: row.seoData.description ?? null, image: row.seoData.image ?? null },
    items: parts.items,
    payment_schedules: parts.schedules.map(presentPaymentSchedule),
    feedback_options: row.feedbackOptions,
    authors: parts.authors.map(presentUserRef),
    tags: row.tags,
    email_list_id: row.emailListId,
    max_customers: row.maxCustomers,
    enrollment_ends_at: row.enrollmentEndsAt ? row.enrollmentEndsAt.toISOString() : null,
    access_duration_days: row.accessDurationDays,
    drip_frequency: row.dripFrequency,
    certificate_enabled: row.certificateEnabled,
    customers_count: parts.customersCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
