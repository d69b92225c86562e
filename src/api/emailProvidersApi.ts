import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type EmailProvider = components['schemas']['EmailProvider'];
export type EmailProviderName = components['schemas']['EmailProviderName'];
export type EmailProviderInput = components['schemas']['UpdateEmailProviderBody'];

/** GET /stores/{uuid}/emails/providers: one entry per supported e-mail service (the key itself is never sent back). */
export const emailProvidersQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/emails/providers', { params: { path: { storeUuid } } });

export const refreshEmailProviders = (queryClient: QueryClient, storeUuid: string) =>
  queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/emails/providers', { params: { path: { storeUuid } } }] });

/** PUT /stores/{uuid}/emails/providers: connect (the key is checked by the service: 422 on api_key), change or disconnect (api_key null). */
export const updateEmailProvider = (storeUuid: string, body: EmailProviderInput, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/emails/providers', { params: { path: { storeUuid } }, body, signal }));

/** GET /trainings/{uuid}/emails/lists: the lists of the store's connected services a training's learners can join. */
export const trainingEmailListsQuery = (trainingUuid: string) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/emails/lists', { params: { path: { trainingUuid } } });
