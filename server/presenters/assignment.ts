import type { components } from '../../src/api/schema.gen.js';
import type { assignmentComments, assignmentEvents, assignmentSubmissions, customers, users } from '../db/schema.js';
import { presentCustomerRef } from './customer.js';
import { authorOf } from './trainingComment.js';
import { presentUserRef } from './user.js';

type AssignmentBody = components['schemas']['Assignment'];
type AssignmentCommentBody = components['schemas']['AssignmentComment'];
type AssignmentSubmissionBody = components['schemas']['AssignmentSubmission'];

export type AssignmentRow = typeof assignmentSubmissions.$inferSelect;
export type AssignmentEventRow = typeof assignmentEvents.$inferSelect;
type CustomerPart = Pick<typeof customers.$inferSelect, 'id' | 'email' | 'firstname' | 'lastname' | 'picture'>;
type UserPart = Pick<typeof users.$inferSelect, 'id' | 'firstname' | 'lastname' | 'displayName' | 'picture'>;

/** Who did something: a learner, a team member, or null once that person was deleted ("Membre supprimé"). */
export interface WithPeople {
  customer: CustomerPart | null;
  user: UserPart | null;
}

export interface AssignmentWithDetail {
  assignment: AssignmentRow;
  trainingUuid: string;
  customer: CustomerPart;
  /** Oldest first. */
  events: (WithPeople & { event: AssignmentEventRow })[];
  commentsCount: number;
}

const iso = (date: Date) => date.toISOString();

export function presentAssignment(detail: AssignmentWithDetail): AssignmentBody {
  const validations = detail.events.filter((e) => e.event.type === 'teacher_validation');
  const correctionOf = (submissionId: number) => validations.find((v) => v.event.submissionId === submissionId);
  const submissions: AssignmentSubmissionBody[] = detail.events
    .filter((e) => e.event.type === 'customer_submission')
    .map(({ event }) => {
      const validation = correctionOf(event.id);
      return {
        id: event.id,
        content: event.content,
        files: event.files,
        submitted_at: iso(event.createdAt),
        decision: validation?.event.decision ?? null,
        correction: validation?.event.correction ?? null,
        corrected_by: validation?.user ? presentUserRef(validation.user) : null,
        corrected_at: validation ? iso(validation.event.createdAt) : null,
      };
    })
    .reverse();
  return {
    id: detail.assignment.id,
    training_uuid: detail.trainingUuid,
    training_item_id: detail.assignment.trainingItemId,
    customer: presentCustomerRef(detail.customer),
    status: detail.assignment.status,
    decision: detail.assignment.decision,
    submissions,
    history: detail.events.map((e) => ({
      id: e.event.id,
      type: e.event.type,
      actor: authorOf(e),
      submission_id: e.event.type === 'customer_submission' ? e.event.id : e.event.submissionId,
      decision: e.event.decision,
      correction: e.event.correction,
      created_at: iso(e.event.createdAt),
    })),
    comments_count: detail.commentsCount,
    created_at: iso(detail.assignment.createdAt),
    updated_at: iso(detail.assignment.updatedAt),
  };
}

export function presentAssignmentComment(row: WithPeople & { comment: typeof assignmentComments.$inferSelect }): AssignmentCommentBody {
  return { id: row.comment.id, content: row.comment.content, author: authorOf(row), created_at: iso(row.comment.createdAt) };
}
