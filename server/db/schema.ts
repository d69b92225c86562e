import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const planEnum = pgEnum('plan', ['PERCENT', 'PERK', 'PRO', 'EXPERT']);
export const roleEnum = pgEnum('role', ['OWNER', 'ADMIN', 'TEACHER', 'ANALYST', 'STAFF']);
export const userTokenPurposeEnum = pgEnum('user_token_purpose', ['VERIFY_EMAIL', 'RESET_PASSWORD']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  subdomain: text('subdomain').notNull().unique(),
  customDomain: text('custom_domain'),
  customDomainEnabled: boolean('custom_domain_enabled').notNull().default(false),
  plan: planEnum('plan').notNull().default('PERCENT'),
  logo: text('logo'),
  favicon: text('favicon'),
  seoData: jsonb('seo_data').$type<{ title?: string | null; description?: string | null; image?: string | null }>().notNull().default({}),
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
  createdAt: createdAt(),
});

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
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`), index('users_store_idx').on(t.storeId)],
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
