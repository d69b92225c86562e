import type { components } from '../../src/api/schema.gen.js';
import type { notifications } from '../db/schema.js';

type NotificationBody = components['schemas']['Notification'];
export type NotificationRow = typeof notifications.$inferSelect;
export interface ActorNames {
  displayName: string | null;
  firstname: string;
  lastname: string | null;
}

export const ACTOR_PLACEHOLDER = '{actor}';
export const DELETED_MEMBER = 'Membre supprimé';
const MAX_TEXT = 1000;

/** The same rule as a user's own display_name, so the bell names people as their profile does. */
export function actorName(actor: ActorNames): string {
  return actor.displayName?.trim() || [actor.firstname, actor.lastname].filter(Boolean).join(' ');
}

/** `actor` is null when nobody caused it, or when the user who did was deleted (the FK set it to null). */
export function presentNotification(row: NotificationRow, actor: ActorNames | null): NotificationBody {
  let text = row.template.replaceAll(ACTOR_PLACEHOLDER, actor ? actorName(actor) : DELETED_MEMBER);
  // A long name in a long template must not turn the whole list into a contract violation (500).
  if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT - 1)}…`;
  return {
    id: row.id,
    type: row.type,
    // The contract keeps the spec's shape: data travels as JSON text that the client parses into a link.
    data: JSON.stringify(row.data),
    text,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}
