import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

export type Bundle = components['schemas']['Bundle'];
export type BundleCreation = operations['createBundle']['requestBody']['content']['application/json'];
export type BundleUpdate = operations['updateBundle']['requestBody']['content']['application/json'];

/**
 * GET /bundles, the first page at the contract's largest size. POST /bundles/order needs every bundle of
 * the store, so the list is reorderable only when this page holds them all (see the list page).
 */
export const bundlesListQuery = () => $api.queryOptions('get', '/bundles', { params: { query: { page: 1, per_page: 100 } } });

/** GET /bundles/{uuid}: the one cache entry of a bundle, read by its frame and written back by its tabs. */
export const bundleQuery = (bundleUuid: string) => $api.queryOptions('get', '/bundles/{bundleUuid}', { params: { path: { bundleUuid } } });

/** The bundles list (a prefix: it does not match the `/bundles/{bundleUuid}` entries). */
export const BUNDLES_LIST_KEY = ['get', '/bundles'] as const;

/** Puts a bundle the server answered into its cache entry and marks the lists stale. */
export async function storeBundle(queryClient: QueryClient, bundle: Bundle) {
  queryClient.setQueryData(bundleQuery(bundle.uuid).queryKey, bundle);
  await queryClient.invalidateQueries({ queryKey: BUNDLES_LIST_KEY });
}

/** Marks a bundle and the lists stale (its schedules and price changed: the list shows the price too). */
export const refreshBundle = (queryClient: QueryClient, bundleUuid: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: bundleQuery(bundleUuid).queryKey }), queryClient.invalidateQueries({ queryKey: BUNDLES_LIST_KEY })]);

export const createBundle = (body: BundleCreation, signal?: AbortSignal) => unwrap(api.POST('/bundles', { body, signal }));

export const updateBundle = (bundleUuid: string, body: BundleUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/bundles/{bundleUuid}', { params: { path: { bundleUuid } }, body, signal }));

/** DELETE /bundles/{uuid} (409 while it has paying customers). */
export const deleteBundle = (bundleUuid: string, signal?: AbortSignal) => unwrap(api.DELETE('/bundles/{bundleUuid}', { params: { path: { bundleUuid } }, signal }));

/** POST /bundles/order: every bundle of the store, in the new order. */
export const reorderBundles = (bundleUuids: readonly string[], signal?: AbortSignal) =>
  unwrap(api.POST('/bundles/order', { body: { bundle_uuids: [...bundleUuids] }, signal }));

export const addBundleTraining = (bundleUuid: string, trainingUuid: string, signal?: AbortSignal) =>
  unwrap(api.POST('/bundles/{bundleUuid}/trainings/{trainingUuid}', { params: { path: { bundleUuid, trainingUuid } }, signal }));

export const removeBundleTraining = (bundleUuid: string, trainingUuid: string, signal?: AbortSignal) =>
  unwrap(api.DELETE('/bundles/{bundleUuid}/trainings/{trainingUuid}', { params: { path: { bundleUuid, trainingUuid } }, signal }));

/** POST /bundles/{uuid}/items/order: the bundle's trainings, all of them, in the new order. */
export const reorderBundleTrainings = (bundleUuid: string, trainingUuids: readonly string[], signal?: AbortSignal) =>
  unwrap(api.POST('/bundles/{bundleUuid}/items/order', { params: { path: { bundleUuid } }, body: { item_uuids: [...trainingUuids] }, signal }));
