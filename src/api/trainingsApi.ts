import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations, paths } from './schema.gen';

export type TrainingSummary = components['schemas']['TrainingSummary'];
export type TrainingCreation = operations['createTraining']['requestBody']['content']['application/json'];
export type Training = components['schemas']['Training'];
export type TrainingUpdate = NonNullable<paths['/trainings/{trainingUuid}']['put']['requestBody']>['content']['application/json'];
export type TrainingSeoUpdate = NonNullable<paths['/trainings/{trainingUuid}/seo']['put']['requestBody']>['content']['application/json'];
export type FeedbackOptions = components['schemas']['FeedbackOptions'];
type UserRef = components['schemas']['UserRef'];
type TrainingList = operations['listTrainings']['responses'][200]['content']['application/json'];

/** One page of the back-office list holds up to the contract's maximum, so most stores see one page. */
export const TRAININGS_PER_PAGE = 100;

/**
 * GET /trainings: one page of the store's trainings, in their order, optionally searched; the back-office list
 * asks for the largest pages, the store-wide tables (certificates, access rules) for smaller ones.
 */
export const trainingsListQuery = ({ page, q, perPage = TRAININGS_PER_PAGE }: { page: number; q: string; perPage?: number }) =>
  $api.queryOptions('get', '/trainings', { params: { query: { page, per_page: perPage, ...(q ? { q } : {}) } } });

/** GET /trainings: the first 100 trainings of the store, to pick one (the target of a duplicated item). */
export const trainingChoicesQuery = () => $api.queryOptions('get', '/trainings', { params: { query: { per_page: 100 } } });

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

/** The one cache entry of a training: the frame reads it, every tab writes the saved training back into it. */
export const trainingQuery = (trainingUuid: string) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}', { params: { path: { trainingUuid } } });

/** Marks the cached training stale (its counts changed: learners, payment schedules). */
export const refreshTraining = (queryClient: QueryClient, trainingUuid: string) => queryClient.invalidateQueries({ queryKey: trainingQuery(trainingUuid).queryKey });

/** PUT /trainings/{uuid} with the fields that change; the saved training replaces the cached one. */
export async function saveTraining(queryClient: QueryClient, trainingUuid: string, body: TrainingUpdate, signal?: AbortSignal): Promise<Training> {
  const saved = await unwrap(api.PUT('/trainings/{trainingUuid}', { params: { path: { trainingUuid } }, body, signal }));
  queryClient.setQueryData(trainingQuery(trainingUuid).queryKey, saved);
  return saved;
}

/** The summary fields a saved training answers too (items_count is only the list's: the record has the items). */
const SHARED_FIELDS = [
  'slug',
  'name',
  'summary',
  'price',
  'picture',
  'status',
  'position',
  'max_customers',
  'enrollment_ends_at',
  'access_duration_days',
  'drip_frequency',
  'certificate_enabled',
  'customers_count',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof TrainingSummary & keyof Training>;

function withSaved(row: TrainingSummary, saved: Training): TrainingSummary {
  if (row.uuid !== saved.uuid) return row;
  const next = { ...row };
  for (const field of SHARED_FIELDS) (next as Record<string, unknown>)[field] = saved[field];
  return next;
}

/**
 * saveTraining (the training's own cache gets the saved record), then every cached page of GET /trainings that
 * lists it shows the saved values at once: the row's switch or rules come from the list, so without this they
 * would snap back until a refetch. The pages are also marked stale (not refetched now: the patch is what the
 * server would answer) so a list filtered or sorted by something that changed is read again when next shown.
 */
export async function saveListedTraining(queryClient: QueryClient, trainingUuid: string, body: TrainingUpdate, signal?: AbortSignal): Promise<Training> {
  const saved = await saveTraining(queryClient, trainingUuid, body, signal);
  queryClient.setQueriesData<TrainingList>({ queryKey: TRAININGS_LIST_KEY }, (current) =>
    current ? { ...current, data: current.data.map((row) => withSaved(row, saved)) } : current,
  );
  await queryClient.invalidateQueries({ queryKey: TRAININGS_LIST_KEY, refetchType: 'none' });
  return saved;
}

/** PUT /trainings/{uuid}/seo; the saved training replaces the cached one. */
export async function saveTrainingSeo(queryClient: QueryClient, trainingUuid: string, body: TrainingSeoUpdate, signal?: AbortSignal): Promise<Training> {
  const saved = await unwrap(api.PUT('/trainings/{trainingUuid}/seo', { params: { path: { trainingUuid } }, body, signal }));
  queryClient.setQueryData(trainingQuery(trainingUuid).queryKey, saved);
  return saved;
}

/** PUT /trainings/{uuid}/feedback_options; the cached training gets the saved options. */
export async function saveFeedbackOptions(queryClient: QueryClient, trainingUuid: string, body: FeedbackOptions, signal?: AbortSignal): Promise<FeedbackOptions> {
  const saved = await unwrap(api.PUT('/trainings/{trainingUuid}/feedback_options', { params: { path: { trainingUuid } }, body, signal }));
  queryClient.setQueryData(trainingQuery(trainingUuid).queryKey, (cached) => (cached ? { ...cached, feedback_options: saved } : cached));
  return saved;
}

const keepAuthors = (queryClient: QueryClient, trainingUuid: string, authors: UserRef[]) =>
  queryClient.setQueryData(trainingQuery(trainingUuid).queryKey, (cached) => (cached ? { ...cached, authors } : cached));

/** POST /trainings/{uuid}/authors; the cached training gets the authors the server answers. */
export async function addTrainingAuthor(queryClient: QueryClient, trainingUuid: string, userUuid: string, signal?: AbortSignal) {
  const { data } = await unwrap(api.POST('/trainings/{trainingUuid}/authors', { params: { path: { trainingUuid } }, body: { user_uuids: [userUuid] }, signal }));
  keepAuthors(queryClient, trainingUuid, data);
}

/** DELETE /trainings/{uuid}/authors; the cached training gets the authors the server answers. */
export async function removeTrainingAuthor(queryClient: QueryClient, trainingUuid: string, userUuid: string, signal?: AbortSignal) {
  const { data } = await unwrap(api.DELETE('/trainings/{trainingUuid}/authors', { params: { path: { trainingUuid } }, body: { user_uuids: [userUuid] }, signal }));
  keepAuthors(queryClient, trainingUuid, data);
}
