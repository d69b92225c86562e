import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type TrainingComment = components['schemas']['TrainingComment'];

/** GET /trainings/{uuid}/comments: one page of the comments left on a training's lessons. */
export const trainingCommentsQuery = (trainingUuid: string, page: number) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/comments', { params: { path: { trainingUuid }, query: { page } } });

/** Every cached page of a training's comments. */
export const refreshTrainingComments = (queryClient: QueryClient, trainingUuid: string) =>
  queryClient.invalidateQueries({ queryKey: ['get', '/trainings/{trainingUuid}/comments', { params: { path: { trainingUuid } } }] });

/** DELETE /trainings/{uuid}/comments/{id}. */
export const deleteTrainingComment = (trainingUuid: string, commentId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/trainings/{trainingUuid}/comments/{commentId}', { params: { path: { trainingUuid, commentId } }, signal }));

/** POST /trainings/{uuid}/training_items/{id}/comments: a reply under a comment of that lesson. */
export const replyToTrainingComment = (trainingUuid: string, parent: Pick<TrainingComment, 'id' | 'training_item'>, content: string, signal?: AbortSignal) =>
  unwrap(
    api.POST('/trainings/{trainingUuid}/training_items/{itemId}/comments', {
      params: { path: { trainingUuid, itemId: parent.training_item.id } },
      body: { content, parent_id: parent.id },
      signal,
    }),
  );
