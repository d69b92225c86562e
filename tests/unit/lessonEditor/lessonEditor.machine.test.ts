/**
 * The lesson editor's rules, scenario by scenario, on a real actor with controllable calls and xstate's
 * SimulatedClock (no waiting): autosave after 60 s, refused saves, retries with a growing delay, the conflict
 * choices, the browser backup and its restore. The model test (model-tests/lessonEditor.model.test.ts) walks
 * every state and transition; this file pins what the spec says in words.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Failure } from '../../../shared/failure';
import type { LessonBackup, LessonBackupInput, LessonChanges, LessonFields, LessonItem } from '../../../machines/lessonEditor/lessonDocument';
import { lessonEditorMachine, type SaveLessonInput } from '../../../machines/lessonEditor/lessonEditor.machine';
import { selectLessonEditorView } from '../../../machines/lessonEditor/lessonEditor.selectors';

const item = (overrides: Partial<LessonItem> = {}): LessonItem => ({
  id: 7,
  name: 'Introduction',
  description: null,
  draft: true,
  min_complete_duration: null,
  content: JSON.stringify([{ id: 'a', type: 'heading', data: { text: 'Bienvenue', level: 2 } }]),
  version: 1,
  ...overrides,
});

const failure = (status: number | null, code: string | null = null): Failure => ({ status, code, message: `HTTP ${status}`, fieldErrors: {} });

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** An editor whose calls wait for the test: `saves` holds every save asked, with its way to answer. */
function start(options: { loaded?: LessonItem; backup?: LessonBackup | null } = {}) {
  const clock = new SimulatedClock();
  const saves: { input: SaveLessonInput; answer: Deferred<LessonItem> }[] = [];
  const loads: Deferred<LessonItem>[] = [];
  const copies: { fields: LessonFields; answer: Deferred<unknown> }[] = [];
  const backups: (LessonBackupInput | null)[] = [];
  const savedItems: LessonItem[] = [];
  const deferred = <T,>(push: (d: Deferred<T>) => void) => new Promise<T>((resolve, reject) => push({ resolve, reject }));
  const machine = lessonEditorMachine.provide({
    actors: {
      load: fromPromise(() => deferred<LessonItem>((d) => loads.push(d))),
      readBackup: fromPromise(async () => options.backup ?? null),
      save: fromPromise<LessonItem, SaveLessonInput>(({ input }) => deferred<LessonItem>((answer) => saves.push({ input, answer }))),
      saveCopy: fromPromise<unknown, { itemId: number; fields: LessonFields }>(({ input }) => deferred<unknown>((answer) => copies.push({ fields: input.fields, answer }))),
    },
    actions: {
      storeBackup: (_, params) => void backups.push(params.backup),
      saved: (_, params) => void savedItems.push(params.item),
    },
  });
  const actor = createActor(machine, { input: { itemId: 7 }, clock });
  actor.start();
  const view = () => selectLessonEditorView(actor.getSnapshot());
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, clock, saves, loads, copies, backups, savedItems, view, flush, send: actor.send.bind(actor) };
}

async function opened(options: Parameters<typeof start>[0] = {}) {
  const editor = start(options);
  editor.loads[0]!.resolve(options.loaded ?? item());
  await editor.flush();
  await editor.flush();
  return editor;
}

const lastChanges = (editor: ReturnType<typeof start>): LessonChanges => editor.saves.at(-1)!.input.changes;

describe('lesson editor machine', () => {
  it('opens the item, clean, with its blocks', async () => {
    const editor = await opened();
    expect(editor.view().phase).toBe('editing');
    expect(editor.view().status).toBe('saved');
    expect(editor.view().fields.blocks.map((block) => block.id)).toEqual(['a']);
    expect(editor.view().hasUnsavedWork).toBe(false);
  });

  it('a load failure ends in failed (the page shows not-found on 404); RETRY loads again', async () => {
    const editor = start();
    editor.loads[0]!.reject(failure(404, 'NOT_FOUND'));
    await editor.flush();
    expect(editor.view().phase).toBe('failed');
    expect(editor.view().failure?.status).toBe(404);
    editor.send({ type: 'RETRY' });
    expect(editor.loads).toHaveLength(2);
  });

  it('an edit marks the lesson dirty and keeps it in the browser; autosave runs 60 s later, not before', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_NAME', name: 'Introduction générale' });
    expect(editor.view().status).toBe('unsaved');
    expect(editor.backups.at(-1)?.fields.name).toBe('Introduction générale');
    editor.clock.increment(59_999);
    expect(editor.saves).toHaveLength(0);
    editor.clock.increment(1);
    expect(editor.saves).toHaveLength(1);
    expect(lastChanges(editor)).toEqual({ name: 'Introduction générale' });
    expect(editor.saves[0]!.input.version).toBe(1);
    editor.saves[0]!.answer.resolve(item({ name: 'Introduction générale', version: 2 }));
    await editor.flush();
    expect(editor.view().status).toBe('saved');
    expect(editor.backups.at(-1)).toBeNull();
    expect(editor.savedItems.map((saved) => saved.version)).toEqual([2]);
  });

  it('autosave waits while the title is invalid, and tries again 60 s later', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_NAME', name: '   ' });
    editor.clock.increment(60_000);
    expect(editor.saves).toHaveLength(0);
    editor.send({ type: 'SET_NAME', name: 'Titre' });
    editor.clock.increment(60_000);
    expect(editor.saves).toHaveLength(1);
  });

  it('an explicit save with an invalid title is refused with "invalid"', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_NAME', name: '' });
    editor.send({ type: 'SAVE' });
    expect(editor.view().problem).toBe('invalid');
    expect(editor.view().fieldProblems).toEqual(['nameRequired']);
    expect(editor.saves).toHaveLength(0);
  });

  it('a new block is not in the lesson until applied; an explicit save meanwhile is refused (finish pending changes)', async () => {
    const editor = await opened();
    editor.send({ type: 'ADD_BLOCK', id: 'b', blockType: 'text', after: 'a' });
    expect(editor.view().openBlocks).toBe(1);
    expect(editor.view().hasUnsavedWork).toBe(true);
    editor.send({ type: 'SAVE' });
    expect(editor.view().problem).toBe('pendingChanges');
    expect(editor.saves).toHaveLength(0);
    // An empty text block does not pass its rule.
    editor.send({ type: 'APPLY_BLOCK', id: 'b' });
    expect(editor.view().pending.b?.problems).toEqual({ html: 'required' });
    editor.send({ type: 'CHANGE_BLOCK', id: 'b', data: { html: '<p>Bonjour</p>' } });
    expect(editor.view().pending.b?.problems).toBeNull();
    editor.send({ type: 'APPLY_BLOCK', id: 'b' });
    expect(editor.view().fields.blocks.map((block) => block.id)).toEqual(['a', 'b']);
    editor.send({ type: 'SAVE' });
    expect(JSON.parse(lastChanges(editor).content!)).toEqual([
      { id: 'a', type: 'heading', data: { text: 'Bienvenue', level: 2 } },
      { id: 'b', type: 'text', data: { html: '<p>Bonjour</p>' } },
    ]);
  });

  it('autosave saves the applied blocks while one is open; the open one stays open and in the backup', async () => {
    const editor = await opened();
    editor.send({ type: 'MOVE_BLOCK', id: 'a', direction: 'down' });
    expect(editor.view().status).toBe('saved'); // one block: nothing moves
    editor.send({ type: 'SET_NAME', name: 'Nouveau titre' });
    editor.send({ type: 'EDIT_BLOCK', id: 'a' });
    editor.send({ type: 'CHANGE_BLOCK', id: 'a', data: { text: 'Bienvenue à tous', level: 2 } });
    editor.clock.increment(60_000);
    expect(lastChanges(editor)).toEqual({ name: 'Nouveau titre' });
    editor.saves[0]!.answer.resolve(item({ name: 'Nouveau titre', version: 2 }));
    await editor.flush();
    expect(editor.view().pending.a?.data).toEqual({ text: 'Bienvenue à tous', level: 2 });
    expect(editor.backups.at(-1)?.pending.a?.data).toEqual({ text: 'Bienvenue à tous', level: 2 });
    editor.send({ type: 'CANCEL_BLOCK', id: 'a' });
    expect(editor.view().fields.blocks[0]!.data).toEqual({ text: 'Bienvenue', level: 2 });
    expect(editor.backups.at(-1)).toBeNull();
  });

  it('typing during a save is kept: the lesson stays dirty and the next save sends it', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_NAME', name: 'Un' });
    editor.send({ type: 'SAVE' });
    editor.send({ type: 'SET_NAME', name: 'Un deux' });
    editor.saves[0]!.answer.resolve(item({ name: 'Un', version: 2 }));
    await editor.flush();
    expect(editor.view().status).toBe('unsaved');
    expect(editor.view().fields.name).toBe('Un deux');
    editor.send({ type: 'SAVE' });
    expect(lastChanges(editor)).toEqual({ name: 'Un deux' });
    expect(editor.saves[1]!.input.version).toBe(2);
  });

  it('a failed save keeps every change, is kept in the browser and tried again after 2 s, 4 s, 8 s', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_NAME', name: 'Hors ligne' });
    editor.send({ type: 'SAVE' });
    editor.saves[0]!.answer.reject(failure(null, 'NETWORK'));
    await editor.flush();
    expect(editor.view().status).toBe('retrying');
    expect(editor.view().retryInMs).toBe(2_000);
    expect(editor.backups.at(-1)?.fields.name).toBe('Hors ligne');
    editor.clock.increment(2_000);
    expect(editor.saves).toHaveLength(2);
    editor.saves[1]!.answer.reject(failure(503));
    await editor.flush();
    expect(editor.view().retryInMs).toBe(4_000);
    editor.clock.increment(3_999);
    expect(editor.saves).toHaveLength(2);
    editor.clock.increment(1);
    expect(editor.saves).toHaveLength(3);
    editor.saves[2]!.answer.resolve(item({ name: 'Hors ligne', version: 2 }));
    await editor.flush();
    expect(editor.view().status).toBe('saved');
    expect(editor.view().failure).toBeNull();
  });

  it('a refused save (422) is not retried by itself: dirty with the failure shown', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_NAME', name: 'x' });
    editor.send({ type: 'SAVE' });
    editor.saves[0]!.answer.reject(failure(422, 'VALIDATION_FAILED'));
    await editor.flush();
    expect(editor.view().status).toBe('unsaved');
    expect(editor.view().failure?.status).toBe(422);
    editor.clock.increment(10_000);
    expect(editor.saves).toHaveLength(1);
  });

  describe('conflict (409)', () => {
    async function inConflict() {
      const editor = await opened();
      editor.send({ type: 'SET_NAME', name: 'Ma version' });
      editor.send({ type: 'SAVE' });
      editor.saves[0]!.answer.reject(failure(409, 'CONFLICT'));
      await editor.flush();
      expect(editor.view().status).toBe('conflict');
      editor.loads[1]!.resolve(item({ name: 'Leur version', version: 5 }));
      await editor.flush();
      expect(editor.view().isChoosing).toBe(true);
      expect(editor.view().theirs?.name).toBe('Leur version');
      return editor;
    }

    it('keep mine: every field is sent against their version', async () => {
      const editor = await inConflict();
      editor.send({ type: 'KEEP_MINE' });
      expect(editor.saves[1]!.input.version).toBe(5);
      expect(Object.keys(lastChanges(editor)).sort()).toEqual(['content', 'description', 'draft', 'min_complete_duration', 'name', 'unlock_at', 'unlock_blockers', 'unlock_delay_days', 'unlock_mode']);
      expect(lastChanges(editor).name).toBe('Ma version');
    });

    it('take theirs: their copy replaces mine, clean, the backup forgotten', async () => {
      const editor = await inConflict();
      editor.send({ type: 'TAKE_THEIRS' });
      expect(editor.view().status).toBe('saved');
      expect(editor.view().fields.name).toBe('Leur version');
      expect(editor.backups.at(-1)).toBeNull();
      editor.send({ type: 'SET_NAME', name: 'Suite' });
      editor.send({ type: 'SAVE' });
      expect(editor.saves.at(-1)!.input.version).toBe(5);
    });

    it('copy mine: my version goes into a new item, then theirs is shown', async () => {
      const editor = await inConflict();
      editor.send({ type: 'COPY_MINE' });
      expect(editor.view().isCopying).toBe(true);
      expect(editor.copies[0]!.fields.name).toBe('Ma version');
      editor.copies[0]!.answer.resolve({});
      await editor.flush();
      expect(editor.view().fields.name).toBe('Leur version');
      expect(editor.view().status).toBe('saved');
    });
  });

  describe('backup in the browser', () => {
    const backup = (overrides: Partial<LessonBackup> = {}): LessonBackup => ({
      itemId: 7,
      version: 1,
      fields: { name: 'Récupéré', description: null, draft: true, min_complete_duration: null, blocks: [], unlock: { mode: 'NONE', at: null, delayDays: null, blockers: [] }, tasks: null },
      pending: {},
      savedAt: '2026-11-25T10:00:00.000Z',
      ...overrides,
    });

    it('a backup that differs from the server is offered; RESTORE makes it the unsaved work', async () => {
      const editor = await opened({ backup: backup() });
      expect(editor.view().phase).toBe('restoreOffered');
      editor.send({ type: 'RESTORE' });
      expect(editor.view().status).toBe('unsaved');
      expect(editor.view().fields.name).toBe('Récupéré');
    });

    it('a backup written before unlock settings and tasks existed takes them from the server copy', async () => {
      const { unlock: _unlock, tasks: _tasks, ...older } = backup().fields;
      const editor = await opened({
        loaded: item({ unlock_mode: 'MANUAL' } as Partial<LessonItem>),
        backup: backup({ fields: older as LessonBackup['fields'] }),
      });
      editor.send({ type: 'RESTORE' });
      expect(editor.view().fields).toMatchObject({ name: 'Récupéré', unlock: { mode: 'MANUAL' }, tasks: null });
      editor.send({ type: 'SAVE' });
      expect(lastChanges(editor)).not.toHaveProperty('unlock_mode');
    });

    it('a restored backup older than the server copy saves against its own version (the conflict choice follows)', async () => {
      const editor = await opened({ loaded: item({ version: 4 }), backup: backup({ version: 2 }) });
      editor.send({ type: 'RESTORE' });
      editor.send({ type: 'SAVE' });
      expect(editor.saves[0]!.input.version).toBe(2);
    });

    it('DISCARD_BACKUP forgets it; a backup equal to the server copy is not offered', async () => {
      const editor = await opened({ backup: backup() });
      editor.send({ type: 'DISCARD_BACKUP' });
      expect(editor.view().phase).toBe('editing');
      expect(editor.backups.at(-1)).toBeNull();
      const same = await opened({ backup: backup({ fields: { name: 'Introduction', description: null, draft: true, min_complete_duration: null, blocks: [{ id: 'a', type: 'heading', data: { text: 'Bienvenue', level: 2 } }], unlock: { mode: 'NONE', at: null, delayDays: null, blockers: [] }, tasks: null } }) });
      expect(same.view().phase).toBe('editing');
    });
  });

  it('publish saves the draft flag with the pending edits, refused while a block is open', async () => {
    const editor = await opened();
    editor.send({ type: 'ADD_BLOCK', id: 'n', blockType: 'quote', after: null });
    editor.send({ type: 'SET_DRAFT', draft: false });
    expect(editor.view().problem).toBe('pendingChanges');
    editor.send({ type: 'CANCEL_BLOCK', id: 'n' });
    editor.send({ type: 'SET_DRAFT', draft: false });
    expect(lastChanges(editor)).toEqual({ draft: false });
  });

  it('keeps blocks of unknown types through a save', async () => {
    const content = JSON.stringify([{ id: 'x', type: 'hologram', data: { beam: 3 } }]);
    const editor = await opened({ loaded: item({ content }) });
    editor.send({ type: 'ADD_BLOCK', id: 'q', blockType: 'quote', after: 'x' });
    editor.send({ type: 'CHANGE_BLOCK', id: 'q', data: { text: 'Citation', author: '' } });
    editor.send({ type: 'APPLY_BLOCK', id: 'q' });
    editor.send({ type: 'SAVE' });
    expect(JSON.parse(lastChanges(editor).content!)[0]).toEqual({ id: 'x', type: 'hologram', data: { beam: 3 } });
  });
});

describe('lesson editor machine: task lists and unlock settings (issue #10)', () => {
  const tasksItem = (tasks: { id: string; label: string }[]) =>
    item({ type: 'TASKS', content: null, specific_content: JSON.stringify({ tasks }) } as Partial<LessonItem>);

  it('edits a TASKS item’s list (add, write, move, place, remove) and saves it as specific_content only', async () => {
    const editor = await opened({ loaded: tasksItem([{ id: 'a', label: 'Lire' }, { id: 'b', label: 'Écrire' }]) });
    editor.send({ type: 'ADD_TASK', id: 'c' });
    expect(editor.view().fieldProblems).toContain('taskLabelRequired');
    editor.send({ type: 'SAVE' });
    expect(editor.saves).toHaveLength(0);
    expect(editor.view().problem).toBe('invalid');
    editor.send({ type: 'SET_TASK_LABEL', id: 'c', label: '  Relire  ' });
    editor.send({ type: 'MOVE_TASK', id: 'a', direction: 'down' });
    editor.send({ type: 'PLACE_TASK', id: 'c', index: 0 });
    editor.send({ type: 'REMOVE_TASK', id: 'b' });
    expect(editor.view().fields.tasks!.map((task) => task.id)).toEqual(['c', 'a']);
    editor.send({ type: 'SAVE' });
    expect(lastChanges(editor)).toEqual({ specific_content: JSON.stringify({ tasks: [{ id: 'c', label: 'Relire' }, { id: 'a', label: 'Lire' }] }) });
  });

  it('ignores task events on a lesson (no task list) and moves nothing past either end', async () => {
    const editor = await opened();
    editor.send({ type: 'ADD_TASK', id: 'x' });
    expect(editor.view().fields.tasks).toBeNull();
    expect(editor.view().status).toBe('saved');
    const tasks = await opened({ loaded: tasksItem([{ id: 'a', label: 'Lire' }]) });
    tasks.send({ type: 'MOVE_TASK', id: 'a', direction: 'up' });
    tasks.send({ type: 'PLACE_TASK', id: 'a', index: 3 });
    tasks.send({ type: 'ADD_TASK', id: 'a' });
    expect(tasks.view().status).toBe('saved');
  });

  it('saves unlock settings together, each value only with its own mode; a missing date or delay keeps it from saving', async () => {
    const editor = await opened();
    editor.send({ type: 'SET_UNLOCK', changes: { mode: 'DELAY' } });
    expect(editor.view().fieldProblems).toContain('unlockDelayOutOfRange');
    editor.send({ type: 'SET_UNLOCK', changes: { delayDays: 3651 } });
    expect(editor.view().fieldProblems).toContain('unlockDelayOutOfRange');
    editor.send({ type: 'SET_UNLOCK', changes: { mode: 'DATE', delayDays: 7 } });
    expect(editor.view().fieldProblems).toContain('unlockDateRequired');
    editor.send({ type: 'SET_UNLOCK', changes: { at: '2027-01-04T08:00:00.000Z' } });
    editor.send({ type: 'SET_BLOCKER', blockerType: 'QUIZ_SCORE', itemId: 3, on: true });
    editor.send({ type: 'SET_BLOCKER_SCORE', itemId: 3, minScore: 120 });
    expect(editor.view().fieldProblems).toEqual(['blockerScoreOutOfRange']);
    editor.send({ type: 'SET_BLOCKER_SCORE', itemId: 3, minScore: 80 });
    editor.send({ type: 'SET_BLOCKER', blockerType: 'TASKS', itemId: 4, on: true });
    editor.send({ type: 'SET_BLOCKER', blockerType: 'TASKS', itemId: 4, on: false });
    editor.send({ type: 'SAVE' });
    expect(lastChanges(editor)).toEqual({
      unlock_mode: 'DATE',
      unlock_at: '2027-01-04T08:00:00.000Z',
      unlock_delay_days: null,
      unlock_blockers: [{ type: 'QUIZ_SCORE', item_id: 3, min_score: 80 }],
    });
  });
});
