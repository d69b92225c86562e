import { fromCallback } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { AiRequest, AiResult, AiStreamEvent } from './aiAssistant.machine';

export interface AiAssistantApi {
  /** Streams one text: `onDelta` for each piece; resolves with the kept text; rejects with a Failure. Stops when `signal` aborts. */
  streamText(request: AiRequest, onDelta: (text: string) => void, signal: AbortSignal): Promise<AiResult>;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The writer's `generate` actor: the stream as DELTA events, then DONE or FAILED; stopping it aborts the request. */
export function createAiAssistantActors(api: AiAssistantApi) {
  return {
    generate: fromCallback<AiStreamEvent, AiRequest>(({ input, sendBack }) => {
      const controller = new AbortController();
      api.streamText(input, (text) => sendBack({ type: 'DELTA', text }), controller.signal).then(
        (result) => sendBack({ type: 'DONE', result }),
        (error: unknown) => {
          if (!controller.signal.aborted && !isAbort(error)) sendBack({ type: 'FAILED', failure: error as Failure });
        },
      );
      return () => controller.abort();
    }),
  };
}
