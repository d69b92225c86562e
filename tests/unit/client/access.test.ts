import { describe, expect, it } from 'vitest';
import { decideAccess, type Viewer } from '../../../src/app/access';
import { routes, type Role } from '../../../src/app/routes';

/**
 * Spec section 6, written out route by route (not derived from the route table) so the test can
 * disagree with it. O=OWNER A=ADMIN T=TEACHER N=ANALYST S=STAFF; "*" = any signed-in user;
 * "admin" = platform admins only; "guest" = signed-out only; "any" = everyone.
 */
const ALL = '*';
const STATS = 'OAN';
const MGR = 'OA';
const EDIT = 'OAT';
const expected: Record<string, string> = {
  login: 'guest', register: 'guest', register_from_invite: 'guest', resetpassword: 'guest', activation: 'any', learner_area: 'any', school: 'any',
  home: ALL, account: ALL, account_security: ALL, trainings: ALL, bundles: ALL,
  training_customers: ALL, training_comments: ALL, training_statistics: ALL,
  statistics: STATS, customers: STATS, customer: STATS, sales: STATS, discounts: STATS,
  embeds: MGR, plan: MGR, plan_test_payment: MGR, ai_assistant: MGR, ai_assistant_history: MGR, ai_assistant_dashboard: MGR,
  marketing: MGR, marketing_automations: MGR, marketing_automation_tools: MGR, marketing_emails: MGR,
  customization: MGR, customization_pages: MGR, customization_internal: MGR,
  affiliates: MGR, affiliates_sales: MGR, affiliates_settings: MGR, affiliate: MGR, affiliate_edit: MGR,
  affiliation: 'O', affiliation_godchildren: 'O', affiliation_revenues: 'O',
  trainings_certificates: MGR, trainings_settings: MGR,
  bundle: EDIT, bundle_settings: EDIT, bundle_price: EDIT, bundle_description: EDIT,
  training: EDIT, training_uuid_editor: EDIT, training_uuid_quiz: EDIT, training_uuid_quiz_answers: EDIT, training_uuid_tasks: EDIT, training_uuid_scorm: EDIT,
  training_uuid_assignment: EDIT, training_uuid_assignment_submissions: EDIT, training_uuid_assignment_submission: EDIT,
  training_settings: EDIT, training_price: EDIT, training_description: EDIT, training_seo: EDIT, training_internal: EDIT,
  settings: MGR, settings_team: MGR, settings_seo: MGR, settings_sso: MGR, settings_company: MGR, settings_payments: MGR,
  settings_communication: MGR, settings_integrations: MGR, settings_billing: MGR, settings_billing_invoice: MGR,
  admin: 'admin', admin_tops: 'admin', admin_kpi: 'admin', admin_operations: 'admin',
  community: ALL, community_onboarding: MGR, community_collection: ALL, community_group: ALL, community_group_posts: ALL,
  community_group_post: ALL, community_group_members: ALL, community_group_informations: ALL, community_group_abuses: ALL,
};

const letters: Record<Role, string> = { OWNER: 'O', ADMIN: 'A', TEACHER: 'T', ANALYST: 'N', STAFF: 'S' };
const viewers: Record<string, Viewer | null> = {
  OWNER: { role: 'OWNER', isAdmin: false, plan: 'EXPERT', communityEnabled: true },
  ADMIN: { role: 'ADMIN', isAdmin: false, plan: 'EXPERT', communityEnabled: true },
  TEACHER: { role: 'TEACHER', isAdmin: false, plan: 'EXPERT', communityEnabled: true },
  ANALYST: { role: 'ANALYST', isAdmin: false, plan: 'EXPERT', communityEnabled: true },
  STAFF: { role: 'STAFF', isAdmin: false, plan: 'EXPERT', communityEnabled: true },
  'platform admin (role STAFF)': { role: 'STAFF', isAdmin: true, plan: 'EXPERT', communityEnabled: true },
  guest: null,
};

function expectedKind(rule: string, viewer: Viewer | null): string {
  if (rule === 'any') return 'allow';
  if (rule === 'guest') return viewer ? 'home' : 'allow';
  if (!viewer) return 'login';
  if (viewer.isAdmin) return 'allow';
  if (rule === 'admin') return 'denied';
  if (rule === ALL) return 'allow';
  return rule.includes(letters[viewer.role]) ? 'allow' : 'denied';
}

describe('every route × every role', () => {
  it('the expectation table names every route of the table, and only those', () => {
    expect(Object.keys(expected).sort()).toEqual(routes.map((r) => r.name).sort());
  });

  for (const route of routes) {
    for (const [who, viewer] of Object.entries(viewers)) {
      it(`${route.name} (${route.path}) as ${who}`, () => {
        expect(decideAccess(route, viewer).kind).toBe(expectedKind(expected[route.name]!, viewer));
      });
    }
  }
});

describe('community and plan rules', () => {
  const owner = viewers.OWNER!;
  const byName = (name: string) => routes.find((r) => r.name === name)!;

  it('community pages need the community enabled, for every role', () => {
    for (const route of routes.filter((r) => r.layout === 'community')) {
      expect(decideAccess(route, { ...owner, communityEnabled: false }).kind, route.name).toBe('communityDisabled');
    }
  });

  it('SSO settings are locked below EXPERT, and open on EXPERT', () => {
    for (const plan of ['PERCENT', 'PERK', 'PRO'] as const) {
      expect(decideAccess(byName('settings_sso'), { ...owner, plan })).toEqual({ kind: 'planLocked', plans: ['EXPERT'] });
    }
    expect(decideAccess(byName('settings_sso'), owner).kind).toBe('allow');
  });

  it('hide_sales and hide_discounts deny their page to everyone, platform admins included; other flags do not', () => {
    const admin = { ...owner, isAdmin: true };
    for (const [name, flag] of [
      ['sales', 'hide_sales'],
      ['discounts', 'hide_discounts'],
    ] as const) {
      expect(decideAccess(byName(name), { ...owner, capabilities: { [flag]: true } }).kind, name).toBe('denied');
      expect(decideAccess(byName(name), { ...admin, capabilities: { [flag]: true } }).kind, name).toBe('denied');
      expect(decideAccess(byName(name), { ...owner, capabilities: { [flag]: false, hide_plan: true } }).kind, name).toBe('allow');
    }
    expect(decideAccess(byName('sales'), { ...owner, capabilities: { hide_discounts: true } }).kind).toBe('allow');
  });

  it('every route is either built, redirected, or says which issue brings it', () => {
    for (const route of routes) expect(Boolean(route.load || route.redirectTo || route.comesWith), route.name).toBe(true);
  });

  it('paths are unique', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });
});
