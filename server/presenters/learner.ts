import type { components } from '../../src/api/schema.gen.js';
import type { CustomerRow } from '../auth/learnerSession.js';
import type { StoreRow } from '../auth/session.js';
import type { storeResources, storeSocialLinks } from '../db/schema.js';
import { customerDisplayName } from './customer.js';
import { presentResource } from './trainingItem.js';
import { presentLegalLinks, presentSchoolHome, presentStoreSeo, presentTheme } from './user.js';

type LearnerBody = components['schemas']['Learner'];
type SchoolStoreBody = components['schemas']['SchoolStore'];

/** The signed-in learner as the learner area sees them. */
export function presentLearner(customer: CustomerRow): LearnerBody {
  return {
    uuid: customer.id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    display_name: customerDisplayName(customer),
    picture: customer.picture,
    locale: customer.locale,
    activated: customer.activatedAt !== null,
    created_at: customer.createdAt.toISOString(),
  };
}

export function presentLearnerSession(session: { token: string; expiresAt: Date }, customer: CustomerRow) {
  return { token: session.token, expires_at: session.expiresAt.toISOString(), learner: presentLearner(customer) };
}

/** May learners create an account without buying? The store's `registration_open` switch, on when never set. */
export const registrationOpen = (store: Pick<StoreRow, 'featureOptions'>) => store.featureOptions.registration_open !== false;

type SocialLinkRow = typeof storeSocialLinks.$inferSelect;
type ResourceRow = typeof storeResources.$inferSelect;

export const presentSchoolName = (store: Pick<StoreRow, 'subdomain'>, companyName: string | null) => (companyName?.trim() || store.subdomain).slice(0, 128);

/** A school's public face, with what its footer shows: social links, resources, its own legal pages. */
export function presentSchool(store: StoreRow, companyName: string | null, extras: { socialLinks: SocialLinkRow[]; resources: ResourceRow[] }): SchoolStoreBody {
  return {
    uuid: store.id,
    subdomain: store.subdomain,
    name: presentSchoolName(store, companyName),
    logo: store.logo,
    favicon: store.favicon,
    seo_data: presentStoreSeo(store),
    social_links: extras.socialLinks.map((link) => ({ id: link.id, network: link.network, url: link.url, position: link.position })),
    resources: extras.resources.map(presentResource),
    legal_links: presentLegalLinks(store),
    affiliation_status: store.affiliationStatus,
    community_enabled: store.communityEnabled,
    registration_open: registrationOpen(store),
    analytics_enabled: store.featureOptions.school_analytics === true,
    theme: presentTheme(store),
    home: presentSchoolHome(store),
  };
}
