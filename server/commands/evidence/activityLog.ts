import { sql } from 'drizzle-orm';
import { assignmentEvents, assignmentSubmissions, customerConnections, customerTrainings, itemFeedbacks, itemProgress, quizAttempts, trainingItems, trainings } from '../../db/schema.js';
import { csvAttachment, csvDocument } from '../../http/csv.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { customerOf } from '../customers/customers.js';
import { trainingOf } from '../catalogue/scope.js';
import { DEFAULT_TZ, localDate } from '../trainingLearners/period.js';

type EventKind = 'connection' | 'completed' | 'quiz' | 'submitted' | 'corrected' | 'feedback';

/** One line of a learner's activity log: what happened, when, in which training and item. */
export interface ActivityLine {
  at: Date;
  kind: EventKind;
  training: string | null;
  item: string | null;
  /** Device, time spent, score, decision or rating, already written. */
  detail: string;
}

/** A log over the store's whole history of one learner holds a few thousand lines: read at most this many. */
const MAX_LINES = 50_000;

/**
 * Everything a learner did, oldest first, read from the rows the learner area writes: connections (with the
 * device), item completions (with the time spent), quiz attempts (score, passed or not), assignments handed in
 * and corrected, lesson feedback. Only the given training's when `trainingId` is set. The customer is already
 * known to be of the caller's store.
 */
export async function activityOf(services: Services, customerId: string, trainingId: string | null): Promise<ActivityLine[]> {
  const inTraining = (column: unknown) => (trainingId ? sql`${column} = ${trainingId}` : sql`true`);
  const result = await services.db.execute(sql`
    select * from (
      select cc.at, 'connection' as kind, t.name as training, null as item, cc.device_type as detail
      from ${customerConnections} cc left join ${trainings} t on t.id = cc.training_id
      where cc.customer_id = ${customerId} and ${inTraining(sql`cc.training_id`)}
      union all
      select ip.completed_at, 'completed', t.name, ti.name, ip.time_spent::text
      from ${itemProgress} ip join ${customerTrainings} ct on ct.id = ip.customer_training_id
        join ${trainingItems} ti on ti.id = ip.training_item_id join ${trainings} t on t.id = ct.training_id
      where ct.customer_id = ${customerId} and ip.completed_at is not null and ${inTraining(sql`ct.training_id`)}
      union all
      select qa.answered_at, 'quiz', t.name, ti.name, qa.score::text || '|' || qa.success::text
      from ${quizAttempts} qa join ${trainingItems} ti on ti.id = qa.training_item_id join ${trainings} t on t.id = ti.training_id
      where qa.customer_id = ${customerId} and ${inTraining(sql`ti.training_id`)}
      union all
      select ae.created_at, case when ae.type = 'customer_submission' then 'submitted' else 'corrected' end, t.name, ti.name, coalesce(ae.decision, '')
      from ${assignmentEvents} ae join ${assignmentSubmissions} s on s.id = ae.assignment_id
        join ${trainingItems} ti on ti.id = s.training_item_id join ${trainings} t on t.id = ti.training_id
      where s.customer_id = ${customerId} and ae.type in ('customer_submission', 'teacher_validation') and ${inTraining(sql`ti.training_id`)}
      union all
      select f.updated_at, 'feedback', t.name, ti.name, coalesce(f.rating::text, '')
      from ${itemFeedbacks} f join ${trainingItems} ti on ti.id = f.training_item_id join ${trainings} t on t.id = f.training_id
      where f.customer_id = ${customerId} and ${inTraining(sql`f.training_id`)}
    ) log
    order by 1, 2
    limit ${MAX_LINES}
  `);
  return (result as unknown as { rows: { at: Date | string; kind: EventKind; training: string | null; item: string | null; detail: string | null }[] }).rows.map((row) => ({
    at: new Date(row.at),
    kind: row.kind,
    training: row.training,
    item: row.item,
    detail: row.detail ?? '',
  }));
}

/** A moment as the team reads it: the store's zone (Europe/Paris), "YYYY-MM-DD HH:MM:SS". */
export const localDateTime = (at: Date) => `${localDate(at, DEFAULT_TZ)} ${at.toLocaleTimeString('fr-FR', { timeZone: DEFAULT_TZ, hour12: false })}`;

function detailOf(line: ActivityLine, locale: Locale): string {
  if (line.kind === 'completed') return `${Math.round(Number(line.detail) / 60)} min`;
  if (line.kind === 'quiz') {
    const [score, success] = line.detail.split('|');
    return `${Number(score)} % ${success === 'true' ? (locale === 'fr' ? '(réussi)' : '(passed)') : locale === 'fr' ? '(échoué)' : '(failed)'}`;
  }
  if (line.kind === 'feedback' && line.detail) return `${line.detail} / 5`;
  return line.detail;
}

/** The log as CSV lines (formula-safe, server/http/csv.ts), headed in the caller's language. */
export function activityCsv(lines: ActivityLine[], locale: Locale): string {
  const h = messages.activityLog;
  const header = [h.at, h.event, h.training, h.item, h.detail].map((text) => inLocale(text, locale));
  return csvDocument([header, ...lines.map((line) => [localDateTime(line.at), inLocale(h[line.kind], locale), line.training ?? '', line.item ?? '', detailOf(line, locale)])]);
}

/** GET /stores/{id}/customers/{customerUuid}/logs/export: a customer of the store, one training's log when asked. */
export async function exportCustomerLogs(services: Services, storeId: string, customerUuid: string, trainingUuid: string | undefined, locale: Locale) {
  const customer = await customerOf(services, storeId, customerUuid);
  const training = trainingUuid ? await trainingOf(services, storeId, trainingUuid) : null;
  const lines = await activityOf(services, customer.id, training?.id ?? null);
  return { body: activityCsv(lines, locale), headers: csvAttachment(`journal-${localDate(services.clock(), DEFAULT_TZ)}.csv`) };
}
