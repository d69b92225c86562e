import { assign, setup } from 'xstate';
import type { AiContentType } from '../../shared/aiCredits';
import type { components } from '../../src/api/schema.gen';
import type { Failure } from '../../shared/failure';
import { notProvidedCallback } from '../support/notProvided';

/** What the trainer asks for: the kind of text, their words, and the training or bundle it is about. */
export interface AiRequest {
  type: AiContentType;
  input: string;
  buyable: { type: 'TRAINING' | 'BUNDLE'; uuid: string } | null;
}

/** The text the server kept (its history entry): uuid, content, credits used. */
export type AiResult = Pick<components['schemas']['AiContent'], 'uuid' | 'content' | 'credits_used'>;

/** What the `generate` actor sends back while the text streams in. */
export type AiStreamEvent = { type: 'DELTA'; text: string } | { type: 'DONE'; result: AiResult } | { type: 'FAILED'; failure: Failure };

export type AiAssistantEvent =
  | { type: 'SET_TYPE'; value: AiContentType }
  | { type: 'CHANGE_INPUT'; value: string }
  | { type: 'CHOOSE_BUYABLE'; value: AiRequest['buyable'] }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | AiStreamEvent;

export interface AiAssistantContext {
  request: AiRequest;
  /** The text so far (streaming), or the whole text (done), or what came before a failure or a cancel. */
  text: string;
  result: AiResult | null;
  failure: Failure | null;
  /** SUBMIT with nothing written: the field says so. */
  inputMissing: boolean;
}

const filled = (context: AiAssistantContext) => context.request.input.trim() !== '';

/**
 * The AI assistant's writer (/assistant-ia?type=): one text at a time, shown as it streams in.
 *
 *   idle ─SUBMIT (words given)─> streaming ─DELTA─> streaming (text grows)
 *     ^                            ├─DONE──> done       (kept in the history; credits taken)
 *     │                            ├─FAILED─> failed    (server refusal or provider failure; credits given back)
 *     │                            └─CANCEL─> cancelled (the stream is closed: leaving the state stops the
 *     │                                                  `generate` actor, which aborts its request)
 *   done | failed | cancelled ─SUBMIT─> streaming (a new text; edits keep the result on screen until then)
 *   SET_TYPE, CHANGE_INPUT, CHOOSE_BUYABLE: edit the request in every state but streaming.
 */
export const aiAssistantMachine = setup({
  types: {} as { context: AiAssistantContext; events: AiAssistantEvent; input: { type: AiContentType } },
  actors: {
    generate: notProvidedCallback<AiStreamEvent, AiRequest>('aiAssistant', 'generate'),
  },
  guards: {
    isFilled: ({ context }) => filled(context),
  },
  actions: {
    setType: assign({ request: ({ context, event }) => (event.type === 'SET_TYPE' ? { ...context.request, type: event.value } : context.request) }),
    setInput: assign({
      request: ({ context, event }) => (event.type === 'CHANGE_INPUT' ? { ...context.request, input: event.value } : context.request),
      inputMissing: false,
    }),
    setBuyable: assign({ request: ({ context, event }) => (event.type === 'CHOOSE_BUYABLE' ? { ...context.request, buyable: event.value } : context.request) }),
    markMissing: assign({ inputMissing: true }),
  },
}).createMachine({
  id: 'aiAssistant',
  context: ({ input }) => ({ request: { type: input.type, input: '', buyable: null }, text: '', result: null, failure: null, inputMissing: false }),
  initial: 'idle',
  on: {
    SET_TYPE: { actions: 'setType' },
    CHANGE_INPUT: { actions: 'setInput' },
    CHOOSE_BUYABLE: { actions: 'setBuyable' },
    SUBMIT: [{ guard: 'isFilled', target: '.streaming' }, { actions: 'markMissing' }],
  },
  states: {
    idle: {},
    streaming: {
      entry: assign({ text: '', result: null, failure: null }),
      invoke: { id: 'generate', src: 'generate', input: ({ context }) => ({ ...context.request, input: context.request.input.trim() }) },
      on: {
        // The request is what was sent: it stays as it is until the text ends.
        SET_TYPE: {},
        CHANGE_INPUT: {},
        CHOOSE_BUYABLE: {},
        SUBMIT: {},
        DELTA: { actions: assign({ text: ({ context, event }) => context.text + event.text }) },
        DONE: { target: 'done', actions: assign({ result: ({ event }) => event.result, text: ({ event }) => event.result.content }) },
        FAILED: { target: 'failed', actions: assign({ failure: ({ event }) => event.failure }) },
        CANCEL: { target: 'cancelled' },
      },
    },
    done: {},
    failed: {},
    cancelled: {},
  },
});
