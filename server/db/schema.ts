import { sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const planEnum = pgEnum('plan', ['PERCENT', 'PERK', 'PRO', 'EXPERT']);
export const roleEnum = pgEnum('role', ['OWNER', 'ADMIN', 'TEACHER', 'ANALYST', 'STAFF']);
export const userTokenPurposeEnum = pgEnum('user_token_purpose', ['VERIFY_EMAIL', 'RESET_PASSWORD']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// The JSON columns hold the contract's own shapes (written once, in openapi/).
export type FeedbackOptionsData = components['schemas']['FeedbackOptions'];
export type SeoDataData = components['schemas']['SeoData'];
export type UnlockBlockerData = components['schemas']['UnlockBlocker'];
/** Where the owner came from at sign-up: the contract's SignupAttribution, stored as sent. */
export type SignupAttribution = components['schemas']['SignupAttribution'];
/** A connected Stripe account's state (stores.stripe_account_state). */
export interface StripeAccountState {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** When Stripe saw this state, in seconds since 1970 (the event's `created`, or the read's time). */
  eventCreated: number;
}

export type StoreLegalLinks = Partial<components['schemas']['LegalLinks']>;
export type StoreTheme = components['schemas']['StoreTheme'];
export type StoreSchoolHome = Partial<components['schemas']['SchoolHome']>;

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  subdomain: text('subdomain').notNull().unique(),
  customDomain: text('custom_domain'),
  customDomainEnabled: boolean('custom_domain_enabled').notNull().default(false),
  plan: planEnum('plan').notNull().default('PERCENT'),
  logo: text('logo'),
  favicon: text('favicon'),
  seoData: jsonb('seo_data').$type<SeoDataData>().notNull().default({}),
  featureOptions: jsonb('feature_options').$type<Record<string, boolean>>().notNull().default({}),
  additionalUserAccounts: integer('additional_user_accounts').notNull().default(0),
  paidUserAccounts: integer('paid_user_accounts').notNull().default(0),
  enterpriseCapabilities: jsonb('enterprise_capabilities')
    .$type<{
      hide_copywriter: boolean;
      hide_community: boolean;
      hide_sales: boolean;
      hide_discounts: boolean;
      hide_affiliation: boolean;
      hide_plan: boolean;
    }>()
    .notNull()
    .default({
      hide_copywriter: false,
      hide_community: false,
      hide_sales: false,
      hide_discounts: false,
      hide_affiliation: false,
      hide_plan: false,
    }),
  affiliationStatus: text('affiliation_status', { enum: ['CLOSED', 'PRIVATE', 'PUBLIC'] }).notNull().default('CLOSED'),
  // Affiliate program terms (affiliates settings page). The defaults are the terms of a program nobody has
  // tuned yet: 20 % per sale (the spec's affiliate percent), links valid 30 days, commissions payable after 30 days, payouts from 50 €,
  // the last link clicked gets the sale. Percent and euros keep two decimals.
  affiliationCommissionRate: numeric('affiliation_commission_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
  affiliationLinkValidityDays: integer('affiliation_link_validity_days').notNull().default(30),
  affiliationMinPayoutDelayDays: integer('affiliation_min_payout_delay_days').notNull().default(30),
  affiliationMinPayoutAmount: numeric('affiliation_min_payout_amount', { precision: 8, scale: 2, mode: 'number' }).notNull().default(50),
  affiliationAttribution: text('affiliation_attribution', { enum: ['FIRST', 'LAST'] }).notNull().default('LAST'),
  communityEnabled: boolean('community_enabled').notNull().default(false),
  aiPackCredits: integer('ai_pack_credits').notNull().default(0),
  aiPaidCredits: integer('ai_paid_credits').notNull().default(0),
  ownerPhone: text('owner_phone'),
  onboardingQuestions: text('onboarding_questions'),
  godFather: text('god_father'),
  // The store whose sponsor code (its subdomain, `god_father`) this one signed up with, resolved at sign-up so a later
  // change of the sponsor's subdomain keeps the link (own affiliation, issue 16); null: no sponsor or an unknown code.
  sponsorStoreId: uuid('sponsor_store_id').references((): AnyPgColumn => stores.id, { onDelete: 'set null' }),
  // Home checklist (#4): when the owner chose the subdomain (registration makes one up from the first name),
  // when the customization page was first saved, and the connected payment account.
  subdomainSetAt: timestamp('subdomain_set_at', { withTimezone: true }),
  customizedAt: timestamp('customized_at', { withTimezone: true }),
  stripeAccountId: text('stripe_account_id'),
  // The connected account's state as Stripe last told it (account.updated webhooks, or a read of the account when
  // none came yet); `eventCreated` (Stripe's seconds) keeps an older event from undoing a newer one. Null: unknown.
  stripeAccountState: jsonb('stripe_account_state').$type<StripeAccountState>(),
  // The seller's PayPal merchant id once the owner linked PayPal (partner referral); null: PayPal not offered.
  paypalMerchantId: text('paypal_merchant_id'),
  // The store's own legal pages (communications settings), shown in its learner area's footer; a page left out
  // shows the platform's instead. Read-only until the settings page edits them.
  legalLinks: jsonb('legal_links').$type<StoreLegalLinks>().notNull().default({}),
  // The learner area's colours (customisation, issue 16): `#rrggbb` or null for the platform's.
  theme: jsonb('theme').$type<StoreTheme>().notNull().default({ primary_color: null, header_color: null }),
  // The learner area's home page texts (customisation, Pages tab; issue 16); absent keys read as the default text.
  schoolHome: jsonb('school_home').$type<StoreSchoolHome>().notNull().default({}),
  // Where the owner came from when signing up (utm_* of the landing page, REF- affiliate codes), for marketing reports.
  signupAttribution: jsonb('signup_attribution').$type<SignupAttribution>(),
  // The platform's subscription (the plan page, issue 15): how the current paid period is billed, when it ends, what
  // it was bought for (cents, credited back pro rata by a plan change) and whether it stops at its end. `plan` above
  // is what x-plans gates read; these four are null / 0 / false on Découverte and PERK.
  planFrequency: text('plan_frequency', { enum: ['MONTHLY', 'YEARLY'] }),
  planPeriodEnd: timestamp('plan_period_end', { withTimezone: true }),
  planPeriodCents: integer('plan_period_cents').notNull().default(0),
  planCancelAtPeriodEnd: boolean('plan_cancel_at_period_end').notNull().default(false),
  createdAt: createdAt(),
},
  // A school is also reached by its custom domain (server/http/schoolHost.ts): looked up by host, case folded.
  (t) => [
    index('stores_custom_domain_idx').on(sql`lower(${t.customDomain})`),
    index('stores_sponsor_idx').on(t.sponsorStoreId, t.createdAt),
    // Platform admin (issue 16): sign-ups over a period, stores by plan, the MRR of paid periods still running,
    // and the operations page's search by the start of a subdomain (text_pattern_ops serves LIKE 'x%' in any locale).
    index('stores_created_idx').on(t.createdAt),
    index('stores_plan_idx').on(t.plan),
    index('stores_plan_period_idx').on(t.planPeriodEnd).where(sql`${t.planFrequency} is not null`),
    index('stores_subdomain_pattern_idx').on(sql`${t.subdomain} text_pattern_ops`),
  ],
);

/** Links to the trainer on social networks, shown in the learner area's footer (edited in customisation later). */
export const storeSocialLinks = pgTable(
  'store_social_links',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    network: text('network', { enum: ['FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'YOUTUBE', 'X', 'TIKTOK', 'PINTEREST', 'WEBSITE', 'OTHER'] }).notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('store_social_links_store_idx').on(t.storeId, t.position)],
);

/** Files and links offered to every visitor of a school (customisation), shown in its footer. */
export const storeResources = pgTable(
  'store_resources',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['FILE', 'LINK'] }).notNull(),
    url: text('url').notNull(),
    size: bigint('size', { mode: 'number' }),
    mimeType: text('mime_type'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('store_resources_store_idx').on(t.storeId, t.position)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname'),
    displayName: text('display_name'),
    role: roleEnum('role').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    locale: text('locale', { enum: ['fr', 'en'] }).notNull().default('fr'),
    picture: text('picture'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_store_idx').on(t.storeId),
    // Platform admin's store search by the start of an e-mail address (LIKE 'x%' in any locale).
    index('users_email_pattern_idx').on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

/** Bearer sessions: only the SHA-256 of the token is kept, so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * API keys and store secrets (integrations and SSO settings), stored as their SHA-256 like sessions: the secret is
 * shown once, in the answer that creates it. PERSONAL keys belong to a user (one each) and authenticate API calls
 * as that user, with their role of the moment; SSO and WEBHOOK secrets belong to the store (one of each).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['PERSONAL', 'SSO', 'WEBHOOK'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_personal_user_key').on(t.userId).where(sql`${t.type} = 'PERSONAL'`),
    uniqueIndex('api_keys_store_type_key').on(t.storeId, t.type).where(sql`${t.type} <> 'PERSONAL'`),
  ],
);

/** Single-use e-mail tokens (activation, password reset), stored hashed like sessions. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Team invitations (#15): an e-mail invited to join a store's team with a role. The link's token is kept as its
 * SHA-256 like sessions; it works once (accepted_at) and until expires_at (7 days after the last sending). Status
 * is derived: ACCEPTED once accepted, EXPIRED past expires_at, else PENDING. A pending invitation holds a seat.
 * One open (not accepted) invitation per address and store.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_open_email_key').on(t.storeId, sql`lower(${t.email})`).where(sql`${t.acceptedAt} is null`),
    index('team_invitations_store_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * Why accounts were deleted (deleteMe's reason and optional text), for the platform: kept without the person (no
 * e-mail, no name, no store id), only the role and plan they had.
 */
export const accountDeletions = pgTable('account_deletions', {
  id: uuid('id').primaryKey().defaultRandom(),
  role: roleEnum('role').notNull(),
  plan: planEnum('plan').notNull(),
  reason: text('reason').notNull(),
  additionalText: text('additional_text'),
  createdAt: createdAt(),
});

/** Failed-attempt counters for throttling, keyed like "account:<email>" or "ip:<address>". */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail goes here first; a sender delivers it by SMTP when configured, else it stays for the dev mailbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);

/**
 * The keys a notification's data may carry (spec 3); the client turns them into a link. Ids of rows
 * with serial keys are numbers, everything else a uuid or an address.
 */
export interface NotificationData {
  group?: string;
  post?: string;
  uuid?: string;
  training_uuid?: string;
  training_item_id?: number;
  assignment_id?: number;
  customer_uuid?: string;
  affiliate_uuid?: string;
  entity_uuid?: string;
  email?: string;
}

/**
 * What happened, for whom. The sentence is kept as a template with an `{actor}` placeholder rather than
 * as finished text, so a renamed actor reads under the new name and a deleted one as "Membre supprimé".
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list is read newest first, id breaking ties between notifications of the same instant.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell badge counts unread rows on every poll; most rows are read, so only the unread ones are indexed.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // Deleting a user sets actor_user_id to null in their notifications; without this it scans the table.
    index('notifications_actor_idx').on(t.actorUserId).where(sql`${t.actorUserId} is not null`),
  ],
);

/** Site pages (terms, legal notices) shown in the page dialog; product content, not store data. */
export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  contentHtml: text('content_html').notNull(),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Catalogue (#5): trainings, their item tree, bundles, prices. Learners and what they did (#5 apprenants and
// statistics tabs; filled by the learner area and checkout in later issues). Store settings behind the home
// checklist (#4).
// ---------------------------------------------------------------------------------------------------------

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const trainingStatusEnum = pgEnum('training_status', ['DRAFT', 'PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'UNLISTED', 'HIDDEN']);
export const bundleStatusEnum = pgEnum('bundle_status', ['DRAFT', 'PUBLISHED', 'UNLISTED', 'HIDDEN']);
export const trainingItemTypeEnum = pgEnum('training_item_type', ['SECTION', 'GENERIC', 'VIDEO', 'QUIZ', 'TASKS', 'ASSIGNMENT', 'SCORM']);
export const paymentScheduleTypeEnum = pgEnum('payment_schedule_type', ['ONE_TIME', 'INSTALLMENTS', 'SUBSCRIPTION']);
export const transactionStatusEnum = pgEnum('transaction_status', ['DRAFT', 'PAID', 'FAILED', 'INCOMING', 'IN_PROGRESS', 'ABANDONED']);
/** Who takes a payment: Stripe Connect, PayPal, or the built-in test provider (demo and tests; refused in production). */
export const paymentProviderEnum = pgEnum('payment_provider', ['STRIPE', 'PAYPAL', 'TEST']);
export type BillingAddressData = components['schemas']['BillingAddress'];


export const trainings = pgTable(
  'trainings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    summary: text('summary'),
    description: text('description'),
    picture: text('picture'),
    status: trainingStatusEnum('status').notNull().default('DRAFT'),
    position: integer('position').notNull().default(0),
    seoData: jsonb('seo_data').$type<SeoDataData>().notNull().default({}),
    feedbackOptions: jsonb('feedback_options')
      .$type<FeedbackOptionsData>()
      .notNull()
      .default({ enabled: false, rating_enabled: true, comment_enabled: true, mandatory: false }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    emailListId: text('email_list_id'),
    maxCustomers: integer('max_customers'),
    enrollmentEndsAt: timestamp('enrollment_ends_at', { withTimezone: true }),
    accessDurationDays: integer('access_duration_days'),
    dripFrequency: text('drip_frequency', { enum: ['WEEKLY', 'BIWEEKLY', 'MONTHLY'] }),
    certificateEnabled: boolean('certificate_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trainings_store_slug_key').on(t.storeId, t.slug),
    // The list is read in the trainer's order; ids break ties so pages never overlap.
    // Positions are also unique per store: the constraint trainings_store_position_unique, DEFERRABLE INITIALLY
    // DEFERRED (checked at commit), lives in migration 0006 only, since drizzle-kit cannot declare a deferred one.
    index('trainings_store_position_idx').on(t.storeId, t.position, t.id),
  ],
);

/** Team members credited on a training (settings tab "authors"). */
export const trainingAuthors = pgTable(
  'training_authors',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.userId] }), index('training_authors_user_idx').on(t.userId)],
);

/**
 * The outline: SECTION rows at the top (parent_id null) hold the other types. Serial ids, because the
 * routes (`…/editor/{id}`) and notifications carry them as numbers.
 */
export const trainingItems = pgTable(
  'training_items',
  {
    id: serial('id').primaryKey(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => trainingItems.id, { onDelete: 'cascade' }),
    type: trainingItemTypeEnum('type').notNull(),
    name: text('name').notNull(),
    draft: boolean('draft').notNull().default(true),
    description: text('description'),
    position: integer('position').notNull().default(0),
    content: text('content'),
    specificContent: text('specific_content'),
    minCompleteDuration: integer('min_complete_duration'),
    unlockMode: text('unlock_mode', { enum: ['NONE', 'DATE', 'DELAY', 'MANUAL', 'PREVIOUS'] }).notNull().default('NONE'),
    unlockAt: timestamp('unlock_at', { withTimezone: true }),
    unlockDelayDays: integer('unlock_delay_days'),
    /** Conditions on earlier items (TrainingItem.unlock_blockers in the contract), all to be met. */
    unlockBlockers: jsonb('unlock_blockers').$type<UnlockBlockerData[]>().notNull().default([]),
    blocking: boolean('blocking').notNull().default(false),
    scormUrl: text('scorm_url'),
    /** 1 at creation, +1 on every update: a save sent against an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('training_items_tree_idx').on(t.trainingId, t.parentId, t.position), index('training_items_parent_idx').on(t.parentId)],
);

/** Files and links attached to an item (resources_count in the outline). */
export const trainingItemResources = pgTable(
  'training_item_resources',
  {
    id: serial('id').primaryKey(),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['FILE', 'LINK'] }).notNull(),
    url: text('url').notNull(),
    size: bigint('size', { mode: 'number' }),
    mimeType: text('mime_type'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('training_item_resources_item_idx').on(t.trainingItemId, t.position)],
);

export const bundles = pgTable(
  'bundles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    summary: text('summary'),
    description: text('description'),
    picture: text('picture'),
    status: bundleStatusEnum('status').notNull().default('DRAFT'),
    order: integer('order').notNull().default(0),
    seoData: jsonb('seo_data').$type<SeoDataData>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bundles_store_slug_key').on(t.storeId, t.slug), index('bundles_store_order_idx').on(t.storeId, t.order, t.id)],
);

export const bundleTrainings = pgTable(
  'bundle_trainings',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.trainingId] }), index('bundle_trainings_training_idx').on(t.trainingId)],
);

/** Ways to pay for a training or a bundle (exactly one of the two); the lowest position is shown first. */
export const paymentSchedules = pgTable(
  'payment_schedules',
  {
    id: serial('id').primaryKey(),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'cascade' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'cascade' }),
    type: paymentScheduleTypeEnum('type').notNull(),
    // Euros with cents, read back as numbers (amounts stay far below 2^53 cents).
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    installmentsCount: integer('installments_count'),
    frequency: text('frequency', { enum: ['MONTHLY', 'YEARLY'] }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_schedules_one_owner', sql`(${t.trainingId} is null) <> (${t.bundleId} is null)`),
    index('payment_schedules_training_idx').on(t.trainingId, t.position),
    index('payment_schedules_bundle_idx').on(t.bundleId, t.position),
  ],
);

/** Learners of a store. The CRM issue adds tags, notes and private data; the learner area adds sign-in. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstname: text('firstname'),
    lastname: text('lastname'),
    phone: text('phone'),
    picture: text('picture'),
    locale: text('locale', { enum: ['fr', 'en'] }).notNull().default('fr'),
    passwordHash: text('password_hash'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastConnectionAt: timestamp('last_connection_at', { withTimezone: true }),
    /** The key of the unsubscribe link in the automatic e-mails (a random uuid: only the learner's mailbox has it). */
    unsubscribeToken: uuid('unsubscribe_token').notNull().defaultRandom().unique(),
    /** Set when the learner left the automatic e-mails (the link in each of them); nothing automatic is sent after. */
    emailsUnsubscribedAt: timestamp('emails_unsubscribed_at', { withTimezone: true }),
    /**
     * What the customers list's search reads: first name, last name and e-mail in lower case without the accents of
     * French names (the letters of commands/catalogue/search.ts), kept by PostgreSQL itself; a trigram index finds
     * `like '%…%'` in it without reading every learner.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(translate(replace(replace(replace(replace(coalesce(firstname, '') || ' ' || coalesce(lastname, '') || ' ' || email, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌñÑôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_store_email_key').on(t.storeId, sql`lower(${t.email})`),
    // The customers list's default order (newest first, the id breaking ties), read backwards: a page's ids come
    // from this index alone.
    index('customers_store_created_id_idx').on(t.storeId, t.createdAt, t.id),
    // The customers list's other orders (`/apprenants?sort=`) in the order the list reads them (asc: missing values
    // first, the id breaking ties; desc reads the index backwards), so a page stops after its rows.
    index('customers_store_connection_id_idx').on(t.storeId, t.lastConnectionAt.asc().nullsFirst(), t.id),
    index('customers_store_lastname_id_idx').on(t.storeId, sql`lower(${t.lastname}) nulls first`, t.id),
    index('customers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Platform admin's tops: every store's new learners of a period.
    index('customers_created_idx').on(t.createdAt, t.storeId),
    // What each enrolment copies of its learner (customer_trainings' store_id and customer_created_at): the
    // composite foreign key below points here, so a copy that differs from the learner cannot be written.
    unique('customers_id_store_created_key').on(t.id, t.storeId, t.createdAt),
  ],
);

/** Learner-area sessions, one table apart from `sessions`: a learner token never opens the back office. Hashed like sessions. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);

/** Single-use e-mail tokens of learners (activation, password reset), stored hashed like `user_tokens`. */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: userTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('customer_tokens_customer_idx').on(t.customerId, t.purpose)],
);

/** A customer's enrolment in a training. */
export const customerTrainings = pgTable(
  'customer_trainings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    /**
     * The learner's store and sign-up time, copied from `customers` when the enrolment is written (the composite
     * foreign key keeps them equal to the learner's, cascading any change): the customers list's `type` filter reads
     * the learners of a type in the list's order from one index of this table (`customer_trainings_list_idx`).
     */
    storeId: uuid('store_id').notNull(),
    customerCreatedAt: timestamp('customer_created_at', { withTimezone: true }).notNull(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    customerType: text('customer_type', { enum: ['STUDENT', 'ABANDONED_CART', 'BLOCKED'] }).notNull().default('STUDENT'),
    blockedReason: text('blocked_reason', { enum: ['BY_TEACHER', 'BY_EXPIRATION'] }),
    enrollmentType: text('enrollment_type', { enum: ['CLASSIC', 'BY_TEACHER', 'BY_AUTOMATION'] }).notNull().default('CLASSIC'),
    bypassDrip: boolean('bypass_drip').notNull().default(false),
    progress: numeric('progress', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastConnectionAt: timestamp('last_connection_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_trainings_customer_training_key').on(t.customerId, t.trainingId),
    index('customer_trainings_training_idx').on(t.trainingId, t.enrolledAt),
    // The customers list's `type` filter (abandoned carts, blocked learners: a few among many).
    index('customer_trainings_type_customer_idx').on(t.customerType, t.customerId),
    // The customers list's `type` filter in its default order (newest learners first, read backwards): a page's
    // learners come from this index alone, the expiry in it deciding STUDENT or BLOCKED without the table.
    index('customer_trainings_list_idx').on(t.storeId, t.customerType, t.customerCreatedAt, t.customerId, t.expiresAt),
    foreignKey({
      name: 'customer_trainings_customer_fk',
      columns: [t.customerId, t.storeId, t.customerCreatedAt],
      foreignColumns: [customers.id, customers.storeId, customers.createdAt],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/** What a learner did on one item (written by the learner area); the statistics tab reads it. */
export const itemProgress = pgTable(
  'item_progress',
  {
    customerTrainingId: uuid('customer_training_id')
      .notNull()
      .references(() => customerTrainings.id, { onDelete: 'cascade' }),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    timeSpent: integer('time_spent').notNull().default(0),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** TASKS items: the ids of the ticked tasks (the item completes once every task is ticked). */
    tasksDone: jsonb('tasks_done').$type<string[]>().notNull().default([]),
    /** SCORM items: the package's CMI data (scorm-again's JSON), saved on each commit and given back on resume. */
    scormCmi: jsonb('scorm_cmi').$type<Record<string, unknown>>(),
    /** The team opened this item for this learner (unblockCustomerTrainingItem): every lock rule is lifted for it. */
    unblockedByTeacher: boolean('unblocked_by_teacher').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerTrainingId, t.trainingItemId] }), index('item_progress_item_idx').on(t.trainingItemId)],
);

/**
 * A learner's feedback on a lesson (the player's form when the training's feedback options are on): one per
 * learner and item, a second replaces it. The statistics' average rating reads it.
 */
export const itemFeedbacks = pgTable(
  'item_feedbacks',
  {
    id: serial('id').primaryKey(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rating: integer('rating'),
    /** Plain text. */
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('item_feedbacks_item_customer_unique').on(t.trainingItemId, t.customerId),
    index('item_feedbacks_training_idx').on(t.trainingId, t.createdAt),
    index('item_feedbacks_customer_idx').on(t.customerId),
  ],
);

/** A learner's visits to the learner area (connections in the statistics). */
export const customerConnections = pgTable(
  'customer_connections',
  {
    id: serial('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The contract's DeviceType, read from the user agent (bowser) when the learner opens a training. */
    deviceType: text('device_type', { enum: ['UNKNOWN', 'DESKTOP', 'TABLET', 'MOBILE', 'BOT'] }).notNull().default('UNKNOWN'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('customer_connections_training_at_idx').on(t.trainingId, t.at),
    index('customer_connections_customer_at_idx').on(t.customerId, t.at),
    // Platform admin's KPI histogram: every learner's connections of a period.
    index('customer_connections_at_idx').on(t.at),
  ],
);

/** Orders of a training or a bundle; checkout (a later issue) writes them, statistics read them. */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    discountAmount: numeric('discount_amount', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    discountCode: text('discount_code'),
    paymentMethod: text('payment_method').notNull(),
    paymentScheduleType: paymentScheduleTypeEnum('payment_schedule_type').notNull().default('ONE_TIME'),
    status: text('status', { enum: ['DRAFT', 'PAID', 'FAILED', 'INCOMING', 'IN_PROGRESS', 'ABANDONED'] }).notNull(),
    affiliateCustomerId: uuid('affiliate_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // Checkout (issue #11): the schedule chosen, who took the money, the billing fields and the visit's utm_* tags.
    paymentScheduleId: integer('payment_schedule_id').references(() => paymentSchedules.id, { onDelete: 'set null' }),
    installmentsCount: integer('installments_count'),
    provider: paymentProviderEnum('provider'),
    /** The provider's checkout (Stripe Checkout Session id, PayPal order id, test-provider payment id). */
    providerRef: text('provider_ref'),
    /**
     * What the first payment saved to charge the later instalments, when the provider hands us an id for it (PayPal:
     * the vault's payment token). Never shown, never sent to the browser; Stripe finds its saved card from the session.
     */
    paymentToken: text('payment_token'),
    billingAddress: jsonb('billing_address').$type<BillingAddressData>(),
    utm: jsonb('utm').$type<Record<string, string>>(),
    /** Seat and promo-code use held by an unpaid order until it is paid, fails or is abandoned (released then). */
    holdsUntil: timestamp('holds_until', { withTimezone: true }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sales_provider_ref_key').on(t.provider, t.providerRef).where(sql`${t.providerRef} is not null`),
    // The ledger's order (newest first, id breaking ties): its pages and the export's keyset batches read it in order.
    index('sales_store_created_idx').on(t.storeId, t.createdAt, t.id),
    index('sales_training_idx').on(t.trainingId, t.paidAt),
    // A bundle's buyers, and SET NULL when a bundle is deleted.
    index('sales_bundle_idx').on(t.bundleId).where(sql`${t.bundleId} is not null`),
    // Platform admin's tops: every store's paid sales of a period, read by payment date.
    index('sales_paid_at_idx').on(t.paidAt, t.storeId).where(sql`${t.status} = 'PAID'`),
  ],
);

/**
 * The payments of a sale: one row per payment, planned instalments included (INCOMING until due and paid).
 * Every row traces to its sale; the provider's id of the charge makes a webhook replay find the same row.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentScheduleId: integer('payment_schedule_id').references(() => paymentSchedules.id, { onDelete: 'set null' }),
    /** 1-based for instalments; null for a one-time payment. */
    installmentNumber: integer('installment_number'),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    status: transactionStatusEnum('status').notNull(),
    paymentMethod: text('payment_method', { enum: ['CARD', 'PAYPAL', 'FREE'] }),
    provider: paymentProviderEnum('provider'),
    providerRef: text('provider_ref'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the team asked the provider to refund this payment (refundTrainingCustomerTransaction): one refund per payment, whatever the concurrency. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /**
     * Where the payment's refund stands: PENDING from the team's request until the provider confirms it, REFUNDED
     * once it is credited in full (whoever refunded it, the provider's dashboard too), FAILED when the provider
     * could not make the refund the team asked (the team may ask again). Null: no refund.
     */
    refundStatus: text('refund_status', { enum: ['PENDING', 'REFUNDED', 'FAILED'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_sale_idx').on(t.saleId, t.installmentNumber),
    index('transactions_store_created_idx').on(t.storeId, t.createdAt),
    index('transactions_customer_idx').on(t.customerId),
    uniqueIndex('transactions_provider_ref_key').on(t.provider, t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);

/**
 * Provider events already applied (webhook deliveries, test-provider outcomes), so a replay changes nothing:
 * the insert of the event id and its effects commit together.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: paymentProviderEnum('provider').notNull(),
    eventId: text('event_id').notNull(),
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Promo codes of a store (`/reductions`). The code is unique per store, whatever its case. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    type: text('type', { enum: ['PERCENTAGE', 'AMOUNT'] }).notNull(),
    /** Percent (0 to 100) or euros with cents. */
    value: numeric('value', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    maxUses: integer('max_uses'),
    /** Paid orders plus unpaid ones still holding a use (sales.holds_until); changed only under the row's lock. */
    usesCount: integer('uses_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_store_code_key').on(t.storeId, sql`upper(${t.code})`),
    index('discount_codes_store_created_idx').on(t.storeId, t.createdAt, t.id),
    check('discount_codes_uses', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
  ],
);

/** What a promo code applies to (exactly one of training or bundle per row); none means everything. */
export const discountCodeBuyables = pgTable(
  'discount_code_buyables',
  {
    id: serial('id').primaryKey(),
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'cascade' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('discount_code_buyables_one_owner', sql`(${t.trainingId} is null) <> (${t.bundleId} is null)`),
    index('discount_code_buyables_code_idx').on(t.discountCodeId),
  ],
);

/** Comments under lessons, by a learner (customer) or a team member (user); replies point at their parent. */
export const trainingComments = pgTable(
  'training_comments',
  {
    id: serial('id').primaryKey(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => trainingComments.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('training_comments_training_idx').on(t.trainingId, t.createdAt),
    index('training_comments_parent_idx').on(t.parentId),
    // A lesson's comments, and the foreign key's cascade when an item is deleted.
    index('training_comments_item_idx').on(t.trainingItemId, t.createdAt),
  ],
);

/**
 * A learner's work on an ASSIGNMENT item (the contract's Assignment): one row per learner and item, created when
 * the learner starts it. Its status moves PENDING_CUSTOMER → PENDING_TEACHER (a submission) → COMPLETED
 * (accepted) or back to PENDING_CUSTOMER (rejected); what happened is in assignment_events.
 */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: serial('id').primaryKey(),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING_CUSTOMER', 'PENDING_TEACHER', 'COMPLETED'] }).notNull().default('PENDING_CUSTOMER'),
    /** The decision on the last submission (null until one is corrected, and again once the learner hands in anew). */
    decision: text('decision', { enum: ['ACCEPTED', 'REJECTED'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignment_submissions_item_status_idx').on(t.trainingItemId, t.status),
    uniqueIndex('assignment_submissions_item_customer_unique').on(t.trainingItemId, t.customerId),
  ],
);

/** A file handed in with a submission, as the contract's AssignmentFile. */
export interface AssignmentFileData {
  name: string;
  url: string;
  size: number;
}

/**
 * The history of an assignment, oldest first: assignment_started (the learner opened it), customer_submission
 * (text and files handed in: the contract's submissions), teacher_validation (decision and correction, pointing
 * at the submission it corrects). Never updated.
 */
export const assignmentEvents = pgTable(
  'assignment_events',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignmentSubmissions.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['assignment_started', 'customer_submission', 'teacher_validation'] }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** customer_submission: the learner's text (plain text). */
    content: text('content'),
    files: jsonb('files').$type<AssignmentFileData[]>().notNull().default([]),
    /** teacher_validation: the decision, the correction (plain text) and the submission it corrects. */
    decision: text('decision', { enum: ['ACCEPTED', 'REJECTED'] }),
    correction: text('correction'),
    submissionId: integer('submission_id').references((): AnyPgColumn => assignmentEvents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('assignment_events_assignment_idx').on(t.assignmentId, t.createdAt, t.id),
    // Deleting a team member sets user_id to null in what they corrected; without this it scans the table.
    index('assignment_events_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/** Messages between the learner and the team about an assignment (plain text), oldest first. */
export const assignmentComments = pgTable(
  'assignment_comments',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignmentSubmissions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assignment_comments_assignment_idx').on(t.assignmentId, t.createdAt, t.id),
    index('assignment_comments_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/**
 * The settings of a QUIZ item (one row once its quiz is first saved; none reads as the defaults). Questions,
 * choices and learners' attempts hang from the item; the item's `version` covers the whole quiz.
 */
export const quizzes = pgTable('quizzes', {
  trainingItemId: integer('training_item_id')
    .primaryKey()
    .references(() => trainingItems.id, { onDelete: 'cascade' }),
  /** Percent needed to pass; null: no minimum. */
  minSuccessRate: numeric('min_success_rate', { precision: 5, scale: 2, mode: 'number' }),
  /** Null: unlimited. */
  maxAttempts: integer('max_attempts'),
  shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
  showCorrections: boolean('show_corrections').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * A quiz question. Archived questions are no longer asked, and a question a learner answered is never deleted
 * (quiz_attempt_answers points at it): leaving it out of a save archives it.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['SINGLE', 'MULTIPLE'] }).notNull(),
    question: text('question').notNull(),
    mediaUrl: text('media_url'),
    mediaType: text('media_type'),
    explanation: text('explanation'),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quiz_questions_item_idx').on(t.trainingItemId, t.position)],
);

/** The possible answers of a question; `correct` marks the right ones (at least one, exactly one for SINGLE). */
export const quizChoices = pgTable(
  'quiz_choices',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    correct: boolean('correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('quiz_choices_question_idx').on(t.questionId, t.position)],
);

/**
 * One attempt of a learner at a quiz, written by the learner area (submitQuizAnswers): numbered per learner and
 * quiz (the unique index keeps two submissions at once from taking the same number, and counts attempts left);
 * the best score feeds item_progress.score.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    trainingItemId: integer('training_item_id')
      .notNull()
      .references(() => trainingItems.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** Percent of the questions asked answered right. */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** The score reached the quiz's minimum at the time (settings may change later). */
    success: boolean('success').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_item_customer_attempt_key').on(t.trainingItemId, t.customerId, t.attempt),
    index('quiz_attempts_item_answered_idx').on(t.trainingItemId, t.answeredAt),
  ],
);

/**
 * What an attempt answered to one question: the choices picked, their labels at the time (a choice may be
 * edited or removed later) and whether it was right then.
 */
export const quizAttemptAnswers = pgTable(
  'quiz_attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id),
    choiceIds: jsonb('choice_ids').$type<number[]>().notNull(),
    choiceLabels: jsonb('choice_labels').$type<string[]>().notNull(),
    correct: boolean('correct').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('quiz_attempt_answers_question_idx').on(t.questionId)],
);

/**
 * Upload slots handed out by POST /trainings/{id}/urls/presigned; the PUT to our own storage checks the
 * slot (signature, expiry, size) and records what arrived. S3-compatible storage signs its own URLs.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A learner's upload (assignment files from the learner area): only they may hand it in. Kept (and counted
     * in the quota) when the learner goes, like a team member's. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['VIDEO', 'AUDIO', 'PDF', 'IMAGE', 'RESOURCE', 'QUIZ_MEDIA', 'MEDIA', 'ASSIGNMENT'] }).notNull(),
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_store_idx').on(t.storeId),
    index('uploads_customer_idx').on(t.customerId).where(sql`${t.customerId} is not null`),
    index('uploads_training_idx').on(t.trainingId).where(sql`${t.trainingId} is not null`)],
);

/**
 * The unpacked SCORM packages of a store (scorm/<store>/<id>/ in the storage) and the bytes they take: with
 * the uploads' sizes, what the store's storage quota counts (storage/quota.ts). Recorded before unpacking
 * (the quota is checked against it), removed with the package's folder.
 */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scorm_packages_store_idx').on(t.storeId)],
);

/** Preview tokens for the learner area (10 minutes), hashed like sessions. */
export const previewTokens = pgTable(
  'preview_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('preview_tokens_expires_idx').on(t.expiresAt)],
);

/** The legal entity behind a store (settings_company); one per store. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  storeId: uuid('store_id')
    .notNull()
    .unique()
    .references(() => stores.id, { onDelete: 'cascade' }),
  name: text('name'),
  legalForm: text('legal_form'),
  siret: text('siret'),
  vatNumber: text('vat_number'),
  activityNumber: text('activity_number'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  postalCode: text('postal_code'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  email: text('email'),
  phone: text('phone'),
  signatoryName: text('signatory_name'),
  /**
   * The VAT rate its invoices to learners apply, in basis points (2000 = 20 %); null: not subject to VAT (franchise en
   * base), its invoices print "TVA non applicable, art. 293 B du CGI".
   */
  vatRateBp: integer('vat_rate_bp'),
  updatedAt: updatedAt(),
});

/**
 * Visits from sponsor links (`?parrain=<code>`). The code is kept as sent; the sponsor store is resolved when the
 * code is a store's subdomain (our sponsor code, see README), null otherwise, so unknown codes cost one row, not an error.
 */
export const affiliationVisits = pgTable(
  'affiliation_visits',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    sponsorStoreId: uuid('sponsor_store_id').references(() => stores.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliation_visits_sponsor_idx').on(t.sponsorStoreId, t.visitedAt)],
);

/**
 * Affiliates of a store's affiliate program (issue 16): learners of the store who promote it with their REF- link.
 * One row per customer; removing an affiliate deletes the row, its commissions and payouts stay (keyed by customer).
 */
export const affiliates = pgTable(
  'affiliates',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** REF- then 10 random characters; unique over the platform so a code names one affiliate of one store. */
    code: text('code').notNull().unique(),
    status: text('status', { enum: ['ACTIVE', 'SUSPENDED'] }).notNull().default('ACTIVE'),
    /** Percent; null follows the program's rate. */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' }),
    /** Visits of the learner area through the REF- link (one per browser and code a day, counted by the storefront). */
    visitsCount: integer('visits_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('affiliates_store_created_idx').on(t.storeId, t.createdAt)],
);

/**
 * One commission per paid sale brought by an affiliate, written by applyPaymentEvent when the sale's first payment
 * arrives; the unique sale makes it exactly once whatever the replays or races. Amount in euros (computed in cents).
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    affiliateCustomerId: uuid('affiliate_customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id')
      .notNull()
      .unique()
      .references(() => sales.id, { onDelete: 'cascade' }),
    /** The rate applied, percent. */
    rate: numeric('rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_commissions_affiliate_idx').on(t.storeId, t.affiliateCustomerId, t.createdAt)],
);

/** Payout requests of affiliates; at most one PENDING per affiliate (partial unique index: races answer 409). */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    status: text('status', { enum: ['PENDING', 'PAID', 'REFUSED'] }).notNull().default('PENDING'),
    invoiceUrl: text('invoice_url'),
    /** Plain text. */
    paymentInformation: text('payment_information'),
    /** The team's answer, plain text. */
    comment: text('comment'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('affiliate_payouts_one_pending').on(t.storeId, t.customerId).where(sql`${t.status} = 'PENDING'`),
    index('affiliate_payouts_customer_idx').on(t.storeId, t.customerId, t.requestedAt),
  ],
);

/**
 * The tags of a store's trainings catalogue (listStoreTags, updateStoreTag, deleteStoreTag): a training keeps its
 * tags as values (`trainings.tags`); this table gives each value of the store a stable id to rename or delete it by.
 * Values a training carries are added here when the tags are listed (commands/trainings/storeTags.ts).
 */
export const storeTags = pgTable(
  'store_tags',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('store_tags_store_value_key').on(t.storeId, t.value)],
);

// ---- CRM (issue 14): tags, notes and private details the team keeps on a store's customers ----

/** A store's CRM tags; one value per store whatever its case. */
export const crmTags = pgTable(
  'crm_tags',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_tags_store_value_key').on(t.storeId, sql`lower(${t.value})`)],
);

/** Which customer carries which tag. */
export const customerCrmTags = pgTable(
  'customer_crm_tags',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => crmTags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.tagId] }), index('customer_crm_tags_tag_idx').on(t.tagId)],
);

/** Notes on a customer: GENERAL ones written by the team, HISTORY ones written by the platform (read-only). */
export const crmNotes = pgTable(
  'crm_notes',
  {
    id: serial('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['HISTORY', 'GENERAL'] }).notNull(),
    /** Plain text. */
    content: text('content').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_notes_customer_idx').on(t.customerId, t.createdAt)],
);

/** Private details the team keeps on a customer (the learner never sees them). */
export const crmPrivateData = pgTable('crm_private_data', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  company: text('company'),
  jobTitle: text('job_title'),
  address: text('address'),
  birthdate: date('birthdate', { mode: 'string' }),
  comment: text('comment'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Background jobs: instalment charges and outgoing webhooks (issues 11 and 16; the queue itself is pg-boss's own schema)

/**
 * One attempt at charging a later instalment (server/jobs/installments.ts). The unique (transaction, attempt) pair
 * is the idempotency ledger: a worker claims an attempt by inserting its row (or taking over a PENDING one whose
 * lease ran out), so two workers never charge one instalment twice; the provider's idempotency key is derived from
 * the same pair, so a job run again after a crash asks the provider the same question and gets the same answer.
 */
export const installmentCharges = pgTable(
  'installment_charges',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'PROCESSING', 'DECLINED', 'CANCELLED'] }).notNull(),
    /** While PENDING: the worker that claimed it owns it until then (a crashed worker's claim lapses). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    chargeRef: text('charge_ref'),
    declineCode: text('decline_code'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('installment_charges_attempt_key').on(t.transactionId, t.attempt)],
);

/** Events a webhook may subscribe to (`/marketing/outils-automatisation`; the contract's WebhookEvent). */
export const WEBHOOK_EVENTS = ['CUSTOMER_CREATED', 'SALE_CREATED', 'TRAINING_ENROLLED', 'TRAINING_COMPLETED', 'ABANDONED_CART'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An outgoing webhook of a store: an https address, the event it wants, the secret its payloads are signed with. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    /** `whsec_…`: HMAC-SHA256 key of the `X-Signature` header; shown to the team, never sent. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhooks_store_url_event_key').on(t.storeId, t.url, t.event)],
);

/** One event posted to one webhook: the delivery log (`webhook.deliver` jobs update it on every attempt). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The event's id, the same for every webhook it goes to (receivers deduplicate on it). */
    eventId: uuid('event_id').notNull(),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id)],
);

/** The automatic e-mails a store may turn on (`/marketing/emails?onglet=`), created with their default text on first read. */
export const EMAIL_AUTOMATIONS = ['WELCOME', 'NO_RECENT_CONNECTION_1', 'NO_RECENT_CONNECTION_2'] as const;
export type EmailAutomation = (typeof EMAIL_AUTOMATIONS)[number];

/** A store's automatic e-mail: subject and rich-text body with {{placeholders}}, and whether it is sent. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    key: text('key', { enum: EMAIL_AUTOMATIONS }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** When it was last turned on: only what happens after counts (turning it on never mails the whole past). */
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_store_key').on(t.storeId, t.key)],
);

/** Who received which automatic e-mail: the unique pair makes "at most once per learner and automation" hold under any concurrency. */
export const emailAutomationSends = pgTable(
  'email_automation_sends',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => emailTemplates.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.customerId] })],
);

/**
 * What a store buys from the platform (the plan page): a plan (subscribe or change) or extra seats. Priced by the
 * server (shared/planPricing.ts) when created; PENDING until the platform's payment provider reports, then applied
 * once by server/commands/billing/applyPlatformPayment.ts (events recorded in payment_events with no sale).
 */
export const platformOrders = pgTable(
  'platform_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['PLAN', 'SEATS', 'AI_CREDITS'] }).notNull(),
    plan: planEnum('plan'),
    /** PLAN and SEATS orders follow a billing frequency; an AI credit pack (bought once) has none. */
    frequency: text('frequency', { enum: ['MONTHLY', 'YEARLY'] }),
    seats: integer('seats'),
    /** AI_CREDITS orders: the pack (spec 9: S, M, L), its paid credits and its gift, added when the payment is reported. */
    aiCreditPack: text('ai_credit_pack', { enum: ['S', 'M', 'L'] }),
    aiCredits: integer('ai_credits'),
    aiGiftCredits: integer('ai_gift_credits'),
    grossCents: integer('gross_cents').notNull(),
    discountKind: text('discount_kind', { enum: ['LAUNCH', 'CAMPAIGN'] }),
    discountCents: integer('discount_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    /** The new period's price after the discount (PLAN orders): what the store's plan_period_cents becomes. */
    periodCents: integer('period_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['PENDING', 'PAID', 'FAILED', 'ABANDONED'] }).notNull().default('PENDING'),
    provider: paymentProviderEnum('provider'),
    providerRef: text('provider_ref'),
    /** The provider's page to pay at, while PENDING. */
    paymentUrl: text('payment_url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A renewal (server/jobs/renewals.ts): the end of the period it renews. Unique per store, so two sweeps make one
     * order per period; charged off-session with the card of the store's last paid plan order.
     */
    renewalOf: timestamp('renewal_of', { withTimezone: true }),
    /** Charge attempts made at a renewal (a declined card is tried again, README). */
    attempts: integer('attempts').notNull().default(0),
    /** A renewal's next attempt, not before. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Until when a worker owns the renewal's current attempt; past that, another takes it over (same idempotency key). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('platform_orders_store_idx').on(t.storeId, t.createdAt),
    uniqueIndex('platform_orders_renewal_key').on(t.storeId, t.renewalOf),
    // Platform admin's KPI: the platform's billing of a period, read by payment date.
    index('platform_orders_paid_idx').on(t.paidAt).where(sql`${t.status} = 'PAID'`),
  ],
);

/** The platform's invoices to a store, one per paid order; numbers F<year>-<000001> follow one another per year. */
export const platformInvoices = pgTable(
  'platform_invoices',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => platformOrders.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('platform_invoices_store_idx').on(t.storeId, t.id)],
);

/** The last invoice number given per year: incremented in the paying transaction, so numbers have no gaps. */
export const platformInvoiceCounters = pgTable('platform_invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Partner perk codes (registerPerk): each puts one new store on the PERK plan, once. Created by the platform (no
 * screen yet); stored upper-case, compared whatever the case typed.
 */
export const perkCodes = pgTable('perk_codes', {
  code: text('code').primaryKey(),
  partner: text('partner'),
  usedByStoreId: uuid('used_by_store_id').references(() => stores.id, { onDelete: 'set null' }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ── Community (#13): collections, spaces, members, posts, comments, abuse reports, subscriptions ───────────────
// A person of the community is either a team user or a learner (customer): such rows carry two nullable
// references, exactly one set, so deleting the person cascades (members, subscriptions) or leaves the
// content authorless ("Membre supprimé").

export const SPACE_TYPES = ['CARD', 'LIST'] as const;
export const SPACE_STATES = ['DRAFT', 'VISIBLE', 'PRIVATE'] as const;
export const POST_SORTS = ['PUBLISHED_ASC', 'PUBLISHED_DESC', 'LAST_COMMENTED'] as const;
export const ABUSE_REASONS = ['SPAM', 'DISCRIMINATION', 'HATE', 'VIOLENCE'] as const;

/** A collection grouping spaces in the community's side menu. Deleting it keeps its spaces (collection_id set null). */
export const communityCollections = pgTable(
  'community_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    /** Its creator ("can manage community entity"); null once deleted. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('community_collections_store_idx').on(t.storeId, t.position)],
);

/** A community space (the contract's "group"). Counters are counted, not stored: they cannot drift. */
export const communitySpaces = pgTable(
  'community_spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => communityCollections.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    type: text('type', { enum: SPACE_TYPES }).notNull().default('CARD'),
    state: text('state', { enum: SPACE_STATES }).notNull().default('DRAFT'),
    /** Auto-add ALL: every learner of the store is a member. */
    global: boolean('global').notNull().default(false),
    readonly: boolean('readonly').notNull().default(false),
    showMembers: boolean('show_members').notNull().default(true),
    defaultPostSort: text('default_post_sort', { enum: POST_SORTS }).notNull().default('PUBLISHED_DESC'),
    pinned: boolean('pinned').notNull().default(false),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('community_spaces_store_idx').on(t.storeId, t.position), index('community_spaces_collection_idx').on(t.collectionId)],
);

/** Auto-add TRAININGS: the learners of these trainings are members of the space. */
export const communitySpaceTrainings = pgTable(
  'community_space_trainings',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => communitySpaces.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.trainingId] }), index('community_space_trainings_training_idx').on(t.trainingId)],
);

/** A member of a space: a team user or a learner, once per space. The space's creator is its OWNER. */
export const communityMembers = pgTable(
  'community_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => communitySpaces.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['OWNER', 'MEMBER'] }).notNull().default('MEMBER'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('community_members_one_person', sql`(${t.userId} is null) <> (${t.customerId} is null)`),
    uniqueIndex('community_members_space_person_key').on(t.spaceId, sql`coalesce(${t.userId}, ${t.customerId})`),
    index('community_members_user_idx').on(t.userId),
    index('community_members_customer_idx').on(t.customerId),
  ],
);

/**
 * A post of a space. `comments_count` is kept with the post (a post's page reads it on every list) and only
 * changed under the post's row lock; `last_activity_at` orders LAST_COMMENTED (published_at until a comment).
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => communitySpaces.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerCustomerId: uuid('owner_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    commentsCount: integer('comments_count').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    readonly: boolean('readonly').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('community_posts_comments_count_nonnegative', sql`${t.commentsCount} >= 0`),
    // The three orders of a space's first page, pinned first (spec: a space of 10,000 posts under 50 ms).
    index('community_posts_space_published_idx').on(t.spaceId, t.pinned.desc(), t.publishedAt.desc(), t.id.desc()),
    index('community_posts_space_activity_idx').on(t.spaceId, t.pinned.desc(), t.lastActivityAt.desc(), t.id.desc()),
    index('community_posts_owner_user_idx').on(t.ownerUserId),
    index('community_posts_owner_customer_idx').on(t.ownerCustomerId),
  ],
);

/** A comment on a post, or (parent_id) a reply to a comment; deleting one deletes its replies. */
export const communityComments = pgTable(
  'community_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => communityComments.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerCustomerId: uuid('owner_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    readonly: boolean('readonly').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A post's top-level comments in order, and a comment's replies in order (both paged).
    index('community_comments_post_top_idx').on(t.postId, t.createdAt, t.id).where(sql`${t.parentId} is null`),
    index('community_comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    index('community_comments_owner_user_idx').on(t.ownerUserId),
    index('community_comments_owner_customer_idx').on(t.ownerCustomerId),
  ],
);

/** A report of a post (comment_id null) or of a comment, once per person and target. */
export const communityAbuses = pgTable(
  'community_abuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => communitySpaces.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ABUSE_REASONS }).notNull(),
    comment: text('comment'),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reporterCustomerId: uuid('reporter_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Who reported ('U:' or 'C:' and their uuid), kept when they are deleted so a report stays one per person. */
    reporterKey: text('reporter_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('community_abuses_target_reporter_key').on(sql`coalesce(${t.commentId}, ${t.postId})`, t.reporterKey),
    index('community_abuses_space_idx').on(t.spaceId, t.createdAt.desc()),
  ],
);

/** Who gets notified of answers to a post (comment_id null) or to a comment. */
export const communitySubscriptions = pgTable(
  'community_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('community_subscriptions_one_person', sql`(${t.userId} is null) <> (${t.customerId} is null)`),
    uniqueIndex('community_subscriptions_target_person_key').on(sql`coalesce(${t.commentId}, ${t.postId})`, sql`coalesce(${t.userId}, ${t.customerId})`),
  ],
);

/** Who sold, as printed on a learner's invoice: the store's company when the invoice was issued (never changed after). */
export interface InvoiceSellerData {
  name: string;
  legalForm: string | null;
  addressLines: string[];
  siret: string | null;
  vatNumber: string | null;
  activityNumber: string | null;
  email: string | null;
}

/** Who bought: the checkout's billing address when given, else the learner's name and e-mail. */
export interface InvoiceBuyerData {
  name: string;
  companyName: string | null;
  addressLines: string[];
  email: string;
}

/** One line of a learner's invoice; amounts in cents. */
export interface InvoiceLineData {
  description: string;
  quantity: number;
  unitExclTaxCents: number;
  exclTaxCents: number;
}

/**
 * Invoices (factures) and credit notes (avoirs) of a store to its learners (issue 14): one INVOICE per paid payment,
 * a CREDIT_NOTE per refund of it (several for partial refunds, together never above the invoice), written by applyPaymentEvent in the payment's transaction. Numbers follow one
 * another per store, invoices and credit notes in one series, from the store's counter row (no gap, no duplicate).
 * Amounts are integer cents; seller, buyer and lines are copied at issue, so a later change prints nothing else.
 */
export const learnerInvoices = pgTable(
  'learner_invoices',
  {
    id: serial('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['INVOICE', 'CREDIT_NOTE'] }).notNull(),
    /** 1, 2, 3 … per store. */
    number: integer('number').notNull(),
    /** A credit note's invoice. */
    creditedInvoiceId: integer('credited_invoice_id'),
    seller: jsonb('seller').$type<InvoiceSellerData>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyerData>().notNull(),
    lines: jsonb('lines').$type<InvoiceLineData[]>().notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Null: not subject to VAT (the exemption mention is printed). */
    vatRateBp: integer('vat_rate_bp'),
    exclTaxCents: integer('excl_tax_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    inclTaxCents: integer('incl_tax_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('learner_invoices_store_number_key').on(t.storeId, t.number),
    // One invoice per payment; credit notes may be several (partial refunds), their sum never above the invoice.
    uniqueIndex('learner_invoices_transaction_invoice_key').on(t.transactionId).where(sql`${t.kind} = 'INVOICE'`),
    index('learner_invoices_transaction_idx').on(t.transactionId, t.kind),
    index('learner_invoices_customer_idx').on(t.storeId, t.customerId, t.id),
  ],
);

/** The last learner-invoice number given per store: incremented in the paying transaction, so numbers have no gaps. */
export const learnerInvoiceCounters = pgTable('learner_invoice_counters', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  last: integer('last').notNull(),
});

// ── Growth (#16): own affiliation (the platform's sponsorship of stores) and e-mail marketing providers ─────────

/**
 * A sponsorship commission: the sponsor store earns the affiliate percent (spec 9) of each platform order its
 * godchild pays (plan or seats), excluding VAT. Written by markPaid in the paying transaction, once per order.
 */
export const sponsorCommissions = pgTable(
  'sponsor_commissions',
  {
    id: serial('id').primaryKey(),
    sponsorStoreId: uuid('sponsor_store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    godchildStoreId: uuid('godchild_store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => platformOrders.id, { onDelete: 'cascade' }),
    baseCents: integer('base_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    rate: numeric('rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
    /** When the platform paid it out (its payout marked paid in the admin area). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The payout request that took it (requestSponsorPayout); null: not asked for yet. */
    payoutId: integer('payout_id').references((): AnyPgColumn => sponsorPayouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('sponsor_commissions_sponsor_idx').on(t.sponsorStoreId, t.createdAt),
    index('sponsor_commissions_godchild_idx').on(t.godchildStoreId),
    index('sponsor_commissions_payout_idx').on(t.payoutId),
  ],
);

/**
 * A sponsor store's payout request (own affiliation, our design): every AVAILABLE commission not yet asked for,
 * at least the platform's minimum; one PENDING per store (partial unique index); paid by a platform admin.
 */
export const sponsorPayouts = pgTable(
  'sponsor_payouts',
  {
    id: serial('id').primaryKey(),
    sponsorStoreId: uuid('sponsor_store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    commissionsCount: integer('commissions_count').notNull(),
    status: text('status', { enum: ['PENDING', 'PAID'] }).notNull().default('PENDING'),
    invoiceUrl: text('invoice_url').notNull(),
    /** Plain text. */
    paymentInformation: text('payment_information').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sponsor_payouts_one_pending').on(t.sponsorStoreId).where(sql`${t.status} = 'PENDING'`),
    index('sponsor_payouts_store_idx').on(t.sponsorStoreId, t.requestedAt),
    index('sponsor_payouts_status_idx').on(t.status, t.requestedAt),
  ],
);

export const EMAIL_PROVIDERS = ['MAILCHIMP', 'BREVO', 'ACTIVECAMPAIGN', 'KIT', 'SYSTEME_IO', 'MAILERLITE'] as const;
export type EmailProviderName = (typeof EMAIL_PROVIDERS)[number];

/**
 * A store's connection to an e-mail marketing service (/marketing/connexions-externes). The API key is kept
 * encrypted (AES-256-GCM with PROVIDER_KEYS_SECRET) and never returned, only its last four characters.
 */
export const storeEmailProviders = pgTable(
  'store_email_providers',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_PROVIDERS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    apiKeyEncrypted: text('api_key_encrypted'),
    apiKeyLastFour: text('api_key_last_four'),
    /** Providers whose address differs per account (ActiveCampaign): the account's API address, checked like a webhook's. */
    apiUrl: text('api_url'),
    defaultListId: text('default_list_id'),
    /** When the key last passed the provider's check; null: never or not since the last change. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider] })],
);

/** The learners added to a mailing list: one row per enrolment and list (`PROVIDER:id`), written by the `emailList.subscribe` job. */
export const emailListSubscriptions = pgTable(
  'email_list_subscriptions',
  {
    customerTrainingId: uuid('customer_training_id')
      .notNull()
      .references(() => customerTrainings.id, { onDelete: 'cascade' }),
    listId: text('list_id').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerTrainingId, t.listId] })],
);

/**
 * Platform admin (issue 16): every "switch to a user" (PUT /users/switch/{uuid}), who switched into whom and when.
 * The e-mails and subdomain are copied at the time so a row still reads after either account or the store is deleted.
 */
export const userSwitches = pgTable(
  'user_switches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email').notNull(),
    targetStoreId: uuid('target_store_id').references(() => stores.id, { onDelete: 'set null' }),
    targetSubdomain: text('target_subdomain').notNull(),
    createdAt: createdAt(),
  },
  // The audit list reads newest first, page by page.
  (t) => [index('user_switches_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Texts the AI assistant wrote for a store (its history): what was asked, what came back, what it cost. */
export const aiContents = pgTable(
  'ai_contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['title_ideas', 'value_proposition', 'outline', 'sales_page'] }).notNull(),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    input: text('input').notNull(),
    content: text('content').notNull(),
    creditsUsed: integer('credits_used').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('ai_contents_store_idx').on(t.storeId, t.createdAt)],
);
