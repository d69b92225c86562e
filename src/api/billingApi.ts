import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type Subscription = components['schemas']['Subscription'];
export type PlanOffer = components['schemas']['PlanOffer'];
export type PlatformOrder = components['schemas']['PlatformOrder'];
export type Invoice = components['schemas']['Invoice'];

const path = (storeUuid: string) => ({ params: { path: { storeUuid } } });

/** GET /stores/{uuid}/subscription: the plan, its period, the seats and the plans on offer, priced by the server. */
export const subscriptionQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/subscription', path(storeUuid));

/** GET /stores/{uuid}/invoices: the platform's invoices to the store, newest first. */
export const invoicesQuery = (storeUuid: string, page = 1) =>
  $api.queryOptions('get', '/stores/{storeUuid}/invoices', { params: { path: { storeUuid }, query: { page, per_page: 20 } } });

export const invoiceQuery = (storeUuid: string, invoiceId: number) =>
  $api.queryOptions('get', '/stores/{storeUuid}/invoices/{invoiceId}', { params: { path: { storeUuid, invoiceId } } });

export const subscribePlan = (storeUuid: string, body: components['schemas']['SubscribePlanBody'], signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/subscription', { ...path(storeUuid), body, signal }));

export const buySeats = (storeUuid: string, quantity: number, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/subscription/seats', { ...path(storeUuid), body: { quantity }, signal }));

export const cancelSubscription = (storeUuid: string, signal?: AbortSignal) => unwrap(api.DELETE('/stores/{storeUuid}/subscription', { ...path(storeUuid), signal }));

export const getPlatformOrder = (storeUuid: string, orderUuid: string, signal?: AbortSignal) =>
  unwrap(api.GET('/stores/{storeUuid}/subscription/orders/{orderUuid}', { params: { path: { storeUuid, orderUuid } }, signal }));

export const completePlatformTestPayment = (storeUuid: string, orderUuid: string, outcome: 'PAID' | 'FAILED' | 'ABANDONED', signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/subscription/orders/{orderUuid}/test-payment', { params: { path: { storeUuid, orderUuid } }, body: { outcome }, signal }));

export const platformOrderQuery = (storeUuid: string, orderUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/subscription/orders/{orderUuid}', { params: { path: { storeUuid, orderUuid } } });
