import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { SavePhoneInput } from './phoneCard.machine';

/** The call the phone card needs; the app supplies it from the generated API client. */
export interface PhoneCardApi {
  /** Stores `phone` (trimmed, valid) as the store's owner_phone. */
  savePhone(phone: string, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `phoneCardMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createPhoneCardActors(api: PhoneCardApi) {
  return {
    save: fromPromise<void, SavePhoneInput>(({ input, signal }) =>
      settleUnlessAborted(
        signal,
        api.savePhone(input.phone, signal).then(() => undefined),
      ),
    ),
  };
}
