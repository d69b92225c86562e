/**
 * The lesson editor's generated paths, driven through the built app against the real server (ARCHITECTURE rule 7;
 * issue 10: "a browser model test that edits, autosaves (clock advanced), … and meets a conflict").
 *
 * Same machine as lessonEditor.model.test.ts, fewer event variants, restricted to what the page offers in each
 * state: the title (a valid and an empty one), a quote block added after the lesson's heading, written, applied or
 * cancelled, Enregistrer and the publish switch (not while a save is on its way), the 60 s autosave (the page's
 * clock advanced), and in the conflict dialog "keep mine" and "take theirs".
 *
 * Saves are HELD by the test until the path's next event says how they end: done lets the request reach the
 * server; the conflict makes one (another editor saves the lesson through the API first, then the held request
 * reaches the server with its stale version and gets the real 409); the network failure aborts it, and the retry
 * timer is the page's clock advanced. The lesson is loaded and the conflict's other copy read for real.
 *
 * After every step the page must show what the snapshot the machine reaches says: the status line, the title, the
 * publish switch, the number of blocks and of open block forms, the "finish pending changes" banner, the conflict
 * dialog. The leave prompt is the router's blocker, not the machine's: tests/e2e/lessonEditor.spec.ts answers it.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '../tests/e2e/fixtures';
import { apiSession, signIn } from '../tests/e2e/session';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import type { LessonBackup, LessonFields, LessonItem } from '../machines/lessonEditor/lessonDocument';
import { lessonEditorMachine, type LessonEditorEvent } from '../machines/lessonEditor/lessonEditor.machine';
import { selectLessonEditorView } from '../machines/lessonEditor/lessonEditor.selectors';
import { describePath, dropPrefixPaths, extendPath, generatePaths, onlyRunningActors, onlyWhileActive, type DelayedEvent, type DoneActorEvent, type ErrorActorEvent, type ModelPath, type ModelStep } from './support/graph';

type ModelEvent =
  | LessonEditorEvent
  | DoneActorEvent<'load', LessonItem>
  | DoneActorEvent<'readBackup', LessonBackup | null>
  | DoneActorEvent<'save', LessonItem>
  | ErrorActorEvent<'save'>
  | DoneActorEvent<'loadTheirs', LessonItem>
  | DelayedEvent<'autosave', 'lessonEditor.editing.dirty'>
  | DelayedEvent<'retry', 'lessonEditor.editing.retrying'>;
type Snapshot = SnapshotFrom<typeof lessonEditorMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

// Written from spec section 9 and the issue, not imported from the machine.
const AUTOSAVE_MS = 60_000;
const FIRST_RETRY_MS = 2_000;
const THEIR_NAME = 'Leur version';
const HEADING = { id: 'a', type: 'heading', data: { text: 'Début', level: 2 } };

const item = (version: number, name: string): LessonItem => ({ id: 5, name, description: null, draft: true, min_complete_duration: null, content: JSON.stringify([HEADING]), version });
const failure = (status: number | null): Failure => ({ status, code: null, message: `HTTP ${status}`, fieldErrors: {} });
const NETWORK = failure(null);
const CONFLICT = failure(409);
const AUTOSAVE = { type: 'xstate.after.autosave.lessonEditor.editing.dirty' } as const;
const RETRY_TIMER = { type: 'xstate.after.retry.lessonEditor.editing.retrying' } as const;

const browserEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.load', output: item(1, 'Leçon') },
  { type: 'xstate.done.actor.readBackup', output: null },
  { type: 'SET_NAME', name: 'Nouveau titre' },
  { type: 'SET_NAME', name: '' },
  { type: 'ADD_BLOCK', id: 'n', blockType: 'quote', after: 'a' },
  { type: 'CHANGE_BLOCK', id: 'n', data: { text: 'Citation', author: '' } },
  { type: 'APPLY_BLOCK', id: 'n' },
  { type: 'CANCEL_BLOCK', id: 'n' },
  { type: 'SAVE' },
  { type: 'SET_DRAFT', draft: false },
  { type: 'xstate.done.actor.save', output: item(2, 'Nouveau titre') },
  { type: 'xstate.error.actor.save', error: NETWORK },
  { type: 'xstate.error.actor.save', error: CONFLICT },
  { type: 'xstate.done.actor.loadTheirs', output: item(7, THEIR_NAME) },
  { type: 'KEEP_MINE' },
  { type: 'TAKE_THEIRS' },
  AUTOSAVE,
  RETRY_TIMER,
];

const editingState = (snapshot: Snapshot) => {
  const value = snapshot.value as string | { editing?: string | Record<string, string> };
  if (typeof value === 'string') return null;
  const editing = value.editing;
  return typeof editing === 'string' ? editing : editing ? Object.keys(editing)[0]! : null;
};

/** What the page lets the trainer do in a state. */
function uiCanSend(snapshot: Snapshot, event: ModelEvent): boolean {
  if (event.type.startsWith('xstate.')) return true;
  const state = editingState(snapshot);
  const open = 'n' in snapshot.context.pending;
  switch (event.type) {
    case 'SET_NAME':
      return state !== null && state !== 'conflict' && event.name !== snapshot.context.fields.name;
    case 'ADD_BLOCK':
      return state !== null && state !== 'conflict' && !open && !snapshot.context.fields.blocks.some((b) => b.id !== 'a');
    case 'CHANGE_BLOCK':
    case 'APPLY_BLOCK':
    case 'CANCEL_BLOCK':
      return state !== null && state !== 'conflict' && open;
    case 'SAVE':
    case 'SET_DRAFT':
      return state === 'clean' || state === 'dirty' || state === 'retrying';
    case 'KEEP_MINE':
    case 'TAKE_THEIRS':
      return snapshot.matches({ editing: { conflict: 'choosing' } });
    default:
      return false;
  }
}

const abstract = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    dirty: context.fields !== context.saved,
    open: Object.keys(context.pending).length > 0,
    problem: context.problem,
  });
};

/** The lesson as the server holds it after saving these fields (what its answer, or a fresh read, carries). */
const serverCopy = (fields: LessonFields, version: number, name = fields.name): LessonItem => ({
  id: 5,
  name,
  description: fields.description,
  draft: fields.draft,
  min_complete_duration: fields.min_complete_duration,
  content: JSON.stringify(fields.blocks),
  version,
});

/**
 * The answers the real server gives: a save answers the fields it was sent; the other copy read after a conflict
 * is the last saved lesson under the other editor's title.
 */
function asTheServerAnswers(at: Snapshot, event: ModelEvent): ModelEvent {
  const { context } = at;
  if (event.type === 'xstate.done.actor.save') return { ...event, output: serverCopy(context.inFlight!, context.version + 1) };
  if (event.type === 'xstate.done.actor.loadTheirs') return { ...event, output: serverCopy(context.saved!, context.version + 1, THEIR_NAME) };
  return event;
}

/**
 * xstate/graph keeps one snapshot per abstract state: replay the events (with the server's real answers) for the
 * snapshots they really lead to, and cut where one no longer fits.
 */
function concretise(path: Path): Path {
  const [init, ...rest] = path.steps;
  let concrete: Path = { state: init!.state, steps: [init!], weight: 0 };
  for (const { event } of rest) {
    const at = concrete.state;
    if (event.type === 'xstate.init' || !onlyWhileActive(at) || !onlyRunningActors(at, event) || !uiCanSend(at, event as ModelEvent)) break;
    concrete = extendPath(lessonEditorMachine, concrete, asTheServerAnswers(at, event as ModelEvent));
  }
  return concrete;
}

const { shortest, transitions } = generatePaths<typeof lessonEditorMachine, ModelEvent>(lessonEditorMachine, {
  events: browserEvents,
  input: { itemId: 5 },
  serializeState: abstract,
  // One failed save in a row is enough in the browser (the vitest model walks the growing delays).
  filterEvents: (snapshot, event) => snapshot.context.attempts < 2 && uiCanSend(snapshot, event),
});
// Every abstract state by its shortest path, plus the shortest path through each event variant those do not take.
const eventKey = (step: Step) => JSON.stringify(step.event);
const toStates = shortest.map((path) => concretise(path as Path));
const taken = new Set(toStates.flatMap((path) => path.steps.map(eventKey)));
const throughEvents = transitions
  .map((path) => concretise(path as Path))
  .sort((a, b) => a.steps.length - b.steps.length)
  .filter((path) => {
    const last = eventKey(path.steps.at(-1)!);
    if (taken.has(last)) return false;
    taken.add(last);
    return true;
  });
const paths = dropPrefixPaths([...toStates, ...throughEvents]);

// ─── The lesson, the held saves, the other editor ──────────────────────────────────────────────────

interface Lesson {
  training: string;
  id: number;
  api: Awaited<ReturnType<typeof apiSession>>;
}

async function newLesson(request: APIRequestContext): Promise<Lesson> {
  const api = await apiSession(request, 'owner@demo.test');
  const training = await api<{ uuid: string }>('post', '/trainings', { name: `Modèle ${Date.now()}` });
  const section = await api<{ id: number }>('post', `/trainings/${training.uuid}/training_items`, { type: 'SECTION', name: 'Chapitre', draft: false });
  const lesson = await api<{ id: number; version: number }>('post', `/trainings/${training.uuid}/training_items`, { type: 'GENERIC', name: 'Leçon', parent_id: section.id, draft: true });
  await api('put', `/trainings/${training.uuid}/training_items/${lesson.id}`, { content: JSON.stringify([HEADING]), version: lesson.version });
  return { training: training.uuid, id: lesson.id, api };
}

class HeldSaves {
  private held: Route[] = [];

  async install(page: Page, lesson: Lesson) {
    await page.route(`**/api/v1/trainings/${lesson.training}/training_items/${lesson.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      this.held.push(route);
    });
  }

  private async next() {
    await expect.poll(() => this.held.length, { message: 'the page should have sent its save' }).toBeGreaterThan(0);
    return this.held.shift()!;
  }

  async settle(lesson: Lesson, error: Failure | null) {
    const route = await this.next();
    if (error === NETWORK) return route.abort('internetdisconnected');
    if (error === CONFLICT) {
      // Another editor saves first: the held request then carries a stale version, and the server refuses it.
      const current = await lesson.api<{ version: number }>('get', `/trainings/${lesson.training}/training_items/${lesson.id}`);
      await lesson.api('put', `/trainings/${lesson.training}/training_items/${lesson.id}`, { name: THEIR_NAME, version: current.version });
    }
    await route.continue();
  }
}

// ─── Executors: one page action per event ──────────────────────────────────────────────────────────

const quoteForm = (page: Page) => page.locator('.lesson-block__form');
const conflictDialog = (page: Page) => page.getByTestId('lesson-conflict');

async function execute(page: Page, step: Step, from: Snapshot | undefined, lesson: Lesson, saves: HeldSaves) {
  const event = step.event as ModelEvent | { type: 'xstate.init' };
  switch (event.type) {
    case 'xstate.init':
      await page.goto(`/formations/${lesson.training}/editor/${lesson.id}`);
      return;
    // Loading the lesson and reading the (empty) browser backup happen by themselves; from then on the page's time
    // stands still (the autosave and the retry wait for the path's timer events, not for the machine's speed).
    case 'xstate.done.actor.readBackup':
      await expect(page.getByTestId('lesson-editor')).toBeVisible({ timeout: 30_000 });
      await page.clock.pauseAt(new Date(Date.now() + 1_000));
      return;
    case 'xstate.done.actor.load':
    case 'xstate.done.actor.loadTheirs':
      return;
    case 'SET_NAME':
      await page.getByTestId('lesson-name').locator('input').fill(event.name);
      return;
    case 'ADD_BLOCK':
      await page.getByTestId('lesson-block').first().getByTestId('add-block').click();
      await page.getByRole('menuitem', { name: 'Citation', exact: true }).click();
      return;
    case 'CHANGE_BLOCK':
      await quoteForm(page).locator('textarea').first().fill(String((event.data as { text: string }).text));
      return;
    case 'APPLY_BLOCK':
      await quoteForm(page).getByRole('button', { name: 'Valider' }).click();
      return;
    case 'CANCEL_BLOCK':
      await quoteForm(page).getByRole('button', { name: 'Annuler' }).click();
      return;
    case 'SAVE':
      await page.getByTestId('lesson-save').click();
      return;
    case 'SET_DRAFT':
      await page.getByTestId('publish-switch').click();
      return;
    case 'KEEP_MINE':
      await conflictDialog(page).getByRole('button', { name: 'Garder ma version' }).click();
      return;
    case 'TAKE_THEIRS':
      await conflictDialog(page).getByRole('button', { name: 'Prendre l’autre version' }).click();
      return;
    case 'xstate.done.actor.save':
      return saves.settle(lesson, null);
    case 'xstate.error.actor.save':
      return saves.settle(lesson, (event as { error: Failure }).error);
    case AUTOSAVE.type:
      await page.clock.runFor(AUTOSAVE_MS);
      return;
    case RETRY_TIMER.type:
      await page.clock.runFor(FIRST_RETRY_MS * 2 ** ((from?.context.attempts ?? 1) - 1));
      return;
    default:
      throw new Error(`no executor for ${event.type}`);
  }
}

/** The page as the snapshot says it should be. */
async function expectPage(page: Page, snapshot: Snapshot) {
  const view = selectLessonEditorView(snapshot);
  if (view.phase !== 'editing') return;
  await expect(page.getByTestId('lesson-save-status')).toHaveAttribute('data-status', view.status);
  const open = Object.keys(view.pending).length;
  await expect(conflictDialog(page)).toHaveCount(view.status === 'conflict' ? 1 : 0);
  if (view.status === 'conflict') {
    if (view.isChoosing) await expect(conflictDialog(page)).toContainText(THEIR_NAME);
    return;
  }
  await expect(page.getByTestId('lesson-name').locator('input')).toHaveValue(view.fields.name);
  await expect(page.getByTestId('publish-switch').locator('input')).toBeChecked({ checked: !view.fields.draft });
  await expect(page.getByTestId('lesson-block')).toHaveCount(view.fields.blocks.length + Object.values(view.pending).filter((b) => b.isNew).length);
  await expect(quoteForm(page)).toHaveCount(open);
  await expect(page.getByTestId('lesson-problem')).toHaveCount(view.problem ? 1 : 0);
}

test.describe('lesson editor model paths in the browser', () => {
  test('the generated paths cover the states and every event variant the page offers', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of ['clean', 'dirty', 'saving', 'retrying']) expect([...seen], state).toContain(JSON.stringify({ editing: state }));
    expect([...seen]).toContain(JSON.stringify({ editing: { conflict: 'choosing' } }));
    // Outputs are the server's real answers (asTheServerAnswers): variants are told apart by everything else.
    const variant = (event: object) => JSON.stringify({ ...event, output: undefined });
    const walked = new Set(paths.flatMap((p) => p.steps.map((step) => variant(step.event))));
    expect(browserEvents.map(variant).filter((v) => !walked.has(v))).toEqual([]);
  });

  for (const [i, path] of paths.entries()) {
    test(`${i + 1}. ${describePath(path)}`, async ({ page, request }) => {
      const lesson = await newLesson(request);
      await signIn(page);
      await page.clock.install();
      const saves = new HeldSaves();
      await saves.install(page, lesson);
      let from: Snapshot | undefined;
      for (const step of path.steps) {
        await execute(page, step, from, lesson, saves);
        await expectPage(page, step.state);
        from = step.state;
      }
      // Time runs again, so the accessibility scan after the test can settle.
      await page.clock.resume();
    });
  }

});
