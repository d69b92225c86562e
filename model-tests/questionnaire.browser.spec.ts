/**
 * The questionnaire's generated paths, driven through the built app (ARCHITECTURE rule 7): the non-cancelable
 * modal a new owner meets on the home page (`/?questionnaire=1`).
 *
 * Same machine and abstraction as questionnaire.model.test.ts (questionnaire.fixtures.ts), with fewer event
 * variants (answers with and without a detail to give, a kept and a blank detail), restricted
 * to what the view offers in each state: the shown question's choices, its detail field only when the answer
 * needs one, Previous only after the first question, Next or Send by position, nothing while sending.
 *
 * The save (PUT /stores/{uuid}) is HELD by the test until the path's next event says how it ends: done answers the
 * store with the answers sent, error answers a 500 envelope. Nothing reaches the server, so the owner's store stays
 * unanswered and every path starts from the same modal. Each step checks the modal against the snapshot the
 * machine reaches: question shown, progress, choice and detail, the "forgot something" error, the failure banner,
 * pending Send, the thank-you screen; a save checks the JSON sent.
 *
 * Elements are found by role, value or test id; never by translated text.
 */
import { expect, test, type Page, type Route } from '../tests/e2e/fixtures';
import { questionnaireJson, type QuestionnaireEvent } from '../machines/questionnaire/questionnaire.machine';
import { selectQuestionnaireView } from '../machines/questionnaire/questionnaire.selectors';
import {
  abstractQuestionnaireState,
  concretiseQuestionnairePath,
  fitsQuestionnaireView,
  type QuestionnaireModelEvent,
  type QuestionnairePath,
  type QuestionnaireSnapshot,
  type QuestionnaireStep,
} from './questionnaire.fixtures';
import { describePath, dropPrefixPaths, generatePaths, type EventVariants, type InitEvent } from './support/graph';
import { questionnaireMachine } from '../machines/questionnaire/questionnaire.machine';

const TOKEN_KEY = 'cp.auth.token';

const answer = (name: Extract<QuestionnaireEvent, { type: 'ANSWER' }>['name'], value: string) => ({ type: 'ANSWER', name, value }) as const;
const detail = (name: Extract<QuestionnaireEvent, { type: 'DETAIL' }>['name'], text: string) => ({ type: 'DETAIL', name, text }) as const;

const browserEvents = {
  ANSWER: [
    answer('HOW_FOUND_US', 'OTHER'),
    answer('WHO_ARE_YOU', 'COACH'),
    answer('WHAT_CERTIFICATIONS', 'YES'),
    answer('WHAT_MAIN_ACTIVITY', 'IT'),
    answer('WHAT_TOOL', 'NOTHING'),
    answer('WHAT_TOOL', 'LMS'),
  ],
  TOGGLE: [{ type: 'TOGGLE', name: 'WHAT_IMPORTANT', option: 'SIMPLE' }],
  DETAIL: [detail('HOW_FOUND_US', '  Un salon  '), detail('HOW_FOUND_US', '   '), detail('WHAT_TOOL', 'Un LMS maison')],
  NEXT: [{ type: 'NEXT' }],
  PREVIOUS: [{ type: 'PREVIOUS' }],
  SEND: [{ type: 'SEND' }],
  'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: undefined }],
  'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: { status: 500, code: 'SERVER_ERROR', message: 'Erreur', fieldErrors: {} } }],
} satisfies EventVariants<QuestionnaireModelEvent>;

/** What the modal lets the user do in a state (on top of the fixtures' "only the shown question"). */
function uiCanSend(snapshot: QuestionnaireSnapshot, event: QuestionnaireModelEvent): boolean {
  if (!fitsQuestionnaireView(snapshot, event)) return false;
  if (event.type.startsWith('xstate.')) return true;
  if (!snapshot.matches('answering')) return false;
  const view = selectQuestionnaireView(snapshot);
  if (event.type === 'DETAIL') return view.needsDetail;
  if (event.type === 'PREVIOUS') return view.canGoBack;
  if (event.type === 'NEXT') return !view.isLast;
  if (event.type === 'SEND') return view.isLast;
  return true;
}

const { shortest, transitions } = generatePaths<typeof questionnaireMachine, QuestionnaireModelEvent>(questionnaireMachine, {
  events: browserEvents,
  input: { answered: false },
  serializeState: abstractQuestionnaireState,
  filterEvents: uiCanSend,
});
// Every abstract state by its shortest path, plus the shortest path through each event variant those do not take:
// the vitest model test walks every transition on a real actor; here ~15 paths keep the browser run near a minute.
const concrete = (list: typeof shortest) => list.map((path) => concretiseQuestionnairePath(path as QuestionnairePath, uiCanSend));
const toStates = concrete(shortest);
const eventKey = (step: QuestionnaireStep) => JSON.stringify(step.event);
const taken = new Set(toStates.flatMap((path) => path.steps.map(eventKey)));
const throughEvents = concrete(transitions)
  .sort((a, b) => a.steps.length - b.steps.length)
  .filter((path) => {
    const last = eventKey(path.steps.at(-1)!);
    if (taken.has(last)) return false;
    taken.add(last);
    return true;
  });
const paths = dropPrefixPaths([...toStates, ...throughEvents]);

// ─── The held save ───────────────────────────────────────────────────────────────────────────────

class HeldSave {
  route: Route | null = null;
  body: { onboarding_questions?: string } | null = null;
  store: Record<string, unknown> = {};

  async install(page: Page) {
    await page.route('**/api/v1/stores/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      this.body = route.request().postDataJSON();
      this.route = route;
    });
  }

  async settle(ok: boolean) {
    await expect.poll(() => this.route !== null, { message: 'the app should have called PUT /stores/{uuid}' }).toBe(true);
    const route = this.route!;
    this.route = null;
    if (ok) await route.fulfill({ json: { ...this.store, onboarding_questions: this.body?.onboarding_questions ?? null } });
    else await route.fulfill({ status: 500, json: { message: 'Une erreur est survenue.', code: 'SERVER_ERROR' } });
  }
}

// ─── Executors: one UI action per event type ─────────────────────────────────────────────────────

type Executor = (page: Page, step: QuestionnaireStep, save: HeldSave) => Promise<void>;
const modal = (page: Page) => page.getByTestId('questionnaire');
const executors = {
  'xstate.init': async (page) => {
    await page.goto('/?questionnaire=1');
  },
  ANSWER: async (page, { event }) => {
    const { name, value } = event as Extract<QuestionnaireEvent, { type: 'ANSWER' }>;
    const select = modal(page).locator(`select[name=${name}]`);
    if (await select.count()) await select.selectOption(value);
    else await modal(page).locator(`input[type=radio][value=${value}]`).check({ force: true });
  },
  TOGGLE: async (page, { event }) => {
    const { option } = event as Extract<QuestionnaireEvent, { type: 'TOGGLE' }>;
    await modal(page).locator(`input[type=checkbox][value=${option}]`).click({ force: true });
  },
  DETAIL: async (page, { event }) => {
    const { name, text } = event as Extract<QuestionnaireEvent, { type: 'DETAIL' }>;
    await modal(page).locator(`input[name=${name}_other]`).fill(text);
  },
  NEXT: async (page) => page.getByTestId('questionnaire-next').click(),
  PREVIOUS: async (page) => page.getByTestId('questionnaire-previous').click(),
  SEND: async (page) => page.getByTestId('questionnaire-send').click(),
  'xstate.done.actor.save': async (_page, _step, save) => save.settle(true),
  'xstate.error.actor.save': async (_page, _step, save) => save.settle(false),
} satisfies Record<QuestionnaireModelEvent['type'] | InitEvent['type'], Executor>;

/** The modal as the snapshot says it should be. */
async function expectModal(page: Page, snapshot: QuestionnaireSnapshot) {
  const view = selectQuestionnaireView(snapshot);
  const m = modal(page);
  if (view.isSent) {
    await expect(page.getByTestId('questionnaire-sent')).toBeVisible();
    return;
  }
  await expect(m.locator('fieldset')).toHaveAttribute('data-question', view.question.name);
  await expect(page.getByTestId('questionnaire-progress')).toHaveAttribute('aria-valuenow', String(view.progress.step));
  const value = view.draft.value;
  if (view.question.type === 'select') await expect(m.locator('select')).toHaveValue(typeof value === 'string' ? value : '');
  else if (view.question.type === 'radio') {
    if (value) await expect(m.locator(`input[type=radio][value=${value}]`)).toBeChecked();
    else await expect(m.locator('input[type=radio]:checked')).toHaveCount(0);
  } else await expect(m.locator('input[type=checkbox]:checked')).toHaveCount(Array.isArray(value) ? value.length : 0);
  const detailField = m.locator(`input[name=${view.question.name}_other]`);
  if (view.needsDetail) await expect(detailField).toHaveValue(view.draft.other);
  else await expect(detailField).toHaveCount(0);
  await expect(page.getByTestId('questionnaire-error')).toHaveCount(view.error ? 1 : 0);
  await expect(page.getByTestId('questionnaire-failure')).toHaveCount(view.failure ? 1 : 0);
  await expect(page.getByTestId('questionnaire-previous')).toHaveCount(view.canGoBack ? 1 : 0);
  const submit = page.getByTestId(view.isLast ? 'questionnaire-send' : 'questionnaire-next');
  if (view.isSending) await expect(submit).toHaveAttribute('data-pending', 'true');
  else await expect(submit).not.toHaveAttribute('data-pending', 'true');
}

test.describe('questionnaire model paths in the browser', () => {
  let token = '';
  const save = new HeldSave();

  test.beforeAll(async ({ request }) => {
    const answer = await request.post('/api/v1/register', {
      data: { email: `model-${Date.now()}@example.test`, password: 'correct-horse-battery', firstname: 'Noémie' },
    });
    expect(answer.status()).toBe(201);
    const body = await answer.json();
    token = body.token;
    save.store = body.user.store;
  });

  test('the generated paths cover every state of the modal', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...seen].sort()).toEqual(['"answering"', '"sending"', '"sent"']);
    const variants = Object.values(browserEvents).flat().map((event) => JSON.stringify(event));
    const walked = new Set(paths.flatMap((p) => p.steps.map(eventKey)));
    expect(variants.filter((v) => !walked.has(v))).toEqual([]);
  });

  for (const [i, path] of paths.entries()) {
    test(`${i + 1}. ${describePath(path)}`, async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await save.install(page);
      let from: QuestionnaireSnapshot | undefined;
      for (const step of path.steps) {
        await executors[step.event.type as keyof typeof executors](page, step, save);
        if (step.event.type === 'SEND' && step.state.matches('sending')) {
          await expect.poll(() => save.body?.onboarding_questions).toBe(questionnaireJson(from!.context.drafts));
        }
        await expectModal(page, step.state);
        from = step.state;
      }
    });
  }
});
