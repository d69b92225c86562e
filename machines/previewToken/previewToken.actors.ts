import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { PreviewToken } from './previewToken.machine';

/** The call the preview token needs; the app supplies it from the generated API client. */
export interface PreviewTokenApi {
  /** POST /stores/{storeUuid}/token (createPreviewToken). */
  createToken(signal: AbortSignal): Promise<PreviewToken>;
}

/** Real actors for `previewTokenMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createPreviewTokenActors(api: PreviewTokenApi) {
  return {
    fetchToken: fromPromise<PreviewToken>(({ signal }) => settleUnlessAborted(signal, api.createToken(signal))),
  };
}
