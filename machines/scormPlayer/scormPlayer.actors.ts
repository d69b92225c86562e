import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { ScormCommit, ScormProgress } from './scormPlayer.machine';

/** The SCORM item's calls; the app supplies them from src/api/learningApi. */
export interface ScormPlayerApi {
  load(signal: AbortSignal): Promise<ScormProgress>;
  save(commit: ScormCommit, signal: AbortSignal): Promise<ScormProgress>;
}

/** Real actors for `scormPlayerMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createScormPlayerActors(api: ScormPlayerApi) {
  return {
    load: fromPromise<ScormProgress, void>(({ signal }) => settleUnlessAborted(signal, api.load(signal))),
    save: fromPromise<ScormProgress, ScormCommit>(({ input, signal }) => settleUnlessAborted(signal, api.save(input, signal))),
  };
}
