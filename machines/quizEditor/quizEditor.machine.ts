import { assign, not, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import {
  editQuestion,
  fieldsOf,
  isSavable,
  moveQuestion,
  questionErrorsOf,
  newQuestion,
  toInput,
  type Quiz,
  type QuizFields,
  type QuizInput,
  type QuizSettings,
  type QuestionEdit,
  type QuestionServerErrors,
} from './quizDocument';

export interface QuizEditorInput {
  itemId: number;
}

export interface SaveQuizInput {
  itemId: number;
  body: QuizInput;
}

export interface ArchiveQuestionInput {
  questionId: number;
  archived: boolean;
}

export type QuizEditorEvent =
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_SETTINGS'; settings: Partial<QuizSettings> }
  | { type: 'ADD_QUESTION'; questionType: 'SINGLE' | 'MULTIPLE' }
  | { type: 'EDIT_QUESTION'; key: string; edit: QuestionEdit }
  | { type: 'MOVE_QUESTION'; key: string; direction: 'up' | 'down' }
  | { type: 'REMOVE_QUESTION'; key: string }
  | { type: 'ARCHIVE'; key: string; archived: boolean }
  | { type: 'SAVE' }
  | { type: 'SET_DRAFT'; draft: boolean }
  | { type: 'KEEP_MINE' }
  | { type: 'TAKE_THEIRS' }
  | { type: 'RETRY' };

export interface QuizEditorContext {
  itemId: number;
  /** The version the edits are based on. */
  version: number;
  /** What the server holds as far as we know; `fields !== saved` means unsaved changes. */
  saved: QuizFields | null;
  fields: QuizFields;
  inFlight: QuizFields | null;
  /** New questions are keyed n1, n2… */
  nextKey: number;
  /** A save was refused here because something is invalid (the page shows where). */
  invalid: boolean;
  failure: Failure | null;
  /** The last refused save's field errors, by question key; a question's entry goes when it is edited. */
  serverErrors: Record<string, QuestionServerErrors>;
  theirs: Quiz | null;
  /** The question being archived or restored. */
  archiving: { key: string; archived: boolean } | null;
}

const EMPTY: QuizFields = { name: '', draft: true, min_success_rate: null, max_attempts: null, shuffle_questions: false, show_corrections: true, questions: [] };

const asFailure = (error: unknown): Failure =>
  typeof error === 'object' && error !== null && 'message' in error && 'status' in error
    ? (error as Failure)
    : { status: null, code: null, message: String(error), fieldErrors: {} };

const withoutKey = <T>(record: Record<string, T>, key: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** The fields with the archived flag of `key` set (the server changed it). */
const withArchived = (fields: QuizFields | null, key: string, archived: boolean) =>
  fields && { ...fields, questions: fields.questions.map((q) => (q.key === key ? { ...q, archived } : q)) };

/**
 * The quiz editor (issue 10): edits mark the quiz dirty; a save sends the whole quiz against the version it
 * started from (explicit: Enregistrer, Ctrl+S, or the publish switch; no autosave, a question being written is
 * rarely valid); a save refused for a stale version (409) offers keep mine / take theirs. Archiving a saved
 * question is its own call, at once, that keeps the unsaved edits.
 *
 *   loading ──done──> editing.clean ⇄ dirty ──SAVE / SET_DRAFT (valid)──> saving ──done──> clean | dirty
 *      └─error─> failed ──RETRY──> loading                                       ──409──> conflict.loading ──> conflict.choosing
 *                                                                                ──error──> dirty (failure shown)
 *   clean | dirty ──ARCHIVE──> archiving ──done / error──> dirty (──unchanged──> clean)
 *   conflict.choosing ──KEEP_MINE──> saving (their version) | ──TAKE_THEIRS──> clean
 */
export const quizEditorMachine = setup({
  types: {} as { context: QuizEditorContext; events: QuizEditorEvent; input: QuizEditorInput },
  actors: {
    load: notProvidedPromise<Quiz, { itemId: number }>('quizEditor', 'load'),
    save: notProvidedPromise<Quiz, SaveQuizInput>('quizEditor', 'save'),
    archive: notProvidedPromise<unknown, ArchiveQuestionInput>('quizEditor', 'archive'),
  },
  actions: {
    /** The quiz was saved (the outline shows its name and draft mark). */
    saved: notProvided<{ quiz: Quiz }>('quizEditor', 'saved'),
    received: assign((_, quiz: Quiz) => {
      const fields = fieldsOf(quiz);
      return { version: quiz.version, saved: fields, fields, inFlight: null, theirs: null, invalid: false };
    }),
    setFields: assign(({ context }, changes: Partial<QuizFields>) => ({ fields: { ...context.fields, ...changes } })),
  },
  guards: {
    hasChanges: ({ context }) => context.fields !== context.saved,
    isSavable: ({ context }) => isSavable(context.fields),
    isConflict: (_, failure: Failure) => failure.status === 409,
    editedMeanwhile: ({ context }) => context.fields !== context.inFlight,
  },
}).createMachine({
  id: 'quizEditor',
  context: ({ input }) => ({ itemId: input.itemId, version: 0, saved: null, fields: EMPTY, inFlight: null, nextKey: 1, invalid: false, failure: null, serverErrors: {}, theirs: null, archiving: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ itemId: context.itemId }),
        onDone: { target: 'editing', actions: { type: 'received', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
      },
    },
    /** The quiz could not be loaded: the page shows the not-found page (spec section 2) or the failure. */
    failed: { on: { RETRY: 'loading' } },
    editing: {
      initial: 'clean',
      on: {
        SET_NAME: { actions: { type: 'setFields', params: ({ event }) => ({ name: event.name }) } },
        SET_SETTINGS: { actions: { type: 'setFields', params: ({ context, event }) => ({ ...context.fields, ...event.settings }) } },
        ADD_QUESTION: {
          actions: assign(({ context, event }) => ({
            fields: { ...context.fields, questions: [...context.fields.questions, newQuestion(`n${context.nextKey}`, event.questionType)] },
            nextKey: context.nextKey + 1,
          })),
        },
        EDIT_QUESTION: {
          guard: ({ context, event }) => context.fields.questions.some((q) => q.key === event.key && !q.archived),
          actions: [
            {
              type: 'setFields',
              params: ({ context, event }) => ({ questions: context.fields.questions.map((q) => (q.key === event.key ? editQuestion(q, event.edit) : q)) }),
            },
            assign({ serverErrors: ({ context, event }) => (event.key in context.serverErrors ? withoutKey(context.serverErrors, event.key) : context.serverErrors) }),
          ],
        },
        MOVE_QUESTION: {
          guard: ({ context, event }) => moveQuestion(context.fields.questions, event.key, event.direction) !== null,
          actions: { type: 'setFields', params: ({ context, event }) => ({ questions: moveQuestion(context.fields.questions, event.key, event.direction)! }) },
        },
        REMOVE_QUESTION: {
          guard: ({ context, event }) => context.fields.questions.some((q) => q.key === event.key),
          actions: { type: 'setFields', params: ({ context, event }) => ({ questions: context.fields.questions.filter((q) => q.key !== event.key) }) },
        },
      },
      states: {
        clean: {
          always: { guard: 'hasChanges', target: 'dirty' },
          on: {
            SET_DRAFT: [
              { guard: not('isSavable'), actions: assign({ invalid: true }) },
              { target: 'saving', actions: { type: 'setFields', params: ({ event }) => ({ draft: event.draft }) } },
            ],
            ARCHIVE: {
              guard: ({ context, event }) => context.fields.questions.some((q) => q.key === event.key && q.id !== undefined),
              target: 'archiving',
              actions: assign(({ event }) => ({ archiving: { key: event.key, archived: event.archived } })),
            },
          },
        },
        dirty: {
          always: { guard: not('hasChanges'), target: 'clean' },
          on: {
            SAVE: [{ guard: not('isSavable'), actions: assign({ invalid: true }) }, { target: 'saving' }],
            SET_DRAFT: [
              { guard: not('isSavable'), actions: assign({ invalid: true }) },
              { target: 'saving', actions: { type: 'setFields', params: ({ event }) => ({ draft: event.draft }) } },
            ],
            ARCHIVE: {
              guard: ({ context, event }) => context.fields.questions.some((q) => q.key === event.key && q.id !== undefined),
              target: 'archiving',
              actions: assign(({ event }) => ({ archiving: { key: event.key, archived: event.archived } })),
            },
          },
        },
        saving: {
          entry: assign(({ context }) => ({ inFlight: context.fields, invalid: false, failure: null, serverErrors: {} })),
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ itemId: context.itemId, body: toInput(context.fields, context.version) }),
            onDone: [
              {
                guard: 'editedMeanwhile',
                target: 'dirty',
                actions: [assign(({ context, event }) => ({ version: event.output.version, saved: context.inFlight, inFlight: null })), { type: 'saved', params: ({ event }) => ({ quiz: event.output }) }],
              },
              // Nothing changed meanwhile: the server's copy (ids of new questions, trimmed texts) is what the trainer sees.
              { target: 'clean', actions: [{ type: 'received', params: ({ event }) => event.output }, { type: 'saved', params: ({ event }) => ({ quiz: event.output }) }] },
            ],
            onError: [
              { guard: { type: 'isConflict', params: ({ event }) => asFailure(event.error) }, target: 'conflict', actions: assign({ inFlight: null, failure: ({ event }) => asFailure(event.error) }) },
              {
                target: 'dirty',
                actions: assign(({ context, event }) => {
                  const failure = asFailure(event.error);
                  return { inFlight: null, failure, serverErrors: questionErrorsOf(failure.fieldErrors, context.inFlight?.questions ?? []) };
                }),
              },
            ],
          },
        },
        archiving: {
          invoke: {
            id: 'archive',
            src: 'archive',
            input: ({ context }) => ({ questionId: context.fields.questions.find((q) => q.key === context.archiving!.key)!.id!, archived: context.archiving!.archived }),
            // Back through dirty, whose check sends an unchanged quiz on to clean.
            onDone: {
              target: 'dirty',
              actions: assign(({ context }) => {
                const { key, archived } = context.archiving!;
                const keepsChanges = context.fields !== context.saved;
                const saved = withArchived(context.saved, key, archived);
                return { saved, fields: keepsChanges ? withArchived(context.fields, key, archived)! : saved!, failure: null, archiving: null };
              }),
            },
            onError: { target: 'dirty', actions: assign({ failure: ({ event }) => asFailure(event.error), archiving: null }) },
          },
        },
        /** Someone saved a newer copy: nothing is overwritten until the trainer chooses. */
        conflict: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadTheirs',
                src: 'load',
                input: ({ context }) => ({ itemId: context.itemId }),
                onDone: { target: 'choosing', actions: assign({ theirs: ({ event }) => event.output }) },
                onError: { target: 'choosing', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
              },
            },
            choosing: {
              on: {
                KEEP_MINE: {
                  guard: ({ context }) => context.theirs !== null && isSavable(context.fields),
                  target: '#quizEditor.editing.saving',
                  actions: assign(({ context }) => ({ version: context.theirs!.version, theirs: null, failure: null })),
                },
                TAKE_THEIRS: { guard: ({ context }) => context.theirs !== null, target: '#quizEditor.editing.clean', actions: [{ type: 'received', params: ({ context }) => context.theirs! }, assign({ failure: null })] },
                RETRY: { guard: ({ context }) => context.theirs === null, target: 'loading' },
              },
            },
          },
        },
      },
    },
  },
});
