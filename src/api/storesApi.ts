import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { paths } from './schema.gen';

export type StoreUpdate = NonNullable<paths['/stores/{storeUuid}']['put']['requestBody']>['content']['application/json'];

/** GET /stores/{uuid}/onboarding: the home page's checklist milestones. */
export const onboardingQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/onboarding', { params: { path: { storeUuid } } });

/** PUT /stores/{uuid} with the fields that change (the owner's phone, the questionnaire's answers); answers the store. */
export const updateStore = (storeUuid: string, body: StoreUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}', { params: { path: { storeUuid } }, body, signal }));
