import { ROLE_GROUPS, inGroup, type RoleGroup } from './roles.js';

/**
 * Who asks: a back-office user's role, the platform-admin flag and the store the user belongs to. A
 * session's `user` row fits as it is (`storeId`, `role`, `isAdmin`).
 */
export interface Actor {
  role: string;
  isAdmin: boolean;
  storeId: string;
}

/** A record of a store: every store-scoped row carries its store. */
export interface StoreRecord {
  storeId: string;
}

/**
 * What the server decides itself, outside the contract's per-operation x-roles: each action names the role
 * group allowed it. Platform admins are allowed every action, in every store.
 */
export const ACTIONS = {
  /** Issue a preview token for the learner area, and still use one later (POST /stores/{storeUuid}/token). */
  previewStore: 'editors',
  /** Create, edit, reorder, delete trainings, bundles and their items; enrol learners. */
  editCatalogue: 'editors',
  /** Change the store's settings, company and team. */
  manageStore: 'managers',
  /** Read statistics and exports. */
  readStatistics: 'analysts',
  /** Read the catalogue, the team directory, one's notifications. */
  readCatalogue: 'team',
} as const satisfies Record<string, RoleGroup>;

export type Action = keyof typeof ACTIONS;

/** May `actor` reach rows of the store `storeId` at all? Its own store only; platform admins every store. */
export function reachesStore(actor: Pick<Actor, 'isAdmin' | 'storeId'>, storeId: string): boolean {
  return actor.isAdmin || actor.storeId === storeId;
}

/**
 * May `actor` do `action`, to `record` when one is given? The role must be in the action's group and the
 * record in the actor's store; platform admins pass both.
 */
export function may(actor: Actor, action: Action, record?: StoreRecord): boolean {
  if (record && !reachesStore(actor, record.storeId)) return false;
  return actor.isAdmin || inGroup(ACTIONS[action], actor.role);
}

/** The role list of an action (what its contract operations declare as x-roles). */
export function rolesOf(action: Action): readonly string[] {
  return ROLE_GROUPS[ACTIONS[action]];
}

/**
 * Is a back-office `user` allowed by an operation's x-roles? The platform-admin flag passes every
 * back-office role check; learner-only operations (`CUSTOMER`) stay closed to back-office sessions.
 */
export function rolesAllow(roles: readonly string[], user: { role: string; isAdmin: boolean }): boolean {
  if (roles.length === 0) return true;
  if (roles.includes(user.role)) return true;
  return user.isAdmin && roles.some((role) => role !== 'CUSTOMER');
}

/** Is the store's plan one of an operation's x-plans? Platform admins pass, like for roles. */
export function plansAllow(plans: readonly string[] | undefined, plan: string, isAdmin: boolean): boolean {
  return !plans?.length || isAdmin || plans.includes(plan);
}

/** Why a caller may not call an operation, or null when it may: its role (403 FORBIDDEN) or its store's plan (403 PLAN_REQUIRED). */
export function operationRefusal(
  operation: { roles: readonly string[]; plans: readonly string[] | undefined },
  user: { role: string; isAdmin: boolean },
  store: { plan: string },
): 'role' | 'plan' | null {
  if (!rolesAllow(operation.roles, user)) return 'role';
  if (!plansAllow(operation.plans, store.plan, user.isAdmin)) return 'plan';
  return null;
}
