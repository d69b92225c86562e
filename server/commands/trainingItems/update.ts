import { and, eq, sql } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import { trainingItems } from '../../db/schema.js';
import { HttpError, invalid, notFound, type FieldErrors } from '../../http/errors.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import type { TrainingItemBody } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { trainingOf } from '../catalogue/scope.js';
import { itemName } from './create.js';
import { cleanSpecificContent, contentToStore, specificContentErrors } from './itemContent.js';
import { itemDetail, itemOf, type ItemRow } from './items.js';
import { assembleOutline, outlineOrder, outlineRows } from './outline.js';

export type ItemUpdate = operations['updateTrainingItem']['requestBody']['content']['application/json'];
type ItemChanges = Partial<typeof trainingItems.$inferInsert>;
type UnlockBlocker = components['schemas']['UnlockBlocker'];
type ConflictBody = components['schemas']['TrainingItemConflict'];

/** The types whose completion can hold back what follows (TrainingItem.blocking in the contract). */
const BLOCKING_TYPES: readonly ItemRow['type'][] = ['QUIZ', 'TASKS', 'ASSIGNMENT'];

/** The item type each blocker waits on. */
const BLOCKER_ITEM_TYPE: Record<UnlockBlocker['type'], ItemRow['type']> = { QUIZ_SCORE: 'QUIZ', TASKS: 'TASKS', ASSIGNMENT: 'ASSIGNMENT' };

/** 409 for a save against a stale version: the envelope plus the item as it is now (TrainingItemConflict). */
export class VersionConflict extends HttpError {
  constructor(readonly current: TrainingItemBody) {
    super(409, 'VERSION_CONFLICT', messages.versionConflict);
  }

  override toEnvelope(locale: Locale): ConflictBody {
    return { message: inLocale(this.text, locale), code: 'VERSION_CONFLICT', current: this.current };
  }
}

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

/**
 * `unlock_blockers`: each names an item placed before this one in the outline, of the type the blocker waits
 * on, once; a minimum score only for a quiz. (The outline is read only when blockers are sent.)
 */
async function blockerErrors(services: Services, row: ItemRow, blockers: readonly UnlockBlocker[], errors: FieldErrors): Promise<void> {
  if (blockers.length === 0) return;
  const order = outlineOrder(assembleOutline(await outlineRows(services.db, row.trainingId)));
  const index = new Map(order.map((node, i) => [node.id, { i, type: node.type }]));
  const own = index.get(row.id)?.i ?? -1;
  const seen = new Set<string>();
  blockers.forEach((blocker, n) => {
    const target = index.get(blocker.item_id);
    const key = `${blocker.type}:${blocker.item_id}`;
    if (!target || target.i >= own || target.type !== BLOCKER_ITEM_TYPE[blocker.type]) errors[`unlock_blockers.${n}.item_id`] = [messages.blockerItem];
    else if (seen.has(key)) errors[`unlock_blockers.${n}`] = [messages.listedTwice];
    if (blocker.type !== 'QUIZ_SCORE' && blocker.min_score !== null) errors[`unlock_blockers.${n}.min_score`] = [messages.blockerScoreOnlyForQuiz];
    seen.add(key);
  });
}

/** What a lesson carries (content, completion rules) means nothing on a SECTION, which only groups items. */
function sectionErrors(row: ItemRow, input: ItemUpdate, errors: FieldErrors) {
  if (row.type !== 'SECTION') return;
  if (input.content != null) errors.content = [messages.notForSections];
  if (input.blocks != null) errors.blocks = [messages.notForSections];
  if (input.min_complete_duration != null) errors.min_complete_duration = [messages.notForSections];
  if (input.unlock_blockers?.length) errors.unlock_blockers = [messages.notForSections];
}

/**
 * PUT …/training_items/{id}: only the fields sent change (the lesson editor autosaves here). Moving to
 * another section is the reordering's job: `parent_id` may only repeat the current parent, so an editor
 * that sends the whole item back still saves. With `version`, the write happens only if the item is still at
 * that version (checked in the UPDATE itself, so two saves at once cannot both pass); otherwise 409 with the
 * item as it is now.
 */
export async function updateItem(services: Services, storeId: string, trainingUuid: string, itemId: number, input: ItemUpdate): Promise<TrainingItemBody> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const row = await itemOf(services.db, training.id, itemId);
  if (input.version !== undefined && input.version !== row.version) throw new VersionConflict(await itemDetail(services.db, row));
  const errors: FieldErrors = {};
  const set: ItemChanges = {};

  if (input.name !== undefined) set.name = itemName(input.name);
  if (input.draft !== undefined) set.draft = input.draft;
  if (input.description !== undefined) set.description = cleanDescription(input.description);
  if (input.parent_id !== undefined && input.parent_id !== row.parentId) errors.parent_id = [messages.moveThroughReordering];
  sectionErrors(row, input, errors);
  if ((input.content !== undefined || input.blocks !== undefined) && !errors.content && !errors.blocks) {
    const content = contentToStore(input, errors);
    if (content !== undefined) set.content = content;
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
  if (input.unlock_blockers !== undefined && !errors.unlock_blockers) {
    await blockerErrors(services, row, input.unlock_blockers, errors);
    set.unlockBlockers = input.unlock_blockers;
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const [updated] = await services.db
    .update(trainingItems)
    .set({ ...set, version: sql`${trainingItems.version} + 1`, updatedAt: services.clock() })
    .where(and(eq(trainingItems.id, row.id), input.version === undefined ? undefined : eq(trainingItems.version, input.version)))
    .returning();
  if (!updated) {
    // Saved by someone else between the read and the write, or deleted since it was read.
    const [current] = await services.db.select().from(trainingItems).where(eq(trainingItems.id, row.id)).limit(1);
    if (current) throw new VersionConflict(await itemDetail(services.db, current));
    throw notFound();
  }
  return itemDetail(services.db, updated);
}
