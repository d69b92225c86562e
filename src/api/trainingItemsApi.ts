import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

export type TrainingItem = components['schemas']['TrainingItem'];
export type TrainingItemNode = components['schemas']['TrainingItemNode'];
export type NewTrainingItem = operations['createTrainingItem']['requestBody']['content']['application/json'];
export type TrainingItemChanges = operations['updateTrainingItem']['requestBody']['content']['application/json'];
export type OutlinePlacement = operations['reorderTrainingItems']['requestBody']['content']['application/json']['items'][number];
export type PreviewToken = components['schemas']['PreviewToken'];
export type Resource = components['schemas']['Resource'];
export type NewResource = operations['createTrainingItemResource']['requestBody']['content']['application/json'];

const itemPath = (trainingUuid: string, itemId: number) => ({ params: { path: { trainingUuid, itemId } } });

/** The item-tree calls of a training (JSON ones; the SCORM upload is multipart and goes through the upload machine). */
export const trainingItemsApi = {
  /** POST …/training_items: a draft unless `draft` is false, added last in its parent. */
  create: (trainingUuid: string, body: NewTrainingItem, signal?: AbortSignal) =>
    unwrap(api.POST('/trainings/{trainingUuid}/training_items', { params: { path: { trainingUuid } }, body, signal })),

  /** GET …/training_items/{id}: the item with its content (the SCORM launch address among others). */
  get: (trainingUuid: string, itemId: number, signal?: AbortSignal) =>
    unwrap(api.GET('/trainings/{trainingUuid}/training_items/{itemId}', { ...itemPath(trainingUuid, itemId), signal })),

  /** PUT …/training_items/{id}: only the fields sent change. */
  update: (trainingUuid: string, itemId: number, body: TrainingItemChanges, signal?: AbortSignal) =>
    unwrap(api.PUT('/trainings/{trainingUuid}/training_items/{itemId}', { ...itemPath(trainingUuid, itemId), body, signal })),

  /** DELETE …/training_items/{id}: a section goes with its items. */
  remove: (trainingUuid: string, itemId: number, signal?: AbortSignal) =>
    unwrap(api.DELETE('/trainings/{trainingUuid}/training_items/{itemId}', { ...itemPath(trainingUuid, itemId), signal })),

  /** POST …/training_items/{id}/duplication: into the same training, or last at the top of `targetTrainingUuid`. */
  duplicate: (trainingUuid: string, itemId: number, targetTrainingUuid: string | null, signal?: AbortSignal) =>
    unwrap(
      api.POST('/trainings/{trainingUuid}/training_items/{itemId}/duplication', {
        ...itemPath(trainingUuid, itemId),
        body: targetTrainingUuid ? { target_training_uuid: targetTrainingUuid } : {},
        signal,
      }),
    ),

  /** PUT …/training_items/reordering: the whole outline; answers the outline as stored. */
  reorder: (trainingUuid: string, items: OutlinePlacement[], signal?: AbortSignal) =>
    unwrap(api.PUT('/trainings/{trainingUuid}/training_items/reordering', { params: { path: { trainingUuid } }, body: { items }, signal })).then(
      (answer) => answer.data,
    ),

  /** POST /stores/{storeUuid}/token: a lesson-preview token valid 10 minutes. */
  previewToken: (storeUuid: string, signal?: AbortSignal) => unwrap(api.POST('/stores/{storeUuid}/token', { params: { path: { storeUuid } }, signal })),
};

/** GET …/training_items/{id} through the query cache: what the resources panel reads (the editor machine loads its own copy). */
export const trainingItemQuery = (trainingUuid: string, itemId: number) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/training_items/{itemId}', itemPath(trainingUuid, itemId));

/** After a resource call: the item's cached copy is read again. */
export const refreshTrainingItem = (queryClient: QueryClient, trainingUuid: string, itemId: number) =>
  queryClient.invalidateQueries({ queryKey: trainingItemQuery(trainingUuid, itemId).queryKey });

/** The resource calls of an item (files and links the learner finds beside the lesson). */
export const trainingItemResourcesApi = {
  /** POST …/resources: a LINK (any http(s) address) or a FILE (a RESOURCE upload of this training), added last. */
  add: (trainingUuid: string, itemId: number, body: NewResource, signal?: AbortSignal) =>
    unwrap(api.POST('/trainings/{trainingUuid}/training_items/{itemId}/resources', { ...itemPath(trainingUuid, itemId), body, signal })),

  /** DELETE …/resources/{resourceId}. */
  remove: (trainingUuid: string, itemId: number, resourceId: number, signal?: AbortSignal) =>
    unwrap(
      api.DELETE('/trainings/{trainingUuid}/training_items/{itemId}/resources/{resourceId}', { params: { path: { trainingUuid, itemId, resourceId } }, signal }),
    ),

  /** PUT …/resources/reordering: every resource, once, in the new order; answers them as stored. */
  reorder: (trainingUuid: string, itemId: number, ids: number[], signal?: AbortSignal) =>
    unwrap(api.PUT('/trainings/{trainingUuid}/training_items/{itemId}/resources/reordering', { ...itemPath(trainingUuid, itemId), body: { ids }, signal })).then(
      (answer) => answer.data,
    ),
};

/** GET …/training_items/{id}/feedbacks: a page of the learners' feedback on the item, newest first. */
export const trainingItemFeedbacksQuery = (trainingUuid: string, itemId: number, page: number) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/training_items/{itemId}/feedbacks', { params: { path: { trainingUuid, itemId }, query: { page, per_page: 10 } } });
