import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { may, reachesStore, type Actor } from './policy.js';
import type { Role } from './roles.js';

/**
 * Who may manage whom in a team (spec 6: only OWNER and ADMIN manage users). Ranks: OWNER above ADMIN above the
 * other roles (TEACHER, ANALYST, STAFF side by side). Platform admins rank as owners. Nobody touches the OWNER,
 * nobody changes or removes themselves, nobody manages a member of their own rank or above (an ADMIN cannot
 * change another ADMIN), and nobody gives a role above their own.
 */
const RANK: Record<Role, number> = { OWNER: 3, ADMIN: 2, TEACHER: 1, ANALYST: 1, STAFF: 1 };

const rankOf = (actor: Pick<Actor, 'role' | 'isAdmin'>) => (actor.isAdmin ? RANK.OWNER : (RANK[actor.role as Role] ?? 0));

export interface TeamActor extends Actor {
  id: string;
}

/** Why `actor` may not change or remove `member`, or null when they may. */
export function memberRefusal(actor: TeamActor, member: { id: string; role: Role; storeId: string }) {
  if (!reachesStore(actor, member.storeId) || !may(actor, 'manageStore')) return messages.forbidden;
  if (member.role === 'OWNER') return messages.ownerUntouchable;
  if (member.id === actor.id) return messages.notOwnRole;
  if (RANK[member.role] >= rankOf(actor)) return messages.memberAboveYou;
  return null;
}

/** Why `actor` may not give `role` (to a member or an invitation), or null when they may. */
export function roleRefusal(actor: Actor, role: Role) {
  if (!may(actor, 'manageStore')) return messages.forbidden;
  if (role === 'OWNER' || RANK[role] > rankOf(actor)) return messages.roleAboveYours;
  return null;
}

/** Throws 403 with the reason when `actor` may not manage `member`. */
export function assertMayManageMember(actor: TeamActor, member: { id: string; role: Role; storeId: string }) {
  const refusal = memberRefusal(actor, member);
  if (refusal) throw forbidden(refusal);
}

/** Throws 403 with the reason when `actor` may not give `role`. */
export function assertMayGrantRole(actor: Actor, role: Role) {
  const refusal = roleRefusal(actor, role);
  if (refusal) throw forbidden(refusal);
}
