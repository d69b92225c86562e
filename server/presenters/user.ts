import type { components } from '../../src/api/schema.gen.js';
import type { StoreRow, UserRow } from '../auth/session.js';

type UserBody = components['schemas']['User'];
type StoreBody = components['schemas']['Store'];
type TeamMemberBody = components['schemas']['TeamMember'];
type UserRefBody = components['schemas']['UserRef'];
type NamedUser = Pick<UserRow, 'firstname' | 'lastname' | 'displayName'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A store's SEO fields, every one present (null when never set). */
export const presentStoreSeo = (store: Pick<StoreRow, 'seoData'>): StoreBody['seo_data'] => ({
  title: store.seoData.title ?? null,
  description: store.seoData.description ?? null,
  image: store.seoData.image ?? null,
});

/** The store's legal pages and GDPR contact, every one present (null when not given). */
export const presentLegalLinks = (store: Pick<StoreRow, 'legalLinks'>): StoreBody['legal_links'] => ({
  terms_url: store.legalLinks.terms_url ?? null,
  privacy_url: store.legalLinks.privacy_url ?? null,
  legal_notice_url: store.legalLinks.legal_notice_url ?? null,
  privacy_email: store.legalLinks.privacy_email ?? null,
});

/** The learner area's home page texts (customisation, Pages tab); null: the default text. */
export const presentSchoolHome = (store: Pick<StoreRow, 'schoolHome'>): StoreBody['school_home'] => ({
  title: store.schoolHome?.title ?? null,
  welcome: store.schoolHome?.welcome ?? null,
});

/** The learner area's colours; a row written before themes existed reads as the platform's. */
export const presentTheme = (store: Pick<StoreRow, 'theme'>) => ({ primary_color: store.theme?.primary_color ?? null, header_color: store.theme?.header_color ?? null });

export function presentStore(store: StoreRow, userAccountCount: number): StoreBody {
  return {
    uuid: store.id,
    subdomain: store.subdomain,
    custom_domain: store.customDomain,
    custom_domain_enabled: store.customDomainEnabled,
    plan: store.plan,
    logo: store.logo,
    favicon: store.favicon,
    seo_data: presentStoreSeo(store),
    feature_options: store.featureOptions,
    capabilities: { additional_user_accounts: store.additionalUserAccounts, paid_user_accounts: store.paidUserAccounts },
    user_account_count: userAccountCount,
    enterprise_capabilities: store.enterpriseCapabilities,
    affiliation_options: {
      status: store.affiliationStatus,
      commission_rate: store.affiliationCommissionRate,
      link_validity_days: store.affiliationLinkValidityDays,
      min_payout_delay_days: store.affiliationMinPayoutDelayDays,
      min_payout_amount: store.affiliationMinPayoutAmount,
      attribution: store.affiliationAttribution,
    },
    community_options: { enabled: store.communityEnabled },
    ai_credits: { pack_credits: store.aiPackCredits, paid_credits: store.aiPaidCredits },
    owner_phone: store.ownerPhone,
    onboarding_questions: store.onboardingQuestions,
    legal_links: presentLegalLinks(store),
    theme: presentTheme(store),
    school_home: presentSchoolHome(store),
    created_at: store.createdAt.toISOString(),
  };
}

/** The name shown for a back-office user: the one they chose, else first and last name. */
export const displayNameOf = (user: NamedUser) => user.displayName?.trim() || [user.firstname, user.lastname].filter(Boolean).join(' ');

/** A user next to what they wrote or were credited for: a name and an avatar, nothing that identifies them more. */
export function presentUserRef(user: NamedUser & Pick<UserRow, 'id' | 'picture'>): UserRefBody {
  return { uuid: user.id, display_name: displayNameOf(user), picture: user.picture };
}

/** A row of the team page: the user without their store, hash or tokens. */
export function presentTeamMember(user: UserRow): TeamMemberBody {
  return {
    uuid: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    display_name: displayNameOf(user),
    email: user.email,
    role: user.role,
    picture: user.picture,
    created_at: user.createdAt.toISOString(),
    last_login_at: iso(user.lastLoginAt),
    email_verified_at: iso(user.emailVerifiedAt),
  };
}

/** The only way a user leaves the server: the password hash and tokens are never read into it. */
export function presentUser(user: UserRow, store: StoreRow, userAccountCount: number): UserBody {
  return { ...presentTeamMember(user), is_admin: user.isAdmin, locale: user.locale, store: presentStore(store, userAccountCount) };
}
