import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { unwrap } from '../../../api/failure';
import { $api } from '../../../api/queries';
import type { components, paths } from '../../../api/schema.gen';

export type Training = components['schemas']['Training'];

/** The one cache entry of a training: the frame reads it, every tab writes the saved training back into it. */
export const trainingQuery = (trainingUuid: string) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}', { params: { path: { trainingUuid } } });

export type TrainingUpdate = NonNullable<paths['/trainings/{trainingUuid}']['put']['requestBody']>['content']['application/json'];

/** PUT /trainings/{uuid} with the fields that change; the saved training replaces the cached one. */
export async function saveTraining(queryClient: QueryClient, trainingUuid: string, body: TrainingUpdate, signal?: AbortSignal): Promise<Training> {
  const saved = await unwrap(api.PUT('/trainings/{trainingUuid}', { params: { path: { trainingUuid } }, body, signal }));
  queryClient.setQueryData(trainingQuery(trainingUuid).queryKey, saved);
  return saved;
}
