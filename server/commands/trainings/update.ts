import { and, eq, ne } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { operations } from '../../../src/api/schema.gen.js';
import { trainings } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { mergedJson } from '../catalogue/jsonMerge.js';
import { trainingOf } from '../catalogue/scope.js';
import { requireWebAddresses } from '../catalogue/webAddress.js';
import { requiredName } from './create.js';
import { trainingBody } from './detail.js';
import { isUniqueViolation } from './slug.js';

type JsonBody<K extends keyof operations> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type TrainingUpdate = JsonBody<'updateTraining'>;
export type FeedbackUpdate = JsonBody<'updateTrainingFeedbackOptions'>;
export type SeoUpdate = JsonBody<'updateTrainingSeo'>;
// An update's set: column values, or SQL computed by PostgreSQL (the JSON merges).
type TrainingSet = PgUpdateSetSource<typeof trainings>;

const slugTaken = () => conflict(messages.trainingSlugTaken, { slug: [messages.trainingSlugTaken] });

/** Tags are compared trimmed: " Cuisine" and "Cuisine" are one tag, and a tag of blanks is none. */
const cleanTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];

/** The columns a request changes; fields not sent are left out, `null` clears. */
function changes(input: TrainingUpdate): TrainingSet {
  const set: TrainingSet = {};
  if (input.name !== undefined) set.name = requiredName(input.name);
  if (input.summary !== undefined) set.summary = input.summary?.trim() || null;
  if (input.description !== undefined) set.description = cleanDescription(input.description);
  if (input.picture !== undefined) set.picture = input.picture;
  if (input.status !== undefined) set.status = input.status;
  if (input.tags !== undefined) set.tags = cleanTags(input.tags);
  if (input.email_list_id !== undefined) set.emailListId = input.email_list_id?.trim() || null;
  if (input.max_customers !== undefined) set.maxCustomers = input.max_customers;
  if (input.enrollment_ends_at !== undefined) set.enrollmentEndsAt = input.enrollment_ends_at === null ? null : new Date(input.enrollment_ends_at);
  if (input.access_duration_days !== undefined) set.accessDurationDays = input.access_duration_days;
  if (input.drip_frequency !== undefined) set.dripFrequency = input.drip_frequency;
  if (input.certificate_enabled !== undefined) set.certificateEnabled = input.certificate_enabled;
  if (input.slug !== undefined) set.slug = input.slug;
  return set;
}

async function save(services: Services, id: string, set: TrainingSet) {
  try {
    const [row] = await services.db
      .update(trainings)
      .set({ ...set, updatedAt: services.clock() })
      .where(eq(trainings.id, id))
      .returning();
    return row!;
  } catch (error) {
    // Two trainings racing for one slug: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * PUT /trainings/{id}: only the fields sent change; every status may follow every other (the spec names
 * no transition rule). A slug another training of the store uses answers 409 with the field named.
 */
export async function updateTraining(services: Services, storeId: string, trainingUuid: string, input: TrainingUpdate) {
  const row = await trainingOf(services, storeId, trainingUuid);
  requireWebAddresses({ picture: input.picture });
  const set = changes(input);
  if (set.slug !== undefined && set.slug !== row.slug) {
    const [taken] = await services.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(and(eq(trainings.storeId, storeId), eq(trainings.slug, set.slug), ne(trainings.id, row.id)))
      .limit(1);
    if (taken) throw slugTaken();
  }
  return trainingBody(services, await save(services, row.id, set));
}

/**
 * PUT /trainings/{id}/feedback_options: the switches sent change, the others stay. Merged by PostgreSQL
 * (`||`) in the update itself, so two editors changing different switches at once both keep their change.
 */
export async function updateFeedbackOptions(services: Services, storeId: string, trainingUuid: string, input: FeedbackUpdate) {
  const row = await trainingOf(services, storeId, trainingUuid);
  return (await save(services, row.id, { feedbackOptions: mergedJson(trainings.feedbackOptions, input) })).feedbackOptions;
}

/** PUT /trainings/{id}/seo: the fields sent change (null clears one), the others stay, merged as above. Answers the training. */
export async function updateSeo(services: Services, storeId: string, trainingUuid: string, input: SeoUpdate) {
  const row = await trainingOf(services, storeId, trainingUuid);
  requireWebAddresses({ image: input.image });
  const patch: SeoUpdate = {};
  if (input.title !== undefined) patch.title = input.title?.trim() || null;
  if (input.description !== undefined) patch.description = input.description?.trim() || null;
  if (input.image !== undefined) patch.image = input.image;
  return trainingBody(services, await save(services, row.id, { seoData: mergedJson(trainings.seoData, patch) }));
}
