import { describe, expect, it } from 'vitest';
import { listOperations, loadDocument } from '../../../server/openapi/document';
import { ACTIONS, may, operationRefusal, plansAllow, reachesStore, rolesAllow, rolesOf, type Action } from '../../../server/policies/policy';
import { ROLES, ROLE_GROUPS } from '../../../server/policies/roles';

const STORE = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'b0000000-0000-4000-8000-000000000002';

/**
 * The whole table, written out by hand (not derived from ACTIONS): who may do what in their own store.
 * A change to a role group shows here as a diff of this table.
 */
const TABLE: Record<Action, Record<string, boolean>> = {
  previewStore: { OWNER: true, ADMIN: true, TEACHER: true, ANALYST: false, STAFF: false },
  editCatalogue: { OWNER: true, ADMIN: true, TEACHER: true, ANALYST: false, STAFF: false },
  manageStore: { OWNER: true, ADMIN: true, TEACHER: false, ANALYST: false, STAFF: false },
  readStatistics: { OWNER: true, ADMIN: true, TEACHER: false, ANALYST: true, STAFF: false },
  readCatalogue: { OWNER: true, ADMIN: true, TEACHER: true, ANALYST: true, STAFF: true },
};

describe('may (role × action × store)', () => {
  it('the table covers every action and every role', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(ACTIONS).sort());
    for (const row of Object.values(TABLE)) expect(Object.keys(row).sort()).toEqual([...ROLES].sort());
  });

  for (const [action, row] of Object.entries(TABLE) as [Action, Record<string, boolean>][]) {
    for (const [role, allowed] of Object.entries(row)) {
      it(`${role} ${allowed ? 'may' : 'may not'} ${action} in its own store, and never in another`, () => {
        const actor = { role, isAdmin: false, storeId: STORE };
        expect(may(actor, action)).toBe(allowed);
        expect(may(actor, action, { storeId: STORE })).toBe(allowed);
        expect(may(actor, action, { storeId: OTHER })).toBe(false);
      });
    }
    it(`a platform admin may ${action} in any store, whatever its role`, () => {
      for (const role of ROLES) {
        const admin = { role, isAdmin: true, storeId: STORE };
        expect(may(admin, action, { storeId: STORE })).toBe(true);
        expect(may(admin, action, { storeId: OTHER })).toBe(true);
      }
    });
  }

  it('a learner role or an unknown role may do nothing', () => {
    for (const action of Object.keys(ACTIONS) as Action[]) {
      expect(may({ role: 'CUSTOMER', isAdmin: false, storeId: STORE }, action)).toBe(false);
      expect(may({ role: 'owner', isAdmin: false, storeId: STORE }, action)).toBe(false);
    }
  });

  it('reachesStore: own store only, every store for platform admins', () => {
    expect(reachesStore({ isAdmin: false, storeId: STORE }, STORE)).toBe(true);
    expect(reachesStore({ isAdmin: false, storeId: STORE }, OTHER)).toBe(false);
    expect(reachesStore({ isAdmin: true, storeId: STORE }, OTHER)).toBe(true);
  });
});

describe('operation checks (x-roles, x-plans)', () => {
  it('rolesAllow: listed roles; admins pass every back-office list but not learner-only ones', () => {
    expect(rolesAllow([], { role: 'STAFF', isAdmin: false })).toBe(true);
    expect(rolesAllow(['OWNER', 'ADMIN'], { role: 'ADMIN', isAdmin: false })).toBe(true);
    expect(rolesAllow(['OWNER', 'ADMIN'], { role: 'TEACHER', isAdmin: false })).toBe(false);
    expect(rolesAllow(['OWNER', 'ADMIN'], { role: 'TEACHER', isAdmin: true })).toBe(true);
    expect(rolesAllow(['PLATFORM_ADMIN'], { role: 'OWNER', isAdmin: false })).toBe(false);
    expect(rolesAllow(['PLATFORM_ADMIN'], { role: 'STAFF', isAdmin: true })).toBe(true);
    expect(rolesAllow(['CUSTOMER'], { role: 'OWNER', isAdmin: true })).toBe(false);
  });

  it('plansAllow: listed plans; admins pass', () => {
    expect(plansAllow(undefined, 'PERCENT', false)).toBe(true);
    expect(plansAllow([], 'PERCENT', false)).toBe(true);
    expect(plansAllow(['PRO', 'EXPERT'], 'PRO', false)).toBe(true);
    expect(plansAllow(['PRO', 'EXPERT'], 'PERK', false)).toBe(false);
    expect(plansAllow(['PRO', 'EXPERT'], 'PERK', true)).toBe(true);
  });

  it('operationRefusal: the role is checked before the plan', () => {
    const op = { roles: ['OWNER'], plans: ['EXPERT'] };
    expect(operationRefusal(op, { role: 'ADMIN', isAdmin: false }, { plan: 'PERCENT' })).toBe('role');
    expect(operationRefusal(op, { role: 'OWNER', isAdmin: false }, { plan: 'PERCENT' })).toBe('plan');
    expect(operationRefusal(op, { role: 'OWNER', isAdmin: false }, { plan: 'EXPERT' })).toBeNull();
    expect(operationRefusal(op, { role: 'STAFF', isAdmin: true }, { plan: 'PERCENT' })).toBeNull();
  });
});

describe('the contract and the policy say the same', () => {
  const operations = listOperations(loadDocument());
  const groups = Object.values(ROLE_GROUPS).map((group) => [...group].sort().join(','));

  it('every x-roles list is one of the role groups (learners and platform admins aside)', () => {
    const strays = operations.flatMap((operation) => {
      const team = operation.roles.filter((role) => role !== 'CUSTOMER' && role !== 'PLATFORM_ADMIN');
      if (!team.length) return [];
      return groups.includes([...team].sort().join(',')) ? [] : [`${operation.operationId}: ${operation.roles.join(', ')}`];
    });
    expect(strays).toEqual([]);
  });

  it('createPreviewToken declares the roles of previewStore, which still gate the token when used', () => {
    const operation = operations.find((o) => o.operationId === 'createPreviewToken');
    expect([...operation!.roles].sort()).toEqual([...rolesOf('previewStore')].sort());
  });
});
