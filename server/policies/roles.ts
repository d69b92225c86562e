import { roleEnum } from '../db/schema.js';

/** A back-office role (users.role). Learners (CUSTOMER) and platform admins (users.is_admin) are not roles of a team. */
export type Role = (typeof roleEnum.enumValues)[number];
export const ROLES: readonly Role[] = roleEnum.enumValues;

/**
 * The team roles allowed each kind of work: the one place the server writes role lists. The contract's
 * x-roles say the same per operation, and tests/unit/server/policies.test.ts holds every x-roles list of the
 * contract to one of these groups (plus CUSTOMER where learners share an operation).
 */
export const ROLE_GROUPS = {
  /** The account holder: plan, billing, affiliation. */
  owner: ['OWNER'],
  /** Store settings, team, sales. */
  managers: ['OWNER', 'ADMIN'],
  /** Trainings and bundles: create, edit, enrol learners, preview the learner area. */
  editors: ['OWNER', 'ADMIN', 'TEACHER'],
  /** Statistics and exports. */
  analysts: ['OWNER', 'ADMIN', 'ANALYST'],
  /** A learner's progress in a training: those who teach them (and unblock their items) and those who read figures. */
  progressReaders: ['OWNER', 'ADMIN', 'TEACHER', 'ANALYST'],
  /** Everyone of the team: read the catalogue, own account, notifications. */
  team: ['OWNER', 'ADMIN', 'TEACHER', 'ANALYST', 'STAFF'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

/** Does `role` belong to `group`? */
export function inGroup(group: RoleGroup, role: string): boolean {
  return (ROLE_GROUPS[group] as readonly string[]).includes(role);
}
