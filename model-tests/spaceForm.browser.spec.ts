/**
 * The space form's auto-add modes, driven through the built app against the real server (ARCHITECTURE rule 7;
 * issue 13: "a browser model test of the space form's auto-add modes").
 *
 * Paths are generated from machines/spaceForm (creating a space on the demo store's PRO plan: ALL by default),
 * with the events the page offers in each state: the three modes (radio buttons), one training ticked (only where
 * the picker shows, in TRAININGS), a name, "Créer l'espace", and the save's answer. The create request is HELD by
 * the test until the path says how it ends: done lets it reach the server (the page then opens the new space); the
 * refusal answers it with a 403 PLAN_REQUIRED. When it is sent, its body must carry what the mode means, written
 * here from the issue (ALL: global true and no trainings; TRAININGS: global false and the ticked training; MANUAL:
 * global false and none). After every step the page shows what the reached snapshot says: the checked mode, the
 * picker, the field errors, the refusal.
 */
import { expect, test, type Page, type Route } from '../tests/e2e/fixtures';
import { apiSession, signIn } from '../tests/e2e/session';
import type { SnapshotFrom } from 'xstate';
import { spaceFormMachine, type SpaceFormEvent } from '../machines/spaceForm/spaceForm.machine';
import { createDefaults, type AutoAddMode } from '../machines/spaceForm/spaceForm.values';
import { describePath, dropPrefixPaths, generatePaths, type DoneActorEvent, type ErrorActorEvent, type ModelPath, type ModelStep } from './support/graph';

type ModelEvent = SpaceFormEvent | DoneActorEvent<'save', unknown> | ErrorActorEvent<'save'>;
type Snapshot = SnapshotFrom<typeof spaceFormMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

/**
 * The platform admin of the demo store: the store is PRO, where only ALL may be saved (MANUAL and TRAININGS are
 * EXPERT options the server refuses); a platform admin passes plan gates, so every mode reaches a real save.
 */
const ADMIN = 'platform@demo.test';
/** The model's training; the page ticks the demo store's first training in its place. */
const TRAINING = 'the-training';
const REFUSAL = { message: 'Cette option est incluse dans l’offre Expert.', code: 'PLAN_REQUIRED' };

const browserEvents: ModelEvent[] = [
  { type: 'SET_AUTO_ADD', mode: 'ALL' },
  { type: 'SET_AUTO_ADD', mode: 'TRAININGS' },
  { type: 'SET_AUTO_ADD', mode: 'MANUAL' },
  { type: 'TOGGLE_TRAINING', uuid: TRAINING },
  { type: 'SET_NAME', value: 'Espace modèle' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: { status: 403, code: REFUSAL.code, message: REFUSAL.message, fieldErrors: {} } },
];

const relevant = (s: Snapshot) => {
  const { values, showErrors, failure } = s.context;
  return JSON.stringify([s.value, values.name === '', values.autoAdd, values.trainings, showErrors, failure !== null]);
};
const { shortest } = generatePaths<typeof spaceFormMachine, ModelEvent>(spaceFormMachine, {
  events: browserEvents,
  input: { values: createDefaults('PRO'), spaceUuid: null },
  serializeState: relevant,
  // The picker shows only in TRAININGS: a training can be ticked only there.
  filterEvents: (s, e) => e.type !== 'TOGGLE_TRAINING' || s.context.values.autoAdd === 'TRAININGS',
});
const paths = dropPrefixPaths([...shortest] as Path[]);

/** What the create request must carry for a mode (the mapping). */
function expectedAutoAdd(mode: AutoAddMode, ticked: readonly string[], trainingUuid: string) {
  if (mode === 'ALL') return { global: true, trainings: [] };
  if (mode === 'MANUAL') return { global: false, trainings: [] };
  return { global: false, trainings: ticked.map((t) => (t === TRAINING ? trainingUuid : t)) };
}

/** The create request, held until the path's next event. */
class HeldCreate {
  route: Route | null = null;
  body: Record<string, unknown> | null = null;
  async install(page: Page) {
    await page.route('**/api/v1/community/groups', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      this.body = route.request().postDataJSON() as Record<string, unknown>;
      this.route = route;
    });
  }
  async settle(how: 'done' | 'error') {
    await expect.poll(() => this.route !== null).toBe(true);
    const route = this.route!;
    this.route = null;
    if (how === 'done') await route.continue();
    else await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(REFUSAL) });
  }
}

const form = (page: Page) => page.getByTestId('space-form');
const modeRadio = (page: Page, mode: AutoAddMode) => form(page).getByTestId('space-form-auto-add').locator(`[data-value=${mode}]`);

async function execute(page: Page, step: Step, held: HeldCreate, trainingName: string) {
  const { event } = step;
  switch (event.type) {
    case 'SET_AUTO_ADD':
      await modeRadio(page, event.mode).click();
      return;
    case 'TOGGLE_TRAINING':
      await form(page).getByTestId('space-form-trainings').getByText(trainingName, { exact: true }).click();
      return;
    case 'SET_NAME':
      await form(page).getByTestId('space-form-name').locator('input').fill(event.value);
      return;
    case 'SUBMIT':
      await form(page).getByTestId('space-form-submit').click();
      return;
    case 'xstate.done.actor.save':
      return held.settle('done');
    case 'xstate.error.actor.save':
      return held.settle('error');
    default:
      throw new Error(`no executor for ${event.type}`);
  }
}

async function expectPage(page: Page, state: Snapshot) {
  if (state.matches('saved')) {
    await expect(page).toHaveURL(/\/communaute\/espaces\/[0-9a-f-]{36}\/discussions$/);
    return;
  }
  const { values, showErrors, failure } = state.context;
  for (const mode of ['ALL', 'TRAININGS', 'MANUAL'] as const) {
    if (mode === values.autoAdd) await expect(modeRadio(page, mode)).toHaveAttribute('data-selected', 'true');
    else await expect(modeRadio(page, mode)).not.toHaveAttribute('data-selected', 'true');
  }
  await expect(form(page).getByTestId('space-form-trainings')).toHaveCount(values.autoAdd === 'TRAININGS' ? 1 : 0);
  await expect(form(page).getByText('Ce champ est requis.')).toHaveCount(showErrors && values.name.trim() === '' ? 1 : 0);
  await expect(form(page).getByText('Choisissez au moins une formation.')).toHaveCount(showErrors && values.autoAdd === 'TRAININGS' && values.trainings.length === 0 ? 1 : 0);
  await expect(form(page).getByText(REFUSAL.message)).toHaveCount(failure ? 1 : 0);
}

test.describe('space form auto-add modes in the browser', () => {
  test('the generated paths reach saving, saved and a refusal, and take every mode', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of ['editing', 'saving', 'saved']) expect([...values]).toContain(JSON.stringify(state));
    const modes = new Set(paths.flatMap((p) => p.steps.flatMap((s) => (s.event.type === 'SET_AUTO_ADD' ? [s.event.mode] : []))));
    expect([...modes].sort()).toEqual(['ALL', 'MANUAL', 'TRAININGS']);
    expect(paths.some((p) => p.steps.some((s) => s.event.type === 'xstate.error.actor.save'))).toBe(true);
  });

  for (const [i, path] of paths.entries()) {
    test(`${i + 1}. ${describePath(path)}`, async ({ page, request }) => {
      const send = await apiSession(request, ADMIN);
      const trainings = await send<{ data: Array<{ uuid: string; name: string }> }>('get', '/trainings?per_page=1');
      const training = trainings.data[0]!;
      await signIn(page, ADMIN);
      const held = new HeldCreate();
      await held.install(page);
      await page.goto('/communaute/demarrage');
      await page.getByTestId('onboarding-create-space').click();
      await expect(form(page)).toBeVisible();
      let from: Snapshot | undefined;
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') {
          await execute(page, step, held, training.name);
          if (step.event.type === 'SUBMIT' && from?.matches('editing') && step.state.matches('saving')) {
            await expect.poll(() => held.body).not.toBeNull();
            const { global, trainings: sent } = held.body as { global: boolean; trainings: string[] };
            expect({ global, trainings: sent }).toEqual(expectedAutoAdd(from.context.values.autoAdd, from.context.values.trainings, training.uuid));
          }
        }
        await expectPage(page, step.state);
        from = step.state;
      }
    });
  }
});
