import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';

/** Switches the store's community on or off (PUT /stores/{uuid} with community_options.enabled); rejects with a Failure. */
export type SetCommunityEnabled = (enabled: boolean, signal: AbortSignal) => Promise<unknown>;

/** Real actors for `communityActivationMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createCommunityActivationActors(setEnabled: SetCommunityEnabled) {
  return {
    setEnabled: fromPromise<void, { enabled: boolean }>(({ input, signal }) => settleUnlessAborted(signal, setEnabled(input.enabled, signal).then(() => undefined))),
  };
}
