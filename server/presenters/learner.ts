import type { components } from '../../src/api/schema.gen.js';
import type { CustomerRow } from '../auth/learnerSession.js';
import type { StoreRow } from '../auth/session.js';
import { customerDisplayName } from './customer.js';
import { presentStoreSeo } from './user.js';

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

/** A school's public face. Social links come with the catalogue part of the learner area (none are stored yet). */
export function presentSchool(store: StoreRow, companyName: string | null): SchoolStoreBody {
  return {
    uuid: store.id,
    subdomain: store.subdomain,
    name: (companyName?.trim() || store.subdomain).slice(0, 128),
    logo: store.logo,
    favicon: store.favicon,
    seo_data: presentStoreSeo(store),
    social_links: [],
    affiliation_status: store.affiliationStatus,
    community_enabled: store.communityEnabled,
    registration_open: registrationOpen(store),
  };
}
