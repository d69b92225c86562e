import type { SnapshotFrom } from 'xstate';
import { fieldProblems, retryDelayMs } from './lessonDocument';
import type { lessonEditorMachine } from './lessonEditor.machine';
import type { LessonFields } from './lessonDocument';

type LessonEditorSnapshot = SnapshotFrom<typeof lessonEditorMachine>;

/** Where saving stands, as the editor's status line says it. */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'retrying' | 'conflict';

function saveStatusOf(snapshot: LessonEditorSnapshot): SaveStatus {
  if (snapshot.matches({ editing: 'saving' })) return 'saving';
  if (snapshot.matches({ editing: 'retrying' })) return 'retrying';
  if (snapshot.matches({ editing: 'conflict' })) return 'conflict';
  if (snapshot.matches({ editing: 'dirty' })) return 'unsaved';
  return 'saved';
}

/**
 * The problems of one copy of the fields, computed once per copy: the same array while the fields are the same
 * object, so a view part given only the fields and their problems (the settings column) skips re-rendering while the
 * trainer types in a block.
 */
const problemsByFields = new WeakMap<LessonFields, ReturnType<typeof fieldProblems>>();
function problemsOf(fields: LessonFields) {
  let problems = problemsByFields.get(fields);
  if (!problems) problemsByFields.set(fields, (problems = fieldProblems(fields)));
  return problems;
}

/** The lesson editor's view-model: what the page draws from a snapshot. */
export function selectLessonEditorView(snapshot: LessonEditorSnapshot) {
  const { context } = snapshot;
  const openBlocks = Object.keys(context.pending).length;
  const status = saveStatusOf(snapshot);
  return {
    phase: snapshot.matches('loading') || snapshot.matches('readingBackup')
      ? ('loading' as const)
      : snapshot.matches('failed')
        ? ('failed' as const)
        : snapshot.matches('restoreOffered')
          ? ('restoreOffered' as const)
          : ('editing' as const),
    status,
    item: context.item,
    fields: context.fields,
    pending: context.pending,
    openBlocks,
    fieldProblems: problemsOf(context.fields),
    problem: context.problem,
    /** The last failure (load, save, conflict read); shown until the next success or a dismiss. */
    failure: context.failure,
    unreadable: context.unreadable,
    backup: context.backup,
    /** The other copy while choosing after a conflict (null: it could not be read). */
    theirs: snapshot.matches({ editing: { conflict: 'choosing' } }) || snapshot.matches({ editing: { conflict: 'copying' } }) ? context.theirs : null,
    isChoosing: snapshot.matches({ editing: { conflict: 'choosing' } }),
    isCopying: snapshot.matches({ editing: { conflict: 'copying' } }),
    /** Leaving now would lose something: the router's blocker and beforeunload ask first. */
    hasUnsavedWork: context.fields !== context.saved || openBlocks > 0 || status === 'saving' || status === 'retrying' || status === 'conflict',
    /** The next automatic try, in ms, while retrying. */
    retryInMs: status === 'retrying' ? retryDelayMs(context.attempts) : null,
  };
}

export type LessonEditorView = ReturnType<typeof selectLessonEditorView>;
