import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

export type TrainingSummary = components['schemas']['TrainingSummary'];
export type TrainingCreation = operations['createTraining']['requestBody']['content']['application/json'];

/** One page of the back-office list holds up to the contract's maximum, so most stores see one page. */
export const TRAININGS_PER_PAGE = 100;

/** GET /trainings: one page of the store's trainings, in their order, optionally searched. */
export const trainingsListQuery = ({ page, q }: { page: number; q: string }) =>
  $api.queryOptions('get', '/trainings', { params: { query: { page, per_page: TRAININGS_PER_PAGE, ...(q ? { q } : {}) } } });

/** GET /trainings/count: how many trainings the store has, whatever the search. */
export const trainingsCountQuery = () => $api.queryOptions('get', '/trainings/count', {});

/** Every cached list, page and count of trainings (for invalidation after a change). */
export const TRAININGS_LIST_KEY = ['get', '/trainings'] as const;
export const TRAININGS_COUNT_KEY = ['get', '/trainings/count'] as const;

export async function refreshTrainingLists(queryClient: QueryClient) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: TRAININGS_LIST_KEY }), queryClient.invalidateQueries({ queryKey: TRAININGS_COUNT_KEY })]);
}

/** POST /trainings: a DRAFT training, added last. */
export const createTraining = (body: TrainingCreation, signal?: AbortSignal) => unwrap(api.POST('/trainings', { body, signal }));

/** POST /trainings/{uuid}/duplication: a DRAFT copy named "<name> (copie)". */
export const duplicateTraining = (trainingUuid: string, signal?: AbortSignal) =>
  unwrap(api.POST('/trainings/{trainingUuid}/duplication', { params: { path: { trainingUuid } }, signal }));

/** DELETE /trainings/{uuid} (409 while it has paying customers). */
export const deleteTraining = (trainingUuid: string, signal?: AbortSignal) =>
  unwrap(api.DELETE('/trainings/{trainingUuid}', { params: { path: { trainingUuid } }, signal }));

/** PUT /trainings/reordering: each training sent takes its order number. */
export const reorderTrainings = (trainings: ReadonlyArray<{ uuid: string; order: number }>, signal?: AbortSignal) =>
  unwrap(api.PUT('/trainings/reordering', { body: { trainings: [...trainings] }, signal }));
