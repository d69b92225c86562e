import { and, eq } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { assignmentSubmissions, trainingItems, type AssignmentFileData } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { presentOne } from '../assignments/assignments.js';
import { addAssignmentComment, commentsOf } from '../assignments/review.js';
import { startAssignment, submitAssignment } from '../assignments/submit.js';
import { plainText } from '../catalogue/descriptionHtml.js';
import { arrivedLearnerUpload } from '../uploads/arrivedUpload.js';
import { presignUpload } from '../uploads/createUploadUrl.js';
import { openItem } from './lesson.js';

type SubmitBody = operations['submitAssignment']['requestBody']['content']['application/json'];
type UploadBody = operations['createLearnerUploadUrl']['requestBody']['content']['application/json'];
type AssignmentBody = components['schemas']['Assignment'];

/**
 * The learner's side of an assignment in the player (issue 12): the item must be one the learner may open now
 * (openItem: 404 for another school's, training's or a draft item, 403 when locked or blocked) and of type
 * ASSIGNMENT (404 otherwise). The commands of assignments/submit.ts and review.ts do the writing.
 */
async function openAssignmentItem(services: Services, learner: LearnerAuth, ref: string, itemId: number) {
  const opened = await openItem(services, learner, ref, itemId);
  const [item] = await services.db.select().from(trainingItems).where(eq(trainingItems.id, opened.item.id)).limit(1);
  if (!item || item.type !== 'ASSIGNMENT') throw notFound();
  return { ...opened, row: item };
}

/** How many files the item takes: its max_files (specific_content is JSON text, checked when saved); 0 without. */
function maxFilesOf(specific: string | null): number {
  try {
    const value = (JSON.parse(specific ?? 'null') as { max_files?: unknown } | null)?.max_files;
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

/**
 * POST …/assignment_submissions: text and files already uploaded by this learner (POST me/uploads). Each file
 * must be the learner's own arrived upload (its recorded size is kept, not the one sent); no more than the
 * item's max_files. A first hand-in or one after REJECTED; 409 while waiting for a correction or once accepted.
 */
export async function submitMyAssignment(services: Services, learner: LearnerAuth, ref: string, itemId: number, body: SubmitBody): Promise<AssignmentBody> {
  const { training, row } = await openAssignmentItem(services, learner, ref, itemId);
  const sent = body.files ?? [];
  const maxFiles = maxFilesOf(row.specificContent);
  if (sent.length > maxFiles) throw invalid({ files: [messages.tooManyFiles(maxFiles)] });
  const files: AssignmentFileData[] = [];
  for (const [index, file] of sent.entries()) {
    const upload = await arrivedLearnerUpload(services, learner.store.id, learner.customer.id, file.url);
    if (!upload) throw invalid({ [`files.${index}.url`]: [messages.submissionFileUnknown] });
    files.push({ name: plainText(file.name) || 'fichier', url: file.url, size: upload.size ?? file.size });
  }
  const content = body.content === undefined ? null : plainText(body.content);
  const submitted = await submitAssignment(services, {
    storeId: learner.store.id,
    customerId: learner.customer.id,
    trainingItemId: row.id,
    content,
    files,
  });
  return presentOne(services.db, training.id, submitted);
}

/** The learner's assignment of the item, or null when never opened (GET must not start it). */
async function myAssignment(services: Services, learner: LearnerAuth, itemId: number) {
  const [row] = await services.db
    .select()
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.trainingItemId, itemId), eq(assignmentSubmissions.customerId, learner.customer.id)))
    .limit(1);
  return row ?? null;
}

/** GET …/assignment_comments: the thread with the team, oldest first (empty before the assignment is opened). */
export async function listMyAssignmentComments(services: Services, learner: LearnerAuth, ref: string, itemId: number) {
  const { row } = await openAssignmentItem(services, learner, ref, itemId);
  const assignment = await myAssignment(services, learner, row.id);
  return { data: assignment ? await commentsOf(services, assignment.id) : [] };
}

/** POST …/assignment_comments: the learner writes to the team (plain text; the assignment opens if it was not). */
export async function createMyAssignmentComment(services: Services, learner: LearnerAuth, ref: string, itemId: number, content: string) {
  const { row } = await openAssignmentItem(services, learner, ref, itemId);
  const assignment = await startAssignment(services, { customerId: learner.customer.id, trainingItemId: row.id });
  return addAssignmentComment(services, { assignmentId: assignment.id, customerId: learner.customer.id, content: plainText(content) });
}

/**
 * POST me/uploads: an address for one assignment file, under the store's plan limit (spec 8 "file too large",
 * 422; a plan without assignments 403). The upload is the learner's: only they can hand it in.
 */
export async function createLearnerUploadUrl(services: Services, learner: LearnerAuth, body: UploadBody) {
  return presignUpload(services, { store: learner.store, trainingId: null, userId: null, customerId: learner.customer.id, anyPlan: false }, body);
}
