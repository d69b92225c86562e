import { api } from './client';
import { unwrap } from './failure';
import type { components } from './schema.gen';

/** The body of POST …/payment_schedules, the same for trainings and bundles. */
export type PaymentScheduleInput = components['schemas']['PaymentScheduleInput'];

/** POST /trainings/{uuid}/payment_schedules. */
export const addTrainingPaymentSchedule = (trainingUuid: string, body: PaymentScheduleInput, signal?: AbortSignal) =>
  unwrap(api.POST('/trainings/{trainingUuid}/payment_schedules', { params: { path: { trainingUuid } }, body, signal }));

/** DELETE /trainings/{uuid}/payment_schedules/{id}. */
export const removeTrainingPaymentSchedule = (trainingUuid: string, paymentScheduleId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/trainings/{trainingUuid}/payment_schedules/{paymentScheduleId}', { params: { path: { trainingUuid, paymentScheduleId } }, signal }));

/** POST /bundles/{uuid}/payment_schedules. */
export const addBundlePaymentSchedule = (bundleUuid: string, body: PaymentScheduleInput, signal?: AbortSignal) =>
  unwrap(api.POST('/bundles/{bundleUuid}/payment_schedules', { params: { path: { bundleUuid } }, body, signal }));

/** DELETE /bundles/{uuid}/payment_schedules/{id}. */
export const removeBundlePaymentSchedule = (bundleUuid: string, paymentScheduleId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/bundles/{bundleUuid}/payment_schedules/{paymentScheduleId}', { params: { path: { bundleUuid, paymentScheduleId } }, signal }));
