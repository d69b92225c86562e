import { fromPromise } from 'xstate';
import type { components } from '../../src/api/schema.gen';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { SaveSpaceInput } from './spaceForm.machine';

type Space = components['schemas']['Space'];

/** The calls the space form needs; the app supplies them from src/api/communityApi.ts. */
export interface SpaceFormApi {
  create(body: Extract<SaveSpaceInput, { spaceUuid: null }>['body'], signal: AbortSignal): Promise<Space>;
  update(spaceUuid: string, body: Extract<SaveSpaceInput, { spaceUuid: string }>['body'], signal: AbortSignal): Promise<Space>;
}

/** Real actors for `spaceFormMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createSpaceFormActors(api: SpaceFormApi) {
  return {
    save: fromPromise<Space, SaveSpaceInput>(({ input, signal }) =>
      settleUnlessAborted(signal, input.spaceUuid === null ? api.create(input.body, signal) : api.update(input.spaceUuid, input.body, signal)),
    ),
  };
}
