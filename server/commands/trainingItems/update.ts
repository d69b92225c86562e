import { eq } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import { trainingItems } from '../../db/schema.js';
import { invalid, notFound, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { TrainingItemBody } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { trainingOf } from '../catalogue/scope.js';
import { itemName } from './create.js';
import { cleanContent, cleanSpecificContent, contentErrors, specificContentErrors } from './itemContent.js';
import { itemDetail, itemOf, type ItemRow } from './items.js';

export type ItemUpdate = operations['updateTrainingItem']['requestBody']['content']['application/json'];
type ItemChanges = Partial<typeof trainingItems.$inferInsert>;

/** The types whose completion can hold back what follows (TrainingItem.blocking in the contract). */
const BLOCKING_TYPES: readonly ItemRow['type'][] = ['QUIZ', 'TASKS', 'ASSIGNMENT'];

/**
 * Unlock settings are one rule over three fields: DATE needs a date, DELAY a number of days, and a value
 * for another mode is refused rather than kept unused. Changing the mode clears the values it no longer uses.
 */
function unlockChanges(row: ItemRow, input: ItemUpdate, errors: FieldErrors): ItemChanges {
  if (input.unlock_mode === undefined && input.unlock_at === undefined && input.unlock_delay_days === undefined) return {};
  const mode = input.unlock_mode ?? row.unlockMode;
  const at = input.unlock_at === undefined ? row.unlockAt : input.unlock_at === null ? null : new Date(input.unlock_at);
  const delay = input.unlock_delay_days === undefined ? row.unlockDelayDays : input.unlock_delay_days;
  if (input.unlock_at != null && mode !== 'DATE') errors.unlock_at = [messages.unlockDateOnlyForDate];
  if (input.unlock_delay_days != null && mode !== 'DELAY') errors.unlock_delay_days = [messages.unlockDelayOnlyForDelay];
  if (mode === 'DATE' && at === null) errors.unlock_at = [messages.unlockDateRequired];
  if (mode === 'DELAY' && delay === null) errors.unlock_delay_days = [messages.unlockDelayRequired];
  return { unlockMode: mode, unlockAt: mode === 'DATE' ? at : null, unlockDelayDays: mode === 'DELAY' ? delay : null };
}

/** What a lesson carries (content, completion rules) means nothing on a SECTION, which only groups items. */
function sectionErrors(row: ItemRow, input: ItemUpdate, errors: FieldErrors) {
  if (row.type !== 'SECTION') return;
  if (input.content != null) errors.content = [messages.notForSections];
  if (input.min_complete_duration != null) errors.min_complete_duration = [messages.notForSections];
}

/**
 * PUT …/training_items/{id}: only the fields sent change (the lesson editor autosaves here). Moving to
 * another section is the reordering's job: `parent_id` may only repeat the current parent, so an editor
 * that sends the whole item back still saves.
 */
export async function updateItem(services: Services, storeId: string, trainingUuid: string, itemId: number, input: ItemUpdate): Promise<TrainingItemBody> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const row = await itemOf(services.db, training.id, itemId);
  const errors: FieldErrors = {};
  const set: ItemChanges = {};

  if (input.name !== undefined) set.name = itemName(input.name);
  if (input.draft !== undefined) set.draft = input.draft;
  if (input.description !== undefined) set.description = cleanDescription(input.description);
  if (input.parent_id !== undefined && input.parent_id !== row.parentId) errors.parent_id = [messages.moveThroughReordering];
  sectionErrors(row, input, errors);
  if (input.content !== undefined && !errors.content) {
    const problems = input.content === null ? {} : contentErrors(input.content);
    Object.assign(errors, problems);
    set.content = input.content === null || Object.keys(problems).length ? input.content : cleanContent(input.content);
  }
  if (input.specific_content !== undefined) {
    const problems = specificContentErrors(row, input.specific_content);
    Object.assign(errors, problems);
    set.specificContent = Object.keys(problems).length ? input.specific_content : cleanSpecificContent(row.type, input.specific_content);
  }
  if (input.min_complete_duration !== undefined) set.minCompleteDuration = input.min_complete_duration;
  if (input.blocking !== undefined) {
    if (input.blocking && !BLOCKING_TYPES.includes(row.type)) errors.blocking = [messages.blockingTypes];
    set.blocking = input.blocking;
  }
  Object.assign(set, unlockChanges(row, input, errors));
  if (Object.keys(errors).length) throw invalid(errors);

  const [updated] = await services.db
    .update(trainingItems)
    .set({ ...set, updatedAt: services.clock() })
    .where(eq(trainingItems.id, row.id))
    .returning();
  // Deleted by someone else since it was read: the item no longer exists.
  if (!updated) throw notFound();
  return itemDetail(services.db, updated);
}
