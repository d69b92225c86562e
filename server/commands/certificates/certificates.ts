import { and, eq, sql } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { formatDuration } from '../../../shared/duration.js';
import { customers, customerTrainings, itemProgress, type trainings } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { followedTraining } from '../../policies/schoolScope.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { companyOf } from '../companies.js';
import { certificatePdf, type CertificateContent } from './certificatePdf.js';

type Form = NonNullable<operations['createCompletionCertificate']['requestBody']>['content']['application/json'];
type TrainingRow = typeof trainings.$inferSelect;
type EnrolmentRow = typeof customerTrainings.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** Dates print as a French certificate writes them, in the stores' time zone (Paris, see the README). */
const day = (date: Date) => date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const formDay = (value: string | undefined) => (value ? day(new Date(`${value}T12:00:00Z`)) : undefined);

/** A certificate exists when the training gives them (403 otherwise) and the learner completed it (422 otherwise). */
export function certificateRefusal(training: Pick<TrainingRow, 'certificateEnabled'>, enrolment: Pick<EnrolmentRow, 'completedAt' | 'customerType'>) {
  if (!training.certificateEnabled) return forbidden(messages.certificatesOff, 'CERTIFICATES_OFF');
  if (enrolment.customerType === 'ABANDONED_CART') return invalid({ body: [messages.notEnrolled] }, messages.notEnrolled);
  if (!enrolment.completedAt) return invalid({ completed_at: [messages.certificateNotCompleted] }, messages.certificateNotCompleted);
  return null;
}

export const certificateAvailable = (training: Pick<TrainingRow, 'certificateEnabled'>, enrolment: Pick<EnrolmentRow, 'completedAt' | 'customerType'>) =>
  certificateRefusal(training, enrolment) === null;

/** The document's fields: the form's first, then the customer, the training and the store's company. */
async function contentOf(services: Services, training: TrainingRow, enrolment: EnrolmentRow, customer: CustomerRow, form: Form, kind: CertificateContent['kind']) {
  const company = await companyOf(services, training.storeId);
  const fullName = [customer.firstname, customer.lastname].filter((part) => part?.trim()).join(' ') || customer.email;
  const organisation = form.organisation ?? company.name ?? '';
  const now = services.clock();
  return {
    kind,
    id: enrolment.id,
    learnerName: form.learner_name ?? fullName,
    trainingName: training.name,
    nature: form.nature ?? 'Action de formation',
    hours: form.hours ?? null,
    startDate: formDay(form.start_date) ?? day(enrolment.enrolledAt),
    endDate: formDay(form.end_date) ?? day(enrolment.completedAt ?? now),
    completedOn: enrolment.completedAt ? day(enrolment.completedAt) : null,
    attendance: null,
    organisation: organisation || 'Organisme de formation',
    addressLines: [
      company.addressLine1,
      company.addressLine2,
      [company.postalCode, company.city].filter(Boolean).join(' '),
      company.country,
    ].filter((value): value is string => Boolean(value?.trim())),
    siret: form.siret ?? company.siret,
    activityNumber: form.activity_number ?? company.activityNumber,
    signatory: form.signatory ?? company.signatoryName,
    place: form.place ?? company.city,
    issuedOn: day(now),
  } satisfies CertificateContent;
}

/** The completion certificate: only when the training gives them and the learner completed it. */
export async function completionPdf(services: Services, training: TrainingRow, enrolment: EnrolmentRow, customer: CustomerRow, form: Form = {}) {
  const refusal = certificateRefusal(training, enrolment);
  if (refusal) throw refusal;
  return certificatePdf(await contentOf(services, training, enrolment, customer, form, 'COMPLETION'));
}

/** Seconds the learner's items logged in this enrolment (the player's time_spent), summed. */
export async function loggedSeconds(services: Services, enrolmentId: string) {
  const [row] = await services.db
    .select({ seconds: sql<number>`coalesce(sum(${itemProgress.timeSpent}), 0)`.mapWith(Number) })
    .from(itemProgress)
    .where(eq(itemProgress.customerTrainingId, enrolmentId));
  return row?.seconds ?? 0;
}

/**
 * The attendance certificate (attestation d'assiduité): for any learner of the training (not an abandoned cart),
 * completed or not, whatever the training's certificate switch (it is the team's paperwork, not the learner's
 * reward); it prints the time their lessons logged and their progress, up to today when not completed.
 */
export async function attendancePdf(services: Services, training: TrainingRow, enrolment: EnrolmentRow, customer: CustomerRow, form: Form = {}) {
  if (enrolment.customerType === 'ABANDONED_CART') throw invalid({ body: [messages.notEnrolled] }, messages.notEnrolled);
  const content = await contentOf(services, training, enrolment, customer, form, 'ATTENDANCE');
  const attendance = { timeSpent: formatDuration(await loggedSeconds(services, enrolment.id)), progress: Math.round(enrolment.progress * 100) / 100 };
  return certificatePdf({ ...content, attendance });
}

/** A training of the caller's store and one of its enrolments, with the customer (404 for anything else). */
export async function enrolmentOf(services: Services, storeId: string, trainingUuid: string, customerUuid: string) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const [row] = await services.db
    .select({ enrolment: customerTrainings, customer: customers })
    .from(customerTrainings)
    .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
    .where(and(eq(customerTrainings.trainingId, training.id), eq(customerTrainings.customerId, customerUuid), eq(customers.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound();
  return { training, ...row };
}

/** POST /trainings/{uuid}/customers/{customerUuid}/certificate: a training and an enrolment of the caller's store. */
export async function teamCertificate(services: Services, storeId: string, trainingUuid: string, customerUuid: string, form: Form | undefined) {
  const { training, enrolment, customer } = await enrolmentOf(services, storeId, trainingUuid, customerUuid);
  return completionPdf(services, training, enrolment, customer, form);
}

/** POST /trainings/{uuid}/customers/{customerUuid}/attendance: the same enrolment's attendance certificate. */
export async function teamAttendanceCertificate(services: Services, storeId: string, trainingUuid: string, customerUuid: string, form: Form | undefined) {
  const { training, enrolment, customer } = await enrolmentOf(services, storeId, trainingUuid, customerUuid);
  return attendancePdf(services, training, enrolment, customer, form);
}

/** GET /school/stores/{subdomain}/me/trainings/{slug}/certificate: the signed-in learner's own. */
export async function learnerCertificate(services: Services, learner: LearnerAuth, ref: string) {
  const { training, enrolment } = await followedTraining(services, learner, ref);
  return completionPdf(services, training, enrolment, learner.customer);
}
