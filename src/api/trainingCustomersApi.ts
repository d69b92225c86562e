import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, paths } from './schema.gen';
import { refreshTraining } from './trainingsApi';

export type Enrolment = components['schemas']['CustomerTraining'];
export type NewCustomer = NonNullable<paths['/trainings/{trainingUuid}/customers']['post']['requestBody']>['content']['application/json'];

/** GET /trainings/{uuid}/customers: one page of a training's learners, optionally searched. */
export const trainingCustomersQuery = (trainingUuid: string, { page, perPage, q }: { page: number; perPage: number; q: string }) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/customers', {
    params: { path: { trainingUuid }, query: { page, per_page: perPage, ...(q ? { q } : {}) } },
  });

/** Every page and search of this training's learners, and the learner count in the training. */
export const refreshTrainingCustomers = (queryClient: QueryClient, trainingUuid: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/trainings/{trainingUuid}/customers', { params: { path: { trainingUuid } } }] }),
    refreshTraining(queryClient, trainingUuid),
  ]);

/** POST /trainings/{uuid}/customers: enrols a learner BY_TEACHER. */
export const addTrainingCustomer = (trainingUuid: string, body: NewCustomer, signal?: AbortSignal) =>
  unwrap(api.POST('/trainings/{trainingUuid}/customers', { params: { path: { trainingUuid } }, body, signal }));

/** POST /trainings/{uuid}/customers/import as multipart form data (the browser sets the boundary). */
export function importTrainingCustomers(trainingUuid: string, file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file);
  return unwrap(api.POST('/trainings/{trainingUuid}/customers/import', { params: { path: { trainingUuid } }, body: body as never, signal }));
}

/** DELETE /trainings/{uuid}/customers/{customerUuid}: the learner leaves the training. */
export const removeTrainingCustomer = (trainingUuid: string, customerUuid: string, signal?: AbortSignal) =>
  unwrap(api.DELETE('/trainings/{trainingUuid}/customers/{customerUuid}', { params: { path: { trainingUuid, customerUuid } }, signal }));

/** PUT /trainings/{uuid}/customers/{customerUuid}: blocks or unblocks the learner's access. */
export const setTrainingCustomerBlocked = (trainingUuid: string, customerUuid: string, blocked: boolean, signal?: AbortSignal) =>
  unwrap(api.PUT('/trainings/{trainingUuid}/customers/{customerUuid}', { params: { path: { trainingUuid, customerUuid } }, body: { blocked }, signal }));

export type EnrolmentUpdate = NonNullable<paths['/trainings/{trainingUuid}/customers/{customerUuid}']['put']['requestBody']>['content']['application/json'];

/** PUT /trainings/{uuid}/customers/{customerUuid}: the access end (null: no end) and the drip bypass. */
export const updateTrainingCustomer = (trainingUuid: string, customerUuid: string, body: EnrolmentUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/trainings/{trainingUuid}/customers/{customerUuid}', { params: { path: { trainingUuid, customerUuid } }, body, signal }));

export type CustomerTrainingDetail = components['schemas']['CustomerTrainingDetail'];

/** GET /stores/{store}/customers/{customer}/trainings/{training}: one learner's progress, item by item, with the locks. */
export const customerTrainingQuery = (storeUuid: string, customerUuid: string, trainingUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/{customerUuid}/trainings/{trainingUuid}', {
    params: { path: { storeUuid, customerUuid, trainingUuid } },
  });

/** PUT …/training_items/{itemId}/unblock: the team opens one locked item for this learner only. */
export const unblockCustomerTrainingItem = (storeUuid: string, customerUuid: string, trainingUuid: string, itemId: number, signal?: AbortSignal) =>
  unwrap(
    api.PUT('/stores/{storeUuid}/customers/{customerUuid}/trainings/{trainingUuid}/training_items/{itemId}/unblock', {
      params: { path: { storeUuid, customerUuid, trainingUuid, itemId } },
      signal,
    }),
  );

/** GET /trainings/{uuid}/customers/{uuid}/transactions: the learner's payments for this training, instalments in order. */
export const trainingCustomerTransactionsQuery = (trainingUuid: string, customerUuid: string) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/customers/{customerUuid}/transactions', { params: { path: { trainingUuid, customerUuid } } });

/** POST …/transactions/cancel: the given upcoming payments (INCOMING, DRAFT) are cancelled; a paid one answers 422. */
export const cancelTrainingCustomerTransactions = (trainingUuid: string, customerUuid: string, transactionIds: number[], signal?: AbortSignal) =>
  unwrap(
    api.POST('/trainings/{trainingUuid}/customers/{customerUuid}/transactions/cancel', {
      params: { path: { trainingUuid, customerUuid } },
      body: { transaction_ids: transactionIds },
      signal,
    }),
  );
