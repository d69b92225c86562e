import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { PayoutBody } from './payoutRequest.machine';

export interface PayoutRequestApi {
  requestPayout(body: PayoutBody, signal: AbortSignal): Promise<unknown>;
}

export function createPayoutRequestActors(api: PayoutRequestApi) {
  return { send: fromPromise<unknown, PayoutBody>(({ input, signal }) => settleUnlessAborted(signal, api.requestPayout(input, signal))) };
}
