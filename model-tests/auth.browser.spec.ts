/**
 * The auth machine's generated paths, driven through the built app against the real server
 * (ARCHITECTURE rule 7: key flows run their generated paths in a browser).
 *
 * Same machine, same event variants as auth.model.test.ts, restricted to the events the UI can
 * produce; states are compared on what the UI shows (value + ended / origin / error present), so
 * the shortest paths stay few. Each API call the machine invokes is HELD by a `page.route` until the
 * path's next event says how it ends (the browser version of the fake actors' deferreds):
 * `xstate.done.actor.<id>` lets it through to the real server, an `xstate.error.actor.<id>` that
 * stands for a network failure aborts it; the one that stands for a refusal (wrong password, e-mail
 * taken) lets a request through that the server refuses, prepared by the previous executor.
 *
 * Elements are found by role, name attribute or test id; never by translated text.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { authMachine } from '../machines/auth/auth.machine';
import { authEvents, type AuthInvokeId, type AuthModelEvent, type AuthModelEventType, type AuthPath, type AuthRestingState, type AuthSnapshot, type AuthStep } from './auth.fixtures';
import { describePath, dropPrefixPaths, flattenEvents, generatePaths, leafStates } from './support/graph';

const TOKEN_KEY = 'cp.auth.token';
const DEMO = { email: 'owner@demo.test', password: 'demo-password' };
const uniqueEmail = () => `model-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

// ─── Held API calls: one queue per invoked actor ─────────────────────────────────────────────────

class HeldCalls {
  private readonly queues = new Map<AuthInvokeId, Route[]>();

  async install(page: Page) {
    const hold = (id: AuthInvokeId) => (route: Route) => {
      const queue = this.queues.get(id) ?? [];
      queue.push(route);
      this.queues.set(id, queue);
    };
    // GET only: PUT /users/me is the profile save, which must reach the server.
    await page.route('**/api/v1/users/me', (route) => (route.request().method() === 'GET' ? hold('restoreSession')(route) : route.fallback()));
    await page.route('**/api/v1/login', hold('login'));
    await page.route('**/api/v1/register', hold('register'));
    await page.route('**/api/v1/logout', hold('logout'));
  }

  async release(id: AuthInvokeId, how: 'continue' | 'abort') {
    await expect.poll(() => this.queues.get(id)?.length ?? 0, { message: `the app made no ${id} call` }).toBeGreaterThan(0);
    const route = this.queues.get(id)!.shift()!;
    if (how === 'continue') await route.continue();
    else await route.abort('connectionfailed');
  }
}

interface Ui {
  page: Page;
  request: APIRequestContext;
  held: HeldCalls;
}

const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

/** A client-side navigation (a full load would start a new auth actor, i.e. a new path). */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

async function demoToken(request: APIRequestContext) {
  const response = await request.post('/api/v1/login', { data: { ...DEMO, staySignedIn: false } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

// ─── Executors: one per event type; `notDrivable` ones keep their paths out of the browser ───────

interface UiExecutor {
  /** Produces the event in the UI; `next` is the step the path takes after this one. */
  act(ui: Ui, step: AuthStep, next: AuthStep | undefined): Promise<void>;
  /** What the UI must show right after this event (side effects: URL, storage, notices). */
  check?(ui: Ui, step: AuthStep): Promise<void>;
}
const notDrivable = (reason: string) => ({ notDrivable: reason }) as const;
type NotDrivable = ReturnType<typeof notDrivable>;

const isRefusal = (next: AuthStep | undefined, type: AuthModelEventType) => next?.event.type === type;

const executors = {
  'xstate.init': {
    async act({ page, request, held }, _step, next) {
      await held.install(page);
      // restoreSession reads the stored token: a valid one, or one the server refuses (a token is
      // always stored so the call is made, and held: `checking` stays observable).
      const valid = next?.event.type === 'xstate.done.actor.restoreSession' && next.event.output !== null;
      const token = valid ? await demoToken(request) : 'model-test-refused-token';
      await page.goto('/api/v1/health');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await page.goto('/');
    },
  },
  'xstate.done.actor.restoreSession': {
    act: ({ held }) => held.release('restoreSession', 'continue'),
    async check({ page }, step) {
      if (step.state.matches('authenticated')) {
        await expect(page).toHaveURL((url) => url.pathname === '/');
        await expect(page.getByTestId('home-welcome')).toBeVisible();
      } else {
        // a guest opening / lands on the login page, carrying /
        await expect(page).toHaveURL((url) => url.pathname === '/connexion' && url.search === '?redirect=%2F');
      }
    },
  },
  'xstate.error.actor.restoreSession': { act: ({ held }) => held.release('restoreSession', 'abort') },
  RETRY: {
    async act({ page }) {
      await page.getByRole('alert').getByRole('button').click();
    },
  },
  LOGIN: {
    async act({ page }, _step, next) {
      const form = page.getByTestId('login-form');
      await form.locator('input[name=email]').fill(DEMO.email);
      await form.locator('input[name=password]').fill(isRefusal(next, 'xstate.error.actor.login') ? 'a-wrong-password' : DEMO.password);
      await page.getByTestId('login-submit').click();
    },
  },
  'xstate.done.actor.login': {
    act: ({ held }) => held.release('login', 'continue'),
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === ''); // the redirect query honoured
      await expect(page.getByTestId('home-welcome')).toBeVisible();
    },
  },
  'xstate.error.actor.login': {
    act: ({ held }) => held.release('login', 'continue'), // the server refuses the wrong password
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/connexion');
      await expect(page.getByTestId('login-form').locator('input[name=password]')).toHaveAttribute('aria-invalid', 'true');
    },
  },
  REGISTER: {
    async act({ page }, _step, next) {
      await clientNavigate(page, '/inscription');
      const form = page.getByTestId('register-form');
      await form.locator('input[name=firstname]').fill('Modele');
      await form.locator('input[name=email]').fill(isRefusal(next, 'xstate.error.actor.register') ? DEMO.email : uniqueEmail());
      await form.locator('input[name=password]').fill('model-test-password');
      await page.getByTestId('register-submit').click();
    },
  },
  'xstate.done.actor.register': {
    act: ({ held }) => held.release('register', 'continue'),
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?questionnaire=1');
      await expect(page.getByTestId('home-welcome')).toBeVisible();
      await expect(page.getByTestId('header-firstname')).toHaveText('Modele');
    },
  },
  'xstate.error.actor.register': {
    act: ({ held }) => held.release('register', 'continue'), // the e-mail is taken
    async check({ page }) {
      await expect(page.getByTestId('register-form').locator('input[name=email]')).toHaveAttribute('aria-invalid', 'true');
    },
  },
  LOGOUT: {
    async act({ page }) {
      await page.getByTestId('logout').click();
    },
  },
  'xstate.done.actor.logout': {
    act: ({ held }) => held.release('logout', 'continue'),
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/connexion' && url.search === ''); // chose to leave: no redirect
    },
  },
  'xstate.error.actor.logout': {
    act: ({ held }) => held.release('logout', 'abort'),
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/connexion' && url.search === '');
    },
  },
  SESSION_EXPIRED: {
    async act({ page, request }) {
      // The session ends server-side; the next signed-in call (a profile save) is answered 401.
      const token = await storedToken(page);
      const revoked = await request.post('/api/v1/logout', { headers: { Authorization: `Bearer ${token}` } });
      expect(revoked.status()).toBe(204);
      await clientNavigate(page, '/mon-compte');
      await page.getByTestId('profile-save').click();
    },
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/connexion' && url.searchParams.get('redirect') === '/mon-compte');
      await expect(page.getByRole('alertdialog')).toBeVisible(); // the "session expired" notice
    },
  },
  USER_UPDATED: notDrivable('renaming the shared demo account would disturb the other browser tests'),
  CLEAR_ERROR: notDrivable('no view sends CLEAR_ERROR'),
} satisfies Record<AuthModelEventType, UiExecutor | NotDrivable>;

/** What the UI shows in each resting state of the machine. */
const stateAssertions = {
  async checking({ page }) {
    await expect(page.getByRole('progressbar')).toBeVisible();
    expect(await storedToken(page)).not.toBeNull();
  },
  async unavailable({ page }) {
    await expect(page.getByRole('alert').getByRole('button')).toBeVisible();
    expect(await storedToken(page), 'the token is kept when the server is unreachable').not.toBeNull();
  },
  async 'guest.idle'({ page }) {
    await expect(page.getByTestId(/^(login|register)-form$/)).toBeVisible();
    await expect(page.getByTestId('logout')).toHaveCount(0);
    await expect.poll(() => storedToken(page), { message: 'a guest has no stored token' }).toBeNull();
  },
  async 'guest.loggingIn'({ page }) {
    await expect(page.getByTestId('login-submit')).toHaveAttribute('data-pending', 'true');
  },
  async 'guest.registering'({ page }) {
    await expect(page.getByTestId('register-submit')).toHaveAttribute('data-pending', 'true');
  },
  async authenticated({ page }) {
    await expect(page.getByTestId('header-firstname')).toBeVisible();
    await expect(page.getByTestId('logout')).toBeEnabled();
    expect(await storedToken(page)).not.toBeNull();
  },
  async loggingOut({ page }) {
    await expect(page.getByTestId('logout')).toHaveAttribute('data-pending', 'true');
  },
} satisfies Record<AuthRestingState, (ui: Ui, snapshot: AuthSnapshot) => Promise<void>>;

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────

/** The explored events, minus those no UI action produces. */
const drivableEvents = flattenEvents<AuthModelEvent>(authEvents).filter((event) => !('notDrivable' in executors[event.type]));

/** States as the UI tells them apart: the state, how the session began or ended, an error shown. */
const uiState = (s: AuthSnapshot) => JSON.stringify({ value: s.value, origin: s.context.origin, ended: s.context.ended, error: s.context.error !== null });

const generated = generatePaths<typeof authMachine, AuthModelEvent>(authMachine, { events: drivableEvents, serializeState: uiState });
const takenBy = (paths: AuthPath[]) => new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
/** The path ends with `type` and that event changes the state (the UI cannot send an ignored event). */
const takesEffectively = (path: AuthPath, type: string) => {
  const [before, last] = path.steps.slice(-2);
  return last?.event.type === type && before !== undefined && uiState(before.state) !== uiState(last.state);
};
/** Events no shortest path takes (RETRY, a refused registration, a failed revoke): the shortest path through each. */
const throughUntakenEvents = [...new Set(drivableEvents.map((event) => event.type))]
  .filter((type) => !takenBy(generated.shortest).has(type))
  .map((type) => generated.transitions.filter((path) => takesEffectively(path, type)).sort((a, b) => a.weight - b.weight)[0]!);

/** Shortest paths to every UI-distinct state, plus the few above, without paths contained in longer ones. */
const paths: AuthPath[] = dropPrefixPaths([...generated.shortest, ...throughUntakenEvents]);

test('the browser paths take every drivable event and reach every resting state', () => {
  const taken = takenBy(paths);
  for (const { type } of drivableEvents) expect(taken, type).toContain(type);
  const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => leafStates(step.state.value))));
  expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
});

for (const path of paths) {
  test(describePath(path), async ({ page, request }) => {
    const ui: Ui = { page, request, held: new HeldCalls() };
    for (const [index, step] of path.steps.entries()) {
      const executor: UiExecutor | NotDrivable = executors[step.event.type];
      if ('notDrivable' in executor) throw new Error(`${step.event.type} is not drivable: ${executor.notDrivable}`);
      await test.step(`${index}: ${step.event.type} ⇒ ${leafStates(step.state.value).join(',')}`, async () => {
        await executor.act(ui, step, path.steps[index + 1]);
        const [leaf] = leafStates(step.state.value) as AuthRestingState[];
        const assertState: (ui: Ui, snapshot: AuthSnapshot) => Promise<void> = stateAssertions[leaf!];
        await assertState(ui, step.state);
        await executor.check?.(ui, step);
      });
    }
  });
}
