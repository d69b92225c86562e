import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { UploadFile } from '../upload/upload.machine';

export type Assignment = components['schemas']['Assignment'];
export interface HandedFile {
  name: string;
  url: string;
  size: number;
}
export interface HandInBody {
  content?: string;
  files?: HandedFile[];
}

export interface AssignmentHandInContext {
  assignment: Assignment | null;
  /** The item's max_files. */
  maxFiles: number;
  text: string;
  files: HandedFile[];
  /** A hand-in with nothing in it, or a file past max_files: refused before anything is sent. */
  problem: 'empty' | 'tooManyFiles' | null;
  failure: Failure | null;
}

export type AssignmentHandInEvent =
  | { type: 'EDIT'; text: string }
  | { type: 'PICK'; file: UploadFile }
  | { type: 'REMOVE'; url: string }
  | { type: 'SUBMIT' };

/** Where the learner stands: to hand in (first time), to rework (rejected), waiting for the team, accepted. */
export type HandInStatus = 'toHandIn' | 'toRework' | 'waiting' | 'accepted';
export const statusOf = (assignment: Assignment | null): HandInStatus =>
  assignment?.status === 'PENDING_TEACHER'
    ? 'waiting'
    : assignment?.status === 'COMPLETED'
      ? 'accepted'
      : assignment?.decision === 'REJECTED'
        ? 'toRework'
        : 'toHandIn';

const hasWork = (context: Pick<AssignmentHandInContext, 'text' | 'files'>) => context.text.trim() !== '' || context.files.length > 0;

/**
 * Handing in an assignment in the player (issue 12):
 *
 *   starting ─┬─ waiting for the team ──> waiting
 *             ├─ accepted ──> accepted
 *             └─> editing (to hand in, or to rework after a rejection)
 *   editing: EDIT text; PICK file ──(room left)──> uploading ──done──> editing (file added)
 *                                  (no room) ──> editing (problem tooManyFiles)   └─error──> editing (failure)
 *            REMOVE file; SUBMIT ──(text or a file)──> submitting ──done──> waiting (`submitted`)
 *                           (nothing) ──> editing (problem empty)          └─error──> editing (failure, work kept)
 *
 * `upload` (presign + PUT, the upload machinery's calls) and `submit` are injected; `submitted` tells the
 * player the lesson changed (it reloads it, so the outline and the team's review agree).
 */
export const assignmentHandInMachine = setup({
  types: {} as { context: AssignmentHandInContext; events: AssignmentHandInEvent; input: { assignment: Assignment | null; maxFiles: number } },
  actors: {
    upload: notProvidedPromise<HandedFile, { file: UploadFile }>('assignmentHandIn', 'upload'),
    submit: notProvidedPromise<Assignment, HandInBody>('assignmentHandIn', 'submit'),
  },
  actions: {
    submitted: notProvided('assignmentHandIn', 'submitted'),
  },
  guards: {
    isWaiting: ({ context }) => statusOf(context.assignment) === 'waiting',
    isAccepted: ({ context }) => statusOf(context.assignment) === 'accepted',
    hasRoom: ({ context }) => context.files.length < context.maxFiles,
    hasWork: ({ context }) => hasWork(context),
  },
}).createMachine({
  id: 'assignmentHandIn',
  context: ({ input }) => ({ assignment: input.assignment, maxFiles: input.maxFiles, text: '', files: [], problem: null, failure: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isWaiting', target: 'waiting' }, { guard: 'isAccepted', target: 'accepted' }, { target: 'editing' }],
    },
    editing: {
      on: {
        EDIT: { actions: assign({ text: ({ event }) => event.text, problem: null }) },
        PICK: [{ guard: 'hasRoom', target: 'uploading' }, { actions: assign({ problem: 'tooManyFiles' }) }],
        REMOVE: { actions: assign({ files: ({ context, event }) => context.files.filter((f) => f.url !== event.url), problem: null }) },
        SUBMIT: [{ guard: 'hasWork', target: 'submitting' }, { actions: assign({ problem: 'empty' }) }],
      },
    },
    uploading: {
      entry: assign({ problem: null, failure: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => ({ file: (event as Extract<AssignmentHandInEvent, { type: 'PICK' }>).file }),
        onDone: { target: 'editing', actions: assign({ files: ({ context, event }) => [...context.files, event.output] }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    submitting: {
      entry: assign({ problem: null, failure: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ ...(context.text.trim() ? { content: context.text.trim() } : {}), ...(context.files.length ? { files: context.files } : {}) }),
        onDone: { target: 'waiting', actions: [assign({ assignment: ({ event }) => event.output, text: '', files: [] }), 'submitted'] },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    waiting: {},
    accepted: {},
  },
});
