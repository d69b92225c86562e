import { useMemo } from 'react';
import { useInspectedMachine } from './inspector';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../machines/request/request.machine';
import { settleUnlessAborted } from '../../machines/support/settleUnlessAborted';
import { reportedByShell, reportFailure } from './failureReporter';
import { selectRequestView } from '../../machines/request/request.selectors';

/**
 * Runs one user-triggered call through the request machine. `submit` is read once, when the
 * component mounts, like every machine implementation.
 */
export function useRequest<I>(submit: (input: I, signal: AbortSignal) => Promise<{ message?: string } | void>, initialInput?: I) {
  const machine = useMemo(
    () =>
      requestMachine.provide({
        actors: {
          submit: fromPromise(({ input, signal }) =>
            settleUnlessAborted(
              signal,
              submit(input as I, signal).catch((error: unknown) => {
                // The form explains its own failures; the rest (no answer, 5xx…) go to the shell's catalogue.
                if (reportedByShell(error)) reportFailure(error);
                throw error;
              }),
            ),
          ),
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: initialInput === undefined ? undefined : { initialInput } });
  return {
    ...selectRequestView(snapshot),
    submit: (input: I) => send({ type: 'SUBMIT', input }),
    reset: () => send({ type: 'RESET' }),
    /** Forgets the last failure (the user is correcting the form). */
    clearError: () => send({ type: 'CLEAR_ERROR' }),
  };
}
