import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { CrmTag, TagInput } from './crmTags.machine';

/** The calls the tags need; the app supplies them from the API module. Each answers the customer's tags. */
export interface CrmTagsApi {
  add(value: string, signal: AbortSignal): Promise<CrmTag[]>;
  remove(value: string, signal: AbortSignal): Promise<CrmTag[]>;
}

/** Real actors for `crmTagsMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createCrmTagsActors(api: CrmTagsApi) {
  return {
    add: fromPromise<CrmTag[], TagInput>(({ input, signal }) => settleUnlessAborted(signal, api.add(input.value, signal))),
    remove: fromPromise<CrmTag[], TagInput>(({ input, signal }) => settleUnlessAborted(signal, api.remove(input.value, signal))),
  };
}
