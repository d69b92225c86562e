import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { isSubdomain } from '../../shared/validation.js';
import type { components, operations } from '../../src/api/schema.gen.js';
import type { AuthContext } from '../auth/session.js';
import { storeSocialLinks, stores, users } from '../db/schema.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { inGroup, type RoleGroup } from '../policies/roles.js';
import { presentStore } from '../presenters/user.js';
import type { Services } from '../services.js';
import { presignUpload } from './uploads/createUploadUrl.js';
import { isReservedSubdomain } from './reservedSubdomains.js';
import { isWebAddress } from './updateStore.js';

type SeoInput = operations['updateStoreSeo']['requestBody']['content']['application/json'];
type SocialLinkInput = operations['createSocialLink']['requestBody']['content']['application/json'];
type StoreUploadInput = operations['createStoreUploadUrl']['requestBody']['content']['application/json'];
type SocialLinkBody = components['schemas']['SocialLink'];
type StoreRow = AuthContext['store'];

/** The most social links a store keeps (the footer stays a footer). Our design. */
export const MAX_SOCIAL_LINKS = 20;

/**
 * GET /stores/slugs/availabilities?slug: free when no other store holds it and it is not reserved. The caller's
 * own subdomain is free (saving it again is allowed). The contract's subdomain pattern is checked here too, so
 * a slug `updateStore` would refuse never reads as available.
 */
export async function checkSubdomainAvailability(services: Services, store: StoreRow, slug: string) {
  const subdomain = slug.trim().toLowerCase();
  if (!isSubdomain(subdomain)) throw invalid({ slug: [messages.subdomainPattern] });
  if (subdomain === store.subdomain) return { slug: subdomain, available: true };
  if (isReservedSubdomain(subdomain)) return { slug: subdomain, available: false };
  const [taken] = await services.db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.subdomain, subdomain), ne(stores.id, store.id)))
    .limit(1);
  return { slug: subdomain, available: !taken };
}

async function storeAnswer(services: Services, store: StoreRow) {
  const [seats] = await services.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(eq(users.storeId, store.id));
  return presentStore(store, seats?.count ?? 0);
}

/** PUT /stores/{storeUuid}/seo: only the fields sent change; texts trimmed (blank clears), the image a web address. */
export async function updateStoreSeo(services: Services, store: StoreRow, input: SeoInput) {
  if (input.image != null && !isWebAddress(input.image)) throw invalid({ image: [messages.webAddressOnly] });
  const text = (value: string | null | undefined) => (value == null ? null : value.trim() || null);
  const seoData = {
    ...store.seoData,
    ...(input.title !== undefined ? { title: text(input.title) } : {}),
    ...(input.description !== undefined ? { description: text(input.description) } : {}),
    ...(input.image !== undefined ? { image: input.image } : {}),
  };
  const [updated] = await services.db.update(stores).set({ seoData }).where(eq(stores.id, store.id)).returning();
  if (!updated) throw notFound();
  return storeAnswer(services, updated);
}

const presentSocialLink = (row: typeof storeSocialLinks.$inferSelect): SocialLinkBody => ({ id: row.id, network: row.network, url: row.url, position: row.position });

export async function listSocialLinks(services: Services, storeId: string) {
  const rows = await services.db
    .select()
    .from(storeSocialLinks)
    .where(eq(storeSocialLinks.storeId, storeId))
    .orderBy(asc(storeSocialLinks.position), asc(storeSocialLinks.id));
  return rows.map(presentSocialLink);
}

/**
 * POST /stores/{storeUuid}/social_links: added last. The store row is locked while the position is taken, so two
 * links added at once get two positions and the cap holds.
 */
export async function createSocialLink(services: Services, storeId: string, input: SocialLinkInput) {
  if (!isWebAddress(input.url)) throw invalid({ url: [messages.webAddressOnly] });
  const row = await services.db.transaction(async (tx) => {
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
    const [counted] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number), next: sql<number>`coalesce(max(${storeSocialLinks.position}) + 1, 0)`.mapWith(Number) })
      .from(storeSocialLinks)
      .where(eq(storeSocialLinks.storeId, storeId));
    if ((counted?.count ?? 0) >= MAX_SOCIAL_LINKS) throw invalid({ url: [messages.tooManySocialLinks(MAX_SOCIAL_LINKS)] });
    const [created] = await tx
      .insert(storeSocialLinks)
      .values({ storeId, network: input.network, url: input.url.trim(), position: counted?.next ?? 0, createdAt: services.clock() })
      .returning();
    return created!;
  });
  return presentSocialLink(row);
}

export async function deleteSocialLink(services: Services, storeId: string, id: number) {
  const removed = await services.db
    .delete(storeSocialLinks)
    .where(and(eq(storeSocialLinks.id, id), eq(storeSocialLinks.storeId, storeId)))
    .returning({ id: storeSocialLinks.id });
  if (!removed.length) throw notFound();
}

/** Who may upload each store picture: the store's own pictures are settings; an avatar is one's own; a bundle's is catalogue work. */
const UPLOAD_ROLES: Record<StoreUploadInput['purpose'], RoleGroup> = {
  LOGO: 'managers',
  FAVICON: 'managers',
  SEO_IMAGE: 'managers',
  AVATAR: 'team',
  BUNDLE_PICTURE: 'editors',
  RESOURCE: 'managers',
};

/** POST /stores/{storeUuid}/urls/presigned: a picture of the store, on the same presigned flow (and checks) as training files. */
export async function createStoreUploadUrl(services: Services, auth: AuthContext, store: StoreRow, input: StoreUploadInput) {
  if (!auth.user.isAdmin && !inGroup(UPLOAD_ROLES[input.purpose], auth.user.role)) throw forbidden();
  const { purpose, ...file } = input;
  return presignUpload(
    services,
    { store, trainingId: null, userId: auth.user.id, customerId: null, anyPlan: auth.user.isAdmin, folder: `store/${purpose.toLowerCase()}` },
    // A resource is any file the RESOURCE kind takes (createStoreResource then checks it arrived); the rest are pictures.
    { ...file, type: purpose === 'RESOURCE' ? 'RESOURCE' : 'IMAGE' },
  );
}

/**
 * POST /users/me/urls/presigned (the contract keeps it): the caller's avatar, which is the AVATAR purpose of
 * createStoreUploadUrl on the caller's own store, one path for both operations.
 */
export const createMyAvatarUploadUrl = (services: Services, auth: AuthContext, input: Omit<StoreUploadInput, 'purpose'>) =>
  createStoreUploadUrl(services, auth, auth.store, { ...input, purpose: 'AVATAR' });
