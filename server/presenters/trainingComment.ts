import type { components } from '../../src/api/schema.gen.js';
import type { customers, trainingComments, users } from '../db/schema.js';
import { customerDisplayName } from './customer.js';
import { presentUserRef } from './user.js';

type TrainingCommentBody = components['schemas']['TrainingComment'];
type AuthorBody = components['schemas']['Author'];

export type TrainingCommentRow = typeof trainingComments.$inferSelect;

/** A comment as read with its item's name and whoever wrote it (both null once that person was deleted). */
export interface CommentWithAuthor {
  comment: TrainingCommentRow;
  itemName: string;
  customer: Pick<typeof customers.$inferSelect, 'id' | 'email' | 'firstname' | 'lastname' | 'picture'> | null;
  user: Pick<typeof users.$inferSelect, 'id' | 'firstname' | 'lastname' | 'displayName' | 'picture'> | null;
}

/** null when the learner or team member was deleted: the client shows "Membre supprimé". */
export function authorOf(row: Pick<CommentWithAuthor, 'customer' | 'user'>): AuthorBody | null {
  if (row.customer) {
    return { type: 'CUSTOMER', uuid: row.customer.id, display_name: customerDisplayName(row.customer), picture: row.customer.picture };
  }
  if (row.user) return { type: 'USER', ...presentUserRef(row.user) };
  return null;
}

export function presentTrainingComment(row: CommentWithAuthor, children: TrainingCommentBody[]): TrainingCommentBody {
  return {
    id: row.comment.id,
    content: row.comment.content,
    author: authorOf(row),
    training_item: { id: row.comment.trainingItemId, name: row.itemName },
    parent_id: row.comment.parentId,
    children,
    created_at: row.comment.createdAt.toISOString(),
  };
}
