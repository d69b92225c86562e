/**
 * Model-based tests of machines/quizEditor (ARCHITECTURE rule 7): xstate/graph paths over every state of the quiz
 * editor (its events and the answers of load / save / archive / loadTheirs), each walked against a REAL actor with
 * controllable calls, and checked against an oracle written from the issue, not read from the machine:
 * - the status says what the state is (saved / unsaved / saving / conflict);
 * - a save is asked only by SAVE (dirty), SET_DRAFT or KEEP_MINE, and only for a quiz that passes its rules;
 * - "leaving would lose something" is true exactly when something is unsaved or on its way.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import type { Quiz } from '../machines/quizEditor/quizDocument';
import { quizEditorMachine, type QuizEditorEvent } from '../machines/quizEditor/quizEditor.machine';
import { selectQuizEditorView } from '../machines/quizEditor/quizEditor.selectors';
import { describePath, dropPrefixPaths, generatePaths, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent =
  | QuizEditorEvent
  | DoneActorEvent<'load', Quiz>
  | ErrorActorEvent<'load'>
  | DoneActorEvent<'save', Quiz>
  | ErrorActorEvent<'save'>
  | DoneActorEvent<'archive', unknown>
  | ErrorActorEvent<'archive'>
  | DoneActorEvent<'loadTheirs', Quiz>;
type Snapshot = SnapshotFrom<typeof quizEditorMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

const quiz = (version: number): Quiz => ({
  item_id: 8,
  name: 'Quiz',
  draft: true,
  version,
  min_success_rate: null,
  max_attempts: null,
  shuffle_questions: false,
  show_corrections: true,
  questions: [{ id: 1, type: 'SINGLE', question: 'Q ?', media_url: null, media_type: null, explanation: null, position: 0, archived: false, answers_count: 0, choices: [{ id: 1, label: 'a', correct: true }, { id: 2, label: 'b', correct: false }] }],
});
const failure = (status: number | null, fieldErrors: Record<string, string[]> = {}): Failure => ({ status, code: null, message: `HTTP ${status}`, fieldErrors });
/** A refusal the editor cannot foresee: the first question's media was never uploaded. */
const MEDIA_REFUSED = 'Ce fichier n’a pas été envoyé.';
const refusedMedia = failure(422, { 'questions.0.media_url': [MEDIA_REFUSED] });

const events = {
  SET_NAME: [{ type: 'SET_NAME', name: 'Nouveau' }, { type: 'SET_NAME', name: '' }],
  SET_SETTINGS: [{ type: 'SET_SETTINGS', settings: { shuffle_questions: true } }],
  ADD_QUESTION: [],
  EDIT_QUESTION: [{ type: 'EDIT_QUESTION', key: 'q1', edit: { kind: 'media', url: null } }],
  MOVE_QUESTION: [],
  REMOVE_QUESTION: [],
  ARCHIVE: [{ type: 'ARCHIVE', key: 'q1', archived: true }],
  SAVE: [{ type: 'SAVE' }],
  SET_DRAFT: [{ type: 'SET_DRAFT', draft: false }],
  KEEP_MINE: [{ type: 'KEEP_MINE' }],
  TAKE_THEIRS: [{ type: 'TAKE_THEIRS' }],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.load': [{ type: 'xstate.done.actor.load', output: quiz(1) }],
  'xstate.error.actor.load': [{ type: 'xstate.error.actor.load', error: failure(404) }],
  'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: quiz(2) }],
  'xstate.error.actor.save': [
    { type: 'xstate.error.actor.save', error: failure(409) },
    { type: 'xstate.error.actor.save', error: failure(500) },
    { type: 'xstate.error.actor.save', error: refusedMedia },
  ],
  'xstate.done.actor.archive': [{ type: 'xstate.done.actor.archive', output: null }],
  'xstate.error.actor.archive': [{ type: 'xstate.error.actor.archive', error: failure(500) }],
  'xstate.done.actor.loadTheirs': [{ type: 'xstate.done.actor.loadTheirs', output: quiz(3) }],
} satisfies EventVariants<ModelEvent>;

/** The status the page must show in each state (from the issue: saved, unsaved, saving, conflict). */
function expectedStatus(s: Snapshot) {
  if (s.matches({ editing: 'saving' })) return 'saving';
  if (s.matches({ editing: 'conflict' })) return 'conflict';
  return s.context.fields !== s.context.saved ? 'unsaved' : 'saved';
}

const harness = () => createActorHarness<typeof quizEditorMachine, string>(quizEditorMachine, { actors: ['load', 'save', 'archive'], actions: { saved: () => undefined } as never, input: { itemId: 8 } });
type Harness = ReturnType<typeof harness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as QuizEditorEvent);
const settle = (id: string): Executor => (h, { event }) => h.settle(id, event);
const executors = {
  'xstate.init': (h) => h.start(),
  SET_NAME: send,
  SET_SETTINGS: send,
  ADD_QUESTION: send,
  EDIT_QUESTION: send,
  MOVE_QUESTION: send,
  REMOVE_QUESTION: send,
  ARCHIVE: send,
  SAVE: send,
  SET_DRAFT: send,
  KEEP_MINE: send,
  TAKE_THEIRS: send,
  RETRY: send,
  'xstate.done.actor.load': settle('load'),
  'xstate.error.actor.load': settle('load'),
  'xstate.done.actor.save': settle('save'),
  'xstate.error.actor.save': settle('save'),
  'xstate.done.actor.archive': settle('archive'),
  'xstate.error.actor.archive': settle('archive'),
  'xstate.done.actor.loadTheirs': (h, { event }) => h.settle('loadTheirs', event),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], Executor>;

/** The abstract state that keeps the graph finite: the value, whether anything is unsaved, the name's validity, the version. */
const abstractContext = (c: Snapshot['context']) => [c.fields !== c.saved, c.fields.name === '', c.invalid, c.version, c.theirs?.version ?? null, c.fields.questions[0]?.archived ?? null, Object.keys(c.serverErrors)];
const abstract = (s: Snapshot) => JSON.stringify([s.value, abstractContext(s.context)]);
const { shortest, transitions } = generatePaths<typeof quizEditorMachine, ModelEvent>(quizEditorMachine, { events, input: { itemId: 8 }, serializeState: abstract });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

describe('quiz editor machine: generated paths', () => {
  it('paths reach every state', () => {
    expectEveryStateCovered(quizEditorMachine, [{ paths, input: { itemId: 8 } }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness,
      execute: (h, step) => executors[step.event.type](h, step),
      mark: (h) => h.inputs('save').length,
      comparable: (context) => abstractContext(context as Snapshot['context']),
      check: ({ harness: h, step, from, actual, before, where }) => {
        const view = selectQuizEditorView(actual);
        expect(view.status, where).toBe(expectedStatus(actual));
        expect(view.hasUnsavedWork, where).toBe(actual.context.fields !== actual.context.saved || view.status === 'saving' || view.status === 'conflict');
        // A refused save's field errors show on the question they name; editing that question or saving again clears them.
        const event = step.event as { type: string; error?: Failure; key?: string };
        if (event.type === 'xstate.error.actor.save' && event.error === refusedMedia) {
          const sent = from!.context.inFlight!.questions[0]!;
          expect(view.questionServerErrors[sent.key], where).toEqual({ media: [MEDIA_REFUSED] });
        } else if (actual.matches({ editing: 'saving' })) {
          expect(view.questionServerErrors, where).toEqual({});
        } else if (event.type === 'EDIT_QUESTION' && from!.context.fields.questions.some((q) => q.key === event.key && !q.archived)) {
          expect(view.questionServerErrors[event.key!], `${where}: the edited question's errors go`).toBeUndefined();
        } else if (!event.type.startsWith('xstate.error.actor.save') && from) {
          expect(view.questionServerErrors, `${where}: kept until an edit or a save`).toEqual(selectQuizEditorView(from).questionServerErrors);
        }
        const saves = h.inputs('save').slice(before);
        const asks = ['SAVE', 'SET_DRAFT', 'KEEP_MINE'].includes(step.event.type);
        if (!asks) expect(saves, `${where}: no save`).toEqual([]);
        for (const save of saves as { body: { version: number; name: string } }[]) {
          expect(save.body.name.trim(), `${where}: a valid quiz only`).not.toBe('');
          expect(save.body.version, `${where}: the version it started from`).toBe(step.event.type === 'KEEP_MINE' ? from!.context.theirs!.version : from!.context.version);
        }
      },
    });
  });
});
