import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, paths } from './schema.gen';

/** The settings tabs of issue 15: subdomain, SEO, social links, keys and store pictures. */

export type ApiKey = components['schemas']['ApiKey'];
export type KeyType = components['schemas']['KeyType'];
export type SocialLink = components['schemas']['SocialLink'];
export type SeoUpdate = NonNullable<paths['/stores/{storeUuid}/seo']['put']['requestBody']>['content']['application/json'];

/** GET /stores/slugs/availabilities?slug. */
export const checkSubdomain = (slug: string, signal?: AbortSignal) =>
  unwrap(api.GET('/stores/slugs/availabilities', { params: { query: { slug } }, signal }));

export const myApiKeysQuery = () => $api.queryOptions('get', '/users/me/keys');
export const storeKeysQuery = () => $api.queryOptions('get', '/keys');

export const createMyApiKey = (signal?: AbortSignal) => unwrap(api.POST('/users/me/keys', { signal }));
export const deleteMyApiKey = (signal?: AbortSignal) => unwrap(api.DELETE('/users/me/keys', { signal }));
export const createStoreKey = (type: KeyType, signal?: AbortSignal) => unwrap(api.POST('/keys', { body: { type }, signal }));
export const deleteStoreKey = (type: KeyType, password: string, signal?: AbortSignal) => unwrap(api.DELETE('/keys', { body: { type, password }, signal }));

/** Reads the key lists again after a key was made or revoked. */
export const refreshKeys = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: myApiKeysQuery().queryKey }), queryClient.invalidateQueries({ queryKey: storeKeysQuery().queryKey })]);

export const updateStoreSeo = (storeUuid: string, body: SeoUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/seo', { params: { path: { storeUuid } }, body, signal }));

export const socialLinksQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/social_links', { params: { path: { storeUuid } } });
export const createSocialLink = (storeUuid: string, body: Pick<SocialLink, 'network' | 'url'>, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/social_links', { params: { path: { storeUuid } }, body, signal }));
export const deleteSocialLink = (storeUuid: string, socialLinkId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/social_links/{socialLinkId}', { params: { path: { storeUuid, socialLinkId } }, signal }));

export type Company = components['schemas']['Company'];
export type CompanyUpdate = NonNullable<paths['/stores/{storeUuid}/companies/{companyId}']['put']['requestBody']>['content']['application/json'];

/** GET /stores/{uuid}/companies: the store's one company (created blank on first read). */
export const companiesQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/companies', { params: { path: { storeUuid } } });
export const updateCompany = (storeUuid: string, companyId: number, body: CompanyUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/companies/{companyId}', { params: { path: { storeUuid, companyId } }, body, signal }));
