import { api } from './client';
import { unwrap } from './failure';
import type { components, operations } from './schema.gen';

export type TrainingItem = components['schemas']['TrainingItem'];
export type TrainingItemNode = components['schemas']['TrainingItemNode'];
export type NewTrainingItem = operations['createTrainingItem']['requestBody']['content']['application/json'];
export type TrainingItemChanges = operations['updateTrainingItem']['requestBody']['content']['application/json'];
export type OutlinePlacement = operations['reorderTrainingItems']['requestBody']['content']['application/json']['items'][number];
export type PreviewToken = components['schemas']['PreviewToken'];

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
