import { $api } from '../../../api/queries';
import type { components } from '../../../api/schema.gen';

export type Training = components['schemas']['Training'];

/** The one cache entry of a training: the frame reads it, every tab writes the saved training back into it. */
export const trainingQuery = (trainingUuid: string) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}', { params: { path: { trainingUuid } } });
