import { and, eq, ne, sql } from 'drizzle-orm';
import { checkQuestionnaire } from '../../shared/questionnaire.rules.js';
import type { operations } from '../../src/api/schema.gen.js';
import { stores, users } from '../db/schema.js';
import { conflict, forbidden, invalid, notFound, type FieldErrors } from '../http/errors.js';
import { messages, type Text } from '../http/messages.js';
import { presentStore } from '../presenters/user.js';
import { isReservedSubdomain } from './reservedSubdomains.js';
import type { Services } from '../services.js';

export type StoreUpdate = operations['updateStore']['requestBody']['content']['application/json'];

/**
 * Feature switches the server knows by name; any other name sent in `feature_options` is refused with 422.
 * `registration_open`: learners may create an account in the learner area without buying (on when absent).
 * `test_payments`: the built-in test payment provider may serve this store (only where it exists at all: outside
 * production, or with PAYMENTS_TEST_MODE=1; elsewhere the switch does nothing).
 * `school_analytics`: the learner area loads the platform's tag manager, after each visitor's consent (issue 17; off when absent).
 */
export const KNOWN_FEATURE_OPTIONS: readonly string[] = ['registration_open', 'test_payments', 'school_analytics'];

/** Plans that may turn the community on. */
const COMMUNITY_PLANS = ['PRO', 'EXPERT'];

type StoreRow = typeof stores.$inferSelect;

/** Is this error PostgreSQL's unique violation (23505)? Drizzle wraps driver errors, so look at the cause too. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A browser-shown address: http(s) with a host, never javascript:, data: or file:. */
export function isWebAddress(value: string) {
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
  } catch {
    return false;
  }
}

/** The questionnaire is validated with the client's own rules; its problems become messages for `onboarding_questions`. */
function questionnaireErrors(json: string): { errors: Text[] } | { stored: string } {
  const result = checkQuestionnaire(json);
  if (result.ok) return { stored: JSON.stringify(result.answers) };
  const errors = Object.entries(result.problems).map(([name, problem]): Text => {
    if (name === 'onboarding_questions') return problem === 'not JSON' ? messages.questionnaireUnreadable : messages.questionnaireIncomplete;
    if (problem === 'missing') return messages.questionnaireMissing(name);
    if (problem === 'detail') return messages.questionnaireDetail(name);
    return messages.questionnaireInvalid(name);
  });
  return { errors };
}

/**
 * Plan rules, checked against changes only: a store that already has a custom domain or its community
 * (an older plan, or set by the platform) may still save its other settings. Platform admins pass, as for x-plans.
 */
function checkPlan(store: StoreRow, input: StoreUpdate, isAdmin: boolean) {
  if (isAdmin) return;
  const addsCustomDomain =
    (input.custom_domain != null && input.custom_domain.toLowerCase() !== store.customDomain) ||
    (input.custom_domain_enabled === true && !store.customDomainEnabled);
  if (addsCustomDomain && store.plan === 'PERCENT') throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
  const turnsCommunityOn = input.community_options?.enabled === true && !store.communityEnabled;
  if (turnsCommunityOn && !COMMUNITY_PLANS.includes(store.plan)) throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
}

/**
 * PUT /stores/{storeUuid}: only the fields sent change. The request already matched the contract's
 * schema (types, sizes, patterns, unknown fields); this checks what the schema cannot: plan (403),
 * feature names, the questionnaire, reserved subdomains and picture addresses (422), then the subdomain's
 * uniqueness (409).
 */
export async function updateStore(services: Services, actor: { isAdmin: boolean }, storeId: string, input: StoreUpdate) {
  const [store] = await services.db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) throw notFound();

  checkPlan(store, input, actor.isAdmin);

  const errors: FieldErrors = {};
  const set: Partial<typeof stores.$inferInsert> = {};

  if (input.feature_options !== undefined) {
    const unknown = Object.keys(input.feature_options).filter((name) => !KNOWN_FEATURE_OPTIONS.includes(name));
    if (unknown.length) errors.feature_options = unknown.map((name) => messages.unknownFeatureOption(name));
    else if (Object.keys(input.feature_options).length) set.featureOptions = { ...store.featureOptions, ...input.feature_options };
  }

  if (input.onboarding_questions !== undefined) {
    const checked = questionnaireErrors(input.onboarding_questions);
    if ('errors' in checked) errors.onboarding_questions = checked.errors;
    else set.onboardingQuestions = checked.stored;
  }

  if (input.custom_domain !== undefined) set.customDomain = input.custom_domain?.toLowerCase() ?? null;
  if (input.custom_domain_enabled !== undefined) set.customDomainEnabled = input.custom_domain_enabled;
  // Clearing the domain switches it off; switching on a store without a domain is refused.
  const domainAfter = set.customDomain !== undefined ? set.customDomain : store.customDomain;
  if (domainAfter === null) {
    if (input.custom_domain_enabled === true) errors.custom_domain_enabled = [messages.customDomainMissing];
    else if (input.custom_domain === null) set.customDomainEnabled = false;
  }

  if (input.subdomain !== undefined && input.subdomain !== store.subdomain && isReservedSubdomain(input.subdomain)) {
    errors.subdomain = [messages.subdomainReserved];
  }
  // Pictures are shown by browsers: web addresses only (our uploads are too), never javascript:, data: or file:.
  for (const field of ['logo', 'favicon'] as const) {
    const value = input[field];
    if (value != null && !isWebAddress(value)) errors[field] = [messages.webAddressOnly];
  }

  if (input.legal_links) {
    const { privacy_email: privacyEmail, ...pages } = input.legal_links;
    for (const [field, value] of Object.entries(pages)) {
      if (value != null && !isWebAddress(value)) errors[`legal_links.${field}`] = [messages.webAddressOnly];
    }
    set.legalLinks = {
      ...store.legalLinks,
      ...pages,
      ...(privacyEmail !== undefined ? { privacy_email: privacyEmail?.trim().toLowerCase() || null } : {}),
    };
  }

  // The learner area's home texts (customisation, Pages): plain text, trimmed; blank gives the default back.
  if (input.school_home) {
    const home: NonNullable<typeof stores.$inferInsert['schoolHome']> = { ...store.schoolHome };
    for (const field of ['title', 'welcome'] as const) {
      const value = input.school_home[field];
      if (value === undefined) continue;
      const text = value?.trim() || null;
      if (field === 'title' && text && /[\r\n]/.test(text)) errors['school_home.title'] = [messages.oneLineOnly];
      home[field] = text;
    }
    set.schoolHome = home;
  }

  if (Object.keys(errors).length) throw invalid(errors);

  if (input.subdomain !== undefined && input.subdomain !== store.subdomain) {
    const [taken] = await services.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.subdomain, input.subdomain), ne(stores.id, store.id)))
      .limit(1);
    if (taken) throw conflict(messages.subdomainTaken, { subdomain: [messages.subdomainTaken] });
    set.subdomain = input.subdomain;
  }
  // Saving the subdomain, even unchanged, is the owner choosing it: the SUBDOMAIN step of the home checklist.
  if (input.subdomain !== undefined && !store.subdomainSetAt) set.subdomainSetAt = services.clock();
  if (input.logo !== undefined) set.logo = input.logo;
  if (input.favicon !== undefined) set.favicon = input.favicon;
  if (input.owner_phone !== undefined) set.ownerPhone = input.owner_phone;
  // The learner area's colours (customisation): saving them is the CUSTOMIZE step of the home checklist.
  if (input.theme !== undefined) {
    set.theme = { primary_color: input.theme.primary_color?.toLowerCase() ?? null, header_color: input.theme.header_color?.toLowerCase() ?? null };
    if (!store.customizedAt) set.customizedAt = services.clock();
  }
  if (input.community_options !== undefined) set.communityEnabled = input.community_options.enabled;

  const affiliation = input.affiliation_options;
  if (affiliation) {
    if (affiliation.status !== undefined) set.affiliationStatus = affiliation.status;
    if (affiliation.commission_rate !== undefined) set.affiliationCommissionRate = affiliation.commission_rate;
    if (affiliation.link_validity_days !== undefined) set.affiliationLinkValidityDays = affiliation.link_validity_days;
    if (affiliation.min_payout_delay_days !== undefined) set.affiliationMinPayoutDelayDays = affiliation.min_payout_delay_days;
    if (affiliation.min_payout_amount !== undefined) set.affiliationMinPayoutAmount = affiliation.min_payout_amount;
    if (affiliation.attribution !== undefined) set.affiliationAttribution = affiliation.attribution;
  }

  let updated = store;
  if (Object.keys(set).length) {
    try {
      [updated = store] = await services.db.update(stores).set(set).where(eq(stores.id, store.id)).returning();
    } catch (error) {
      // Two stores racing for one subdomain: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw conflict(messages.subdomainTaken, { subdomain: [messages.subdomainTaken] });
      throw error;
    }
  }

  const [seats] = await services.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(eq(users.storeId, store.id));
  return presentStore(updated, seats?.count ?? 0);
}
