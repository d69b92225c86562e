import type { SnapshotFrom } from 'xstate';
import { questionProblems, quizProblems } from './quizDocument';
import type { quizEditorMachine } from './quizEditor.machine';

type QuizEditorSnapshot = SnapshotFrom<typeof quizEditorMachine>;

export type QuizSaveStatus = 'saved' | 'unsaved' | 'saving' | 'conflict';

/** The quiz editor's view-model: what the pages draw from a snapshot. */
export function selectQuizEditorView(snapshot: QuizEditorSnapshot) {
  const { context } = snapshot;
  const status: QuizSaveStatus = snapshot.matches({ editing: 'saving' })
    ? 'saving'
    : snapshot.matches({ editing: 'conflict' })
      ? 'conflict'
      : context.fields !== context.saved
        ? 'unsaved'
        : 'saved';
  const phase = snapshot.matches('loading') ? ('loading' as const) : snapshot.matches('failed') ? ('failed' as const) : ('editing' as const);
  return {
    phase,
    status,
    fields: context.fields,
    /** Problems are shown once a save was refused for them (not while the trainer is still typing). */
    quizProblems: context.invalid ? quizProblems(context.fields) : [],
    questionProblems: context.invalid ? Object.fromEntries(context.fields.questions.map((q) => [q.key, questionProblems(q)])) : {},
    /** What the server refused in the last save, on the question it concerns. */
    questionServerErrors: context.serverErrors,
    invalid: context.invalid,
    failure: context.failure,
    archivingKey: snapshot.matches({ editing: 'archiving' }) ? (context.archiving?.key ?? null) : null,
    isBusy: snapshot.matches({ editing: 'saving' }) || snapshot.matches({ editing: 'archiving' }),
    isChoosing: snapshot.matches({ editing: { conflict: 'choosing' } }),
    theirs: snapshot.matches({ editing: { conflict: 'choosing' } }) ? context.theirs : null,
    /** Leaving now would lose something: the router's blocker and beforeunload ask first. */
    hasUnsavedWork: context.fields !== context.saved || status === 'saving' || status === 'conflict',
  };
}

export type QuizEditorView = ReturnType<typeof selectQuizEditorView>;
