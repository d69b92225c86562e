import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvided, notProvidedPromise } from '../support/notProvided';

export type ScormProgress = components['schemas']['ScormProgress'];
/** What the runtime page posted: the package's whole CMI data, on a commit or on finish. */
export interface ScormCommit {
  cmi: Record<string, unknown>;
  finished: boolean;
}

export interface ScormPlayerContext {
  /** The package's launch page (the item's scorm_url). */
  launch: string;
  /** The saved data: read on opening, then the answer of each save. */
  progress: ScormProgress | null;
  /** The commit being saved, or waiting to be after a failure. */
  unsaved: ScormCommit | null;
  /** A commit that came while another was being saved (the newest wins: each carries the whole data). */
  queued: ScormCommit | null;
  failure: Failure | null;
}

export type ScormPlayerEvent =
  /** The runtime page (on the files origin) has loaded and waits for its start message. */
  | { type: 'RUNTIME_READY' }
  /** The runtime page could not start the package (a launch address not of the files origin, its script missing). */
  | { type: 'RUNTIME_FAILED' }
  | ({ type: 'COMMIT' } & ScormCommit)
  | { type: 'RETRY' };

/** Two commits as one: the later data, finished if either was. */
export const mergeCommits = (earlier: ScormCommit | null, later: ScormCommit): ScormCommit => ({ cmi: later.cmi, finished: Boolean(earlier?.finished) || later.finished });

/** A failure of the runtime page itself (no server answer to show): the view words it. */
export const RUNTIME_FAILURE: Failure = { status: 0, code: 'SCORM_RUNTIME', message: '', fieldErrors: {} };

/**
 * A SCORM item in the player (issue 12). The package runs in the runtime page, which holds the SCORM API and
 * posts each commit to the view; this machine saves them one at a time, in order, the newest data winning:
 *
 *   loading ──done──┬─ a runtime page ──> starting ──RUNTIME_READY / startRuntime──> running
 *      │error       └─ none (no files origin) ──> untracked (the package shown, nothing saved)
 *      v                                          running ──COMMIT──> saving ──done──┬─ queued ──> saving
 *    error ──RETRY──> loading (nothing read yet)              COMMIT (queued)        ├─ finished ──> finished
 *          ──RETRY──> saving (a commit unsaved)               error ──> error        └─> running
 *   starting / running ──RUNTIME_FAILED──> error (no retry: the page must be opened again)
 *
 * `startRuntime` (injected) posts the saved data, the version and the launch page to the runtime page;
 * `saved` (injected) tells the player a save came back, with whether it completed the item just now.
 */
export const scormPlayerMachine = setup({
  types: {} as { context: ScormPlayerContext; events: ScormPlayerEvent; input: { launch: string } },
  actors: {
    /** GET …/items/{itemId}/scorm. */
    load: notProvidedPromise<ScormProgress, void>('scormPlayer', 'load'),
    /** PUT …/items/{itemId}/scorm. */
    save: notProvidedPromise<ScormProgress, ScormCommit>('scormPlayer', 'save'),
  },
  actions: {
    startRuntime: notProvided<{ version: ScormProgress['version']; cmi: ScormProgress['cmi']; launch: string }>('scormPlayer', 'startRuntime'),
    saved: notProvided<{ completedNow: boolean }>('scormPlayer', 'saved'),
  },
  guards: {
    hasRuntime: ({ event }) => Boolean((event as { output?: ScormProgress }).output?.runtime_url),
    hasQueued: ({ context }) => context.queued !== null,
    savedFinished: ({ context }) => Boolean(context.unsaved?.finished),
    hasUnsaved: ({ context }) => context.unsaved !== null,
    nothingRead: ({ context }) => context.progress === null,
  },
}).createMachine({
  id: 'scormPlayer',
  context: ({ input }) => ({ launch: input.launch, progress: null, unsaved: null, queued: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          { guard: 'hasRuntime', target: 'starting', actions: assign({ progress: ({ event }) => event.output }) },
          { target: 'untracked', actions: assign({ progress: ({ event }) => event.output }) },
        ],
        onError: { target: 'error', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    starting: {
      on: {
        RUNTIME_READY: {
          target: 'running',
          actions: { type: 'startRuntime', params: ({ context }) => ({ version: context.progress!.version, cmi: context.progress!.cmi, launch: context.launch }) },
        },
        RUNTIME_FAILED: { target: 'error', actions: assign({ failure: RUNTIME_FAILURE }) },
      },
    },
    running: {
      on: {
        COMMIT: { target: 'saving', actions: assign({ unsaved: ({ event }) => ({ cmi: event.cmi, finished: event.finished }) }) },
        RUNTIME_FAILED: { target: 'error', actions: assign({ failure: RUNTIME_FAILURE }) },
      },
    },
    saving: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.unsaved!,
        onDone: [
          {
            guard: 'hasQueued',
            target: 'saving',
            reenter: true,
            actions: [
              { type: 'saved', params: ({ context, event }) => ({ completedNow: !context.progress?.completed_at && event.output.completed_at !== null }) },
              assign({ progress: ({ event }) => event.output, unsaved: ({ context }) => mergeCommits(context.unsaved, context.queued!), queued: null }),
            ],
          },
          {
            guard: 'savedFinished',
            target: 'finished',
            actions: [
              { type: 'saved', params: ({ context, event }) => ({ completedNow: !context.progress?.completed_at && event.output.completed_at !== null }) },
              assign({ progress: ({ event }) => event.output, unsaved: null }),
            ],
          },
          {
            target: 'running',
            actions: [
              { type: 'saved', params: ({ context, event }) => ({ completedNow: !context.progress?.completed_at && event.output.completed_at !== null }) },
              assign({ progress: ({ event }) => event.output, unsaved: null }),
            ],
          },
        ],
        onError: {
          target: 'error',
          actions: assign({ failure: ({ event }) => event.error as Failure, unsaved: ({ context }) => (context.queued ? mergeCommits(context.unsaved, context.queued) : context.unsaved), queued: null }),
        },
      },
      on: { COMMIT: { actions: assign({ queued: ({ context, event }) => mergeCommits(context.queued, { cmi: event.cmi, finished: event.finished }) }) } },
    },
    error: {
      on: {
        // Commits keep coming while the save failed: the newest data waits for the retry.
        COMMIT: { guard: 'hasUnsaved', actions: assign({ unsaved: ({ context, event }) => mergeCommits(context.unsaved, { cmi: event.cmi, finished: event.finished }) }) },
        RETRY: [
          { guard: 'hasUnsaved', target: 'saving' },
          { guard: 'nothingRead', target: 'loading' },
        ],
      },
    },
    finished: {},
    untracked: {},
  },
});
