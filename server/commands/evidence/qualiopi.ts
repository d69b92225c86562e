import { and, asc, eq, ne, type AnyColumn } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { formatDuration } from '../../../shared/duration.js';
import { assignmentSubmissions, itemFeedbacks, itemProgress, quizAttempts, trainingItems } from '../../db/schema.js';
import { csvDocument } from '../../http/csv.js';
import type { Services } from '../../services.js';
import { attendancePdf, certificateAvailable, completionPdf, enrolmentOf } from '../certificates/certificates.js';
import { activityCsv, activityOf, localDateTime } from './activityLog.js';

const when = (at: Date | null) => (at ? localDateTime(at) : '');
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'formation';

/**
 * GET /trainings/{uuid}/customers/{customerUuid}/qualiopi/export: one learner's evidence for a Qualiopi audit, as
 * a zip (fflate) of what the platform recorded, in French (the audit's language):
 * - journal-activite.csv: connections, completions, quiz attempts, assignments, feedback, oldest first;
 * - progression.csv: every item of the training (chapters aside) with its completion, time spent and score;
 * - quiz.csv: every attempt (score, passed); devoirs.csv: every assignment's standing; avis.csv: lesson feedback;
 * - attestation-assiduite.pdf always; certificat-realisation.pdf when the training gives one and it is completed.
 */
export async function exportQualiopiEvidence(services: Services, storeId: string, trainingUuid: string, customerUuid: string) {
  const { training, enrolment, customer } = await enrolmentOf(services, storeId, trainingUuid, customerUuid);
  const items = await services.db
    .select({ id: trainingItems.id, name: trainingItems.name, type: trainingItems.type, progress: itemProgress })
    .from(trainingItems)
    .leftJoin(itemProgress, and(eq(itemProgress.trainingItemId, trainingItems.id), eq(itemProgress.customerTrainingId, enrolment.id)))
    .where(and(eq(trainingItems.trainingId, training.id), ne(trainingItems.type, 'SECTION')))
    .orderBy(asc(trainingItems.position), asc(trainingItems.id));
  const names = new Map(items.map((item) => [item.id, item.name]));
  const ofTraining = (column: AnyColumn) => and(eq(trainingItems.trainingId, training.id), eq(trainingItems.id, column));
  const attempts = await services.db
    .select({ itemId: quizAttempts.trainingItemId, attempt: quizAttempts.attempt, score: quizAttempts.score, success: quizAttempts.success, at: quizAttempts.answeredAt })
    .from(quizAttempts)
    .innerJoin(trainingItems, ofTraining(quizAttempts.trainingItemId))
    .where(eq(quizAttempts.customerId, customer.id))
    .orderBy(asc(quizAttempts.answeredAt));
  const submissions = await services.db
    .select({ itemId: assignmentSubmissions.trainingItemId, status: assignmentSubmissions.status, decision: assignmentSubmissions.decision, at: assignmentSubmissions.updatedAt })
    .from(assignmentSubmissions)
    .innerJoin(trainingItems, ofTraining(assignmentSubmissions.trainingItemId))
    .where(eq(assignmentSubmissions.customerId, customer.id))
    .orderBy(asc(assignmentSubmissions.updatedAt));
  const feedbacks = await services.db
    .select({ itemId: itemFeedbacks.trainingItemId, rating: itemFeedbacks.rating, comment: itemFeedbacks.comment, at: itemFeedbacks.updatedAt })
    .from(itemFeedbacks)
    .where(and(eq(itemFeedbacks.trainingId, training.id), eq(itemFeedbacks.customerId, customer.id)))
    .orderBy(asc(itemFeedbacks.updatedAt));

  const files: Record<string, Uint8Array> = {
    'journal-activite.csv': strToU8(activityCsv(await activityOf(services, customer.id, training.id), 'fr')),
    'progression.csv': strToU8(
      csvDocument([
        ['Élément', 'Type', 'Terminé le', 'Temps passé', 'Score (%)', 'Débloqué par l’équipe'],
        ...items.map((item) => [
          item.name,
          item.type,
          when(item.progress?.completedAt ?? null),
          formatDuration(item.progress?.timeSpent ?? 0),
          item.progress?.score === null || item.progress?.score === undefined ? '' : String(item.progress.score),
          item.progress?.unblockedByTeacher ? 'oui' : 'non',
        ]),
      ]),
    ),
    'quiz.csv': strToU8(
      csvDocument([['Quiz', 'Tentative', 'Date', 'Score (%)', 'Réussi'], ...attempts.map((a) => [names.get(a.itemId) ?? '', String(a.attempt), when(a.at), String(a.score), a.success ? 'oui' : 'non'])]),
    ),
    'devoirs.csv': strToU8(
      csvDocument([['Devoir', 'Statut', 'Décision', 'Mis à jour le'], ...submissions.map((s) => [names.get(s.itemId) ?? '', s.status, s.decision ?? '', when(s.at)])]),
    ),
    'avis.csv': strToU8(
      csvDocument([['Leçon', 'Note (sur 5)', 'Commentaire', 'Date'], ...feedbacks.map((f) => [names.get(f.itemId) ?? '', f.rating === null ? '' : String(f.rating), f.comment ?? '', when(f.at)])]),
    ),
    'attestation-assiduite.pdf': await attendancePdf(services, training, enrolment, customer),
  };
  if (certificateAvailable(training, enrolment)) files['certificat-realisation.pdf'] = await completionPdf(services, training, enrolment, customer);
  // PDFs are already compressed: stored as they are; the CSVs deflated.
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, name.endsWith('.pdf') ? [bytes, { level: 0 }] : bytes])));
  return {
    body: Buffer.from(zip),
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="qualiopi-${slug(training.name)}-${slug([customer.lastname, customer.firstname].filter(Boolean).join(' ') || 'apprenant')}.zip"`,
      'cache-control': 'private, no-store',
    },
  };
}
