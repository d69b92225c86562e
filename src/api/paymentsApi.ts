import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';
import { onboardingQuery } from './storesApi';

export type PaymentSettings = components['schemas']['PaymentSettings'];

/** GET /stores/{uuid}/payments: the store's Stripe account (its state read at Stripe) and PayPal merchant. */
export const paymentSettingsQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/payments', { params: { path: { storeUuid } } });

const path = (storeUuid: string) => ({ params: { path: { storeUuid } } });

/** After a change: the page and the home checklist's STRIPE step read again. */
export const refreshPayments = (queryClient: QueryClient, storeUuid: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentSettingsQuery(storeUuid).queryKey }),
    queryClient.invalidateQueries({ queryKey: onboardingQuery(storeUuid).queryKey }),
  ]);

/** POST …/payments/stripe/connect: the address of Stripe's onboarding form (an Account Link). */
export const connectStripe = (storeUuid: string, signal?: AbortSignal) => unwrap(api.POST('/stores/{storeUuid}/payments/stripe/connect', { ...path(storeUuid), signal }));

export const disconnectStripe = (storeUuid: string, signal?: AbortSignal) => unwrap(api.DELETE('/stores/{storeUuid}/payments/stripe', { ...path(storeUuid), signal }));

export const linkPaypal = (storeUuid: string, merchantId: string, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/payments/paypal', { ...path(storeUuid), body: { merchant_id: merchantId }, signal }));

export const unlinkPaypal = (storeUuid: string, signal?: AbortSignal) => unwrap(api.DELETE('/stores/{storeUuid}/payments/paypal', { ...path(storeUuid), signal }));
