import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { SwitchedSession, SwitchTarget } from './userSwitch.machine';

export interface UserSwitchApi {
  switchToUser(userUuid: string, signal: AbortSignal): Promise<SwitchedSession>;
  endSwitchedSession(signal: AbortSignal): Promise<void>;
}

/** Real actors for `userSwitchMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createUserSwitchActors(api: UserSwitchApi) {
  return {
    switchToUser: fromPromise<SwitchedSession, SwitchTarget>(({ input, signal }) => settleUnlessAborted(signal, api.switchToUser(input.uuid, signal))),
    endSwitchedSession: fromPromise<void>(({ signal }) => settleUnlessAborted(signal, api.endSwitchedSession(signal))),
  };
}
