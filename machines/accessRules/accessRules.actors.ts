import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { SaveAccessRulesInput, SavedAccessRules } from './accessRules.machine';

/** The call the access-rules form needs; the app supplies it (PUT /trainings/{uuid} and the caches it updates). */
export interface AccessRulesApi {
  /** Saves the rules; answers the training as stored (its rules among its fields). */
  save(body: SaveAccessRulesInput, signal: AbortSignal): Promise<SavedAccessRules>;
}

/** Real actors for `accessRulesMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createAccessRulesActors(api: AccessRulesApi) {
  return {
    save: fromPromise<SavedAccessRules, SaveAccessRulesInput>(({ input, signal }) => settleUnlessAborted(signal, api.save(input, signal))),
  };
}
