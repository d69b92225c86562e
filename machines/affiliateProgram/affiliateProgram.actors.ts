import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { ProgramTerms } from './affiliateProgram.machine';

/** The call the settings page needs; the app supplies it (src/api/affiliatesApi.ts). */
export interface AffiliateProgramApi {
  saveTerms(terms: ProgramTerms, signal: AbortSignal): Promise<ProgramTerms>;
}

export function createAffiliateProgramActors(api: AffiliateProgramApi) {
  return { save: fromPromise<ProgramTerms, ProgramTerms>(({ input, signal }) => settleUnlessAborted(signal, api.saveTerms(input, signal))) };
}
