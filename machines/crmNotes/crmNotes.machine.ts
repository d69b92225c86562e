import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvidedPromise } from '../support/notProvided';

export type CrmNote = components['schemas']['CrmNote'];

export interface CrmNotesInput {
  /** The customer's notes as the server last gave them, newest first. */
  notes: CrmNote[];
}

/** Why a note is not saved: nothing written, or longer than the contract's 5,000 characters. */
export type NoteProblem = 'required' | 'tooLong';

export interface CrmNotesContext {
  notes: CrmNote[];
  /** The text being written: a new note, or the new text of `editing`. */
  draft: string;
  /** The GENERAL note being edited; null while writing a new one. */
  editing: number | null;
  /** The note whose deletion is on its way. */
  pending: number | null;
  problem: NoteProblem | null;
  failure: Failure | null;
}

export type CrmNotesEvent =
  | { type: 'CHANGE'; value: string }
  /** Edit a GENERAL note: its text becomes the draft (HISTORY notes are the platform's and cannot be edited). */
  | { type: 'EDIT'; id: number }
  /** Back to writing a new note, draft emptied. */
  | { type: 'CANCEL' }
  | { type: 'SAVE' }
  | { type: 'DELETE'; id: number }
  | { type: 'SYNC'; notes: CrmNote[] };

export interface SaveNoteInput {
  id?: number;
  content: string;
}
export interface DeleteNoteInput {
  id: number;
}

const MAX = 5000;
export function noteProblem(value: string): NoteProblem | null {
  const text = value.trim();
  if (!text) return 'required';
  if (text.length > MAX) return 'tooLong';
  return null;
}

const isGeneral = (notes: readonly CrmNote[], id: number) => notes.some((note) => note.id === id && note.type === 'GENERAL');
/** The saved note in place of the old one (an edit), or first (a new note: newest first). */
const merged = (notes: readonly CrmNote[], saved: CrmNote) => (notes.some((n) => n.id === saved.id) ? notes.map((n) => (n.id === saved.id ? saved : n)) : [saved, ...notes]);

/**
 * A customer's CRM notes on their page (issue 14): HISTORY notes (written by the platform) are shown and never
 * edited or deleted; GENERAL notes are written, edited and deleted by the team.
 *
 *   idle ─CHANGE─> idle (draft set, problem cleared)
 *     ├─EDIT { id } (a GENERAL note) ─> idle, editing = id, draft = its text
 *     ├─CANCEL ─> idle, editing = null, draft = ''
 *     ├─SAVE ─┬─ noteProblem(draft) ─> idle, problem
 *     │       └─ otherwise ─> saving ──done(note)──> idle (note merged, draft emptied, editing = null)
 *     │                          └──error──> idle (failure kept, draft kept)
 *     ├─DELETE { id } (a GENERAL note) ─> deleting ──done──> idle (note gone; its edit dropped)
 *     │                                      └──error──> idle (failure kept)
 *     └─SYNC { notes } ─> idle (notes replaced)
 *
 * `saving` and `deleting` take no event.
 */
export const crmNotesMachine = setup({
  types: {} as { context: CrmNotesContext; events: CrmNotesEvent; input: CrmNotesInput },
  actors: {
    save: notProvidedPromise<CrmNote, SaveNoteInput>('crmNotes', 'save'),
    remove: notProvidedPromise<void, DeleteNoteInput>('crmNotes', 'remove'),
  },
  guards: {
    isAcceptable: ({ context }) => noteProblem(context.draft) === null,
    isGeneral: ({ context, event }) => (event.type === 'EDIT' || event.type === 'DELETE') && isGeneral(context.notes, event.id),
  },
}).createMachine({
  id: 'crmNotes',
  context: ({ input }) => ({ notes: input.notes, draft: '', editing: null, pending: null, problem: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHANGE: { actions: assign({ draft: ({ event }) => event.value, problem: null }) },
        EDIT: {
          guard: 'isGeneral',
          actions: assign({
            editing: ({ event }) => event.id,
            draft: ({ context, event }) => context.notes.find((n) => n.id === event.id)?.content ?? '',
            problem: null,
          }),
        },
        CANCEL: { actions: assign({ editing: null, draft: '', problem: null }) },
        SAVE: [{ guard: 'isAcceptable', target: 'saving' }, { actions: assign({ problem: ({ context }) => noteProblem(context.draft) }) }],
        DELETE: { guard: 'isGeneral', target: 'deleting', actions: assign({ pending: ({ event }) => event.id }) },
        SYNC: { actions: assign({ notes: ({ event }) => event.notes }) },
      },
    },
    saving: {
      entry: assign({ failure: null, problem: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ ...(context.editing !== null ? { id: context.editing } : {}), content: context.draft.trim() }),
        onDone: { target: 'idle', actions: assign({ notes: ({ context, event }) => merged(context.notes, event.output), draft: '', editing: null }) },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    deleting: {
      entry: assign({ failure: null, problem: null }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.pending ?? 0 }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({
            notes: context.notes.filter((n) => n.id !== context.pending),
            ...(context.editing === context.pending ? { editing: null, draft: '' } : {}),
            pending: null,
          })),
        },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => event.error as Failure, pending: null }) },
      },
    },
  },
});
