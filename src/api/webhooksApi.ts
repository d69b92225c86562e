import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type Webhook = components['schemas']['Webhook'];
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookInput = components['schemas']['CreateWebhookBody'];

/** GET /stores/{uuid}/tools/webhooks: the store's outgoing webhooks, newest first, with their signing secrets. */
export const webhooksQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/tools/webhooks', { params: { path: { storeUuid } } });

export const refreshWebhooks = (queryClient: QueryClient, storeUuid: string) =>
  queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/tools/webhooks', { params: { path: { storeUuid } } }] });

/** GET …/webhooks/{id}/deliveries: the 50 latest deliveries of one webhook. */
export const webhookDeliveriesQuery = (storeUuid: string, webhookId: number) =>
  $api.queryOptions('get', '/stores/{storeUuid}/tools/webhooks/{webhookId}/deliveries', { params: { path: { storeUuid, webhookId } } });

/** POST /stores/{uuid}/tools/webhooks (422 on a URL that is not a public https address, 409 on the same URL and event twice). */
export const createWebhook = (storeUuid: string, body: WebhookInput, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/tools/webhooks', { params: { path: { storeUuid } }, body, signal }));

export const deleteWebhook = (storeUuid: string, webhookId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/tools/webhooks/{webhookId}', { params: { path: { storeUuid, webhookId } }, signal }));
