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
 * GET /users/me answers both restoreSession and refreshUser: the executors say which one it is.
 *
 * EMAIL_VERIFIED follows the activation link of a freshly registered, signed-in account (from the
 * dev mailbox); TOKEN_CHANGED comes from a second page of the same browser context signing out or in
 * (the first page hears a `storage` event). The delayed transitions (REQUEST_TIMEOUT) are not driven:
 * 15 s waits each; auth.model.test.ts walks them with a simulated clock.
 *
 * Elements are found by role, name attribute or test id; never by translated text.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Route } from '../tests/e2e/fixtures';
import { authMachine } from '../machines/auth/auth.machine';
import { authEvents, type AuthInvokeId, type AuthModelEvent, type AuthModelEventType, type AuthPath, type AuthRestingState, type AuthSnapshot, type AuthStep } from './auth.fixtures';
import { describePath, dropPrefixPaths, extendPath, flattenEvents, generatePaths, leafStates } from './support/graph';

const TOKEN_KEY = 'cp.auth.token';
const DEMO = { email: 'owner@demo.test', password: 'demo-password' };
const uniqueEmail = () => `model-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const NEW_PASSWORD = 'model-test-password';
const NEW_FIRSTNAME = 'Modele';

// ─── Held API calls: one queue per invoked actor ─────────────────────────────────────────────────

class HeldCalls {
  private readonly queues = new Map<AuthInvokeId, Route[]>();
  /** Which actor the next GET /users/me belongs to (the call is the same for both). */
  getMeFor: Extract<AuthInvokeId, 'restoreSession' | 'refreshUser'> = 'restoreSession';

  async install(page: Page) {
    const hold = (id: AuthInvokeId) => (route: Route) => {
      const queue = this.queues.get(id) ?? [];
      queue.push(route);
      this.queues.set(id, queue);
    };
    // GET only: PUT /users/me is the profile save, which must reach the server.
    await page.route('**/api/v1/users/me', (route) => (route.request().method() === 'GET' ? hold(this.getMeFor)(route) : route.fallback()));
    await page.route('**/api/v1/login', hold('login'));
    await page.route('**/api/v1/register', hold('register'));
    await page.route('**/api/v1/logout', hold('logout'));
  }

  async release(id: AuthInvokeId, how: 'continue' | 'abort') {
    await expect.poll(() => this.waiting(id), { message: `the app made no ${id} call` }).toBeGreaterThan(0);
    const route = this.queues.get(id)!.shift()!;
    if (how === 'continue') await route.continue();
    else await route.abort('connectionfailed');
  }

  waiting(id: AuthInvokeId) {
    return this.queues.get(id)?.length ?? 0;
  }
}

interface Ui {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  held: HeldCalls;
  path: AuthPath;
  /** The account the session belongs to (the demo owner, or one created by the path). */
  account: { email: string; password: string };
}

const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

/** A client-side navigation (a full load would start a new auth actor, i.e. a new path). */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  const target = new URL(path, 'http://localhost');
  await expect(page).toHaveURL((url) => url.pathname === target.pathname);
}

/** Signing out: the last item of the user menu in the header. */
async function logOutThroughMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
}

async function demoToken(request: APIRequestContext) {
  const response = await request.post('/api/v1/login', { data: { ...DEMO, staySignedIn: false } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A new, not yet verified account (its activation mail is in the dev mailbox) and its token. */
async function registeredAccount(request: APIRequestContext) {
  const account = { email: uniqueEmail(), password: NEW_PASSWORD };
  const response = await request.post('/api/v1/register', { data: { ...account, firstname: NEW_FIRSTNAME, locale: 'fr' } });
  expect(response.status()).toBe(201);
  return { account, token: ((await response.json()) as { token: string }).token };
}

/** The activation link sent to `email`, as a path (+ query) of the app. */
async function activationLink(request: APIRequestContext, email: string) {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`/__dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ template: string; text: string }>;
        text = mails.find((mail) => mail.template === 'VERIFY_EMAIL')?.text;
        return text !== undefined;
      },
      { message: `no VERIFY_EMAIL mail for ${email}` },
    )
    .toBe(true);
  const url = new URL(/(https?:\/\/\S+)/.exec(text!)![1]!);
  return url.pathname + url.search;
}

/** A second page of the same browser context: it shares the stored token, so its changes reach the first page as `storage` events. */
async function otherTab(context: BrowserContext, path: string) {
  const other = await context.newPage();
  await other.goto(path);
  return other;
}

// ─── Executors: one per event type; `notDrivable` ones keep their paths out of the browser ───────

interface UiExecutor {
  /** Produces the event in the UI; `next` is the step the path takes after this one, `from` the state before. */
  act(ui: Ui, step: AuthStep, next: AuthStep | undefined, from: AuthSnapshot | undefined): Promise<void>;
  /** What the UI must show right after this event (side effects: URL, storage, notices). */
  check?(ui: Ui, step: AuthStep): Promise<void>;
}
const notDrivable = (reason: string) => ({ notDrivable: reason }) as const;
type NotDrivable = ReturnType<typeof notDrivable>;

const isRefusal = (next: AuthStep | undefined, type: AuthModelEventType) => next?.event.type === type;

const executors = {
  'xstate.init': {
    async act(ui, _step, next) {
      const { page, request, held, path } = ui;
      await held.install(page);
      // restoreSession reads the stored token: a valid one, or one the server refuses (a token is
      // always stored so the call is made, and held: `checking` stays observable). A path that
      // verifies the e-mail needs a new account: the demo owner's address is verified already.
      const valid = next?.event.type === 'xstate.done.actor.restoreSession' && next.event.output !== null;
      let token = 'model-test-refused-token';
      if (path.steps.some((s) => s.event.type === 'EMAIL_VERIFIED')) {
        const created = await registeredAccount(request);
        ui.account = created.account;
        if (valid) token = created.token;
      } else if (valid) token = await demoToken(request);
      await page.goto('/api/v1/health');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await page.goto('/');
    },
  },
  'xstate.done.actor.restoreSession': {
    act: ({ held }) => held.release('restoreSession', 'continue'),
    async check({ page }, step) {
      if (step.state.matches('authenticated')) {
        // a fresh start lands on /; a session taken from another tab leaves the login page for /
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
    async act({ page, account }, _step, next) {
      const form = page.getByTestId('login-form');
      await form.locator('input[name=email]').fill(account.email);
      await form.locator('input[name=password]').fill(isRefusal(next, 'xstate.error.actor.login') ? 'a-wrong-password' : account.password);
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
    async act(ui, _step, next) {
      const { page } = ui;
      await clientNavigate(page, '/inscription');
      const form = page.getByTestId('register-form');
      const refused = isRefusal(next, 'xstate.error.actor.register');
      const email = refused ? DEMO.email : uniqueEmail();
      if (!refused) ui.account = { email, password: NEW_PASSWORD };
      await form.locator('input[name=firstname]').fill(NEW_FIRSTNAME);
      await form.locator('input[name=email]').fill(email);
      await form.locator('input[name=password]').fill(NEW_PASSWORD);
      await page.getByTestId('register-submit').click();
    },
  },
  'xstate.done.actor.register': {
    act: ({ held }) => held.release('register', 'continue'),
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?questionnaire=1');
      await expect(page.getByTestId('home-welcome')).toBeVisible();
      await expect(page.getByTestId('header-firstname')).toHaveText(NEW_FIRSTNAME);
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
      await logOutThroughMenu(page);
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
      // The session ends server-side; the next signed-in call (a profile save) is answered 401. The
      // notification centre polls once when the frame mounts: let that call finish first, or it could be
      // the one refused (from the home page) before the save.
      // The account page reads the support address when it opens: it opens before the session ends, so that the
      // save is the first call refused.
      await page.waitForLoadState('networkidle');
      await clientNavigate(page, '/mon-compte');
      await expect(page.getByText('Besoin d’aide ?')).toBeVisible();
      const token = await storedToken(page);
      const revoked = await request.post('/api/v1/logout', { headers: { Authorization: `Bearer ${token}` } });
      expect(revoked.status()).toBe(204);
      await page.getByTestId('profile-save').click();
    },
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/connexion' && url.searchParams.get('redirect') === '/mon-compte');
      await expect(page.getByRole('alertdialog')).toBeVisible(); // the "session expired" notice
    },
  },
  EMAIL_VERIFIED: {
    async act({ page, request, held, account }) {
      // The signed-in user follows the link of their activation mail (in this tab: a new load would
      // be a new actor); the page verifies the address, then sends EMAIL_VERIFIED.
      await expect(page.getByTestId('resend-activation'), 'the account is not verified yet').toBeVisible();
      held.getMeFor = 'refreshUser';
      await clientNavigate(page, await activationLink(request, account.email));
    },
    async check({ page, held }) {
      await expect(page.getByTestId('activation-done')).toBeVisible();
      await expect.poll(() => held.waiting('refreshUser'), { message: 'the user is reloaded' }).toBe(1);
    },
  },
  'xstate.done.actor.refreshUser': {
    async act({ page, held }) {
      await held.release('refreshUser', 'continue');
      held.getMeFor = 'restoreSession';
      await page.getByTestId('activation-done').getByRole('link').click(); // "go home"
    },
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByTestId('home-welcome')).toBeVisible();
      await expect(page.getByTestId('resend-activation'), 'the reloaded user is verified: no reminder').toHaveCount(0);
    },
  },
  'xstate.error.actor.refreshUser': {
    async act({ page, held }) {
      await held.release('refreshUser', 'abort');
      held.getMeFor = 'restoreSession';
      await page.getByTestId('activation-done').getByRole('link').click();
    },
    async check({ page }) {
      await expect(page).toHaveURL((url) => url.pathname === '/');
      // the old user is kept: the reminder stays until the next reload
      await expect(page.getByTestId('resend-activation')).toBeVisible();
    },
  },
  TOKEN_CHANGED: {
    async act({ context, request, held, account }, step, next, from) {
      const { present } = step.event as Extract<AuthModelEvent, { type: 'TOKEN_CHANGED' }>;
      held.getMeFor = 'restoreSession';
      if (!present) {
        // Signing out in another tab.
        const other = await otherTab(context, '/');
        await expect(other.getByTestId('header-firstname')).toBeVisible();
        await logOutThroughMenu(other);
        await expect(other).toHaveURL((url) => url.pathname === '/connexion');
        await other.close();
      } else if (from?.matches('guest') && !(next?.event.type === 'xstate.done.actor.restoreSession' && next.event.output === null)) {
        // Signing in in another tab.
        const other = await otherTab(context, '/connexion');
        const form = other.getByTestId('login-form');
        await form.locator('input[name=email]').fill(account.email);
        await form.locator('input[name=password]').fill(account.password);
        await other.getByTestId('login-submit').click();
        await expect(other).toHaveURL((url) => url.pathname === '/');
        await other.close();
      } else {
        // Another tab stores a token (signed in as someone, or a token the server then refuses):
        // what its storeToken does, written directly (no UI signs in over a live session).
        const refused = next?.event.type === 'xstate.done.actor.restoreSession' && next.event.output === null;
        const token = refused ? 'model-test-refused-token' : await demoToken(request);
        const other = await otherTab(context, '/api/v1/health');
        await other.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
        await other.close();
      }
    },
    async check({ page }, step) {
      if (step.state.matches('guest')) {
        await expect(page).toHaveURL((url) => url.pathname === '/connexion' && url.search === ''); // signed out elsewhere: no redirect
      }
    },
  },
  USER_UPDATED: notDrivable('renaming the shared demo account would disturb the other browser tests'),
  CLEAR_ERROR: notDrivable('no view sends CLEAR_ERROR'),
  'xstate.after.REQUEST_TIMEOUT.auth.checking': notDrivable('a 15 s wait (REQUEST_TIMEOUT) per path; auth.model.test.ts runs it on a simulated clock'),
  'xstate.after.REQUEST_TIMEOUT.auth.loggingOut': notDrivable('a 15 s wait (REQUEST_TIMEOUT) per path; auth.model.test.ts runs it on a simulated clock'),
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
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await expect.poll(() => storedToken(page), { message: 'a guest has no stored token' }).toBeNull();
  },
  async 'guest.loggingIn'({ page }) {
    await expect(page.getByTestId('login-submit')).toHaveAttribute('data-pending', 'true');
  },
  async 'guest.registering'({ page }) {
    await expect(page.getByTestId('register-submit')).toHaveAttribute('data-pending', 'true');
  },
  async 'authenticated.idle'({ page }) {
    await expect(page.getByTestId('header-firstname')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeEnabled();
    expect(await storedToken(page)).not.toBeNull();
  },
  async 'authenticated.refreshing'({ page, held }) {
    // on the activation page (no header): verified, and the user's reload held
    await expect(page.getByTestId('activation-done')).toBeVisible();
    await expect.poll(() => held.waiting('refreshUser'), { message: 'the user reload is under way' }).toBe(1);
    expect(await storedToken(page)).not.toBeNull();
  },
  async loggingOut({ page, held }) {
    // The page stays put while the revoke runs (RouteGuard).
    await expect.poll(() => held.waiting('logout'), { message: 'the revoke is under way' }).toBe(1);
    await expect(page).not.toHaveURL((url) => url.pathname === '/connexion');
    // The signed-in frame stays while the revoke is under way; the login page replaces it afterwards.
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(await storedToken(page), 'the token is forgotten once the revoke ends').not.toBeNull();
  },
} satisfies Record<AuthRestingState, (ui: Ui, snapshot: AuthSnapshot) => Promise<void>>;

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────

/** The explored events, minus those no UI action produces. */
const drivableEvents = flattenEvents<AuthModelEvent>(authEvents).filter((event) => !('notDrivable' in executors[event.type]));

/**
 * States as the UI tells them apart: the state, how the session began (signed in) or ended (a
 * guest), an error shown (a guest's form). Context a state does not show is left out, or the stale
 * combinations TOKEN_CHANGED carries from one session to the next would multiply the paths.
 */
const uiState = (s: AuthSnapshot) =>
  JSON.stringify({
    value: s.value,
    origin: s.matches('authenticated') ? s.context.origin : undefined,
    ended: s.matches('guest') ? s.context.ended : undefined,
    error: s.matches('guest') ? s.context.error !== null : undefined,
  });

const generated = generatePaths<typeof authMachine, AuthModelEvent>(authMachine, { events: drivableEvents, serializeState: uiState });
const takenBy = (paths: AuthPath[]) => new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
/** The path ends with `type` and that event changes the state (the UI cannot send an ignored event). */
const takesEffectively = (path: AuthPath, type: string) => {
  const [before, last] = path.steps.slice(-2);
  return last?.event.type === type && before !== undefined && uiState(before.state) !== uiState(last.state);
};
const variantKey = (event: { type: string }) => JSON.stringify(event);
const variantsTakenBy = (paths: AuthPath[]) => new Set(paths.flatMap((path) => path.steps.map((step) => variantKey(step.event))));
/**
 * Event variants no shortest path takes (RETRY, a refused registration, a failed revoke, a reloaded
 * user, signing in elsewhere, …): the shortest path through each.
 */
const throughUntakenEvents = drivableEvents
  .filter((event) => !variantsTakenBy(generated.shortest).has(variantKey(event)))
  .map((event) => {
    const through = generated.transitions
      .filter((path) => takesEffectively(path, event.type) && variantKey(path.steps.at(-1)!.event) === variantKey(event))
      .sort((a, b) => a.weight - b.weight)[0];
    if (!through) throw new Error(`no path takes ${variantKey(event)}`);
    return through;
  });

const signedInElsewhere = { type: 'TOKEN_CHANGED', present: true } as const;
/**
 * Signing in in another tab while a guest: no shortest path needs it (signing in elsewhere over a
 * live session is shorter), yet it is the one a user does. Taken from guest.idle, through checking
 * to the other tab's session.
 */
const signInElsewhereAsGuest = (() => {
  const through = generated.transitions
    .filter((path) => variantKey(path.steps.at(-1)!.event) === variantKey(signedInElsewhere) && path.steps.at(-2)!.state.matches({ guest: 'idle' }))
    .sort((a, b) => a.weight - b.weight)[0];
  if (!through) throw new Error('no path signs in elsewhere while a guest');
  return extendPath<AuthSnapshot, AuthModelEvent>(authMachine, through, authEvents['xstate.done.actor.restoreSession'][0]!);
})();

/** Shortest paths to every UI-distinct state, plus the few above, without paths contained in longer ones. */
const paths: AuthPath[] = dropPrefixPaths([...generated.shortest, ...throughUntakenEvents, signInElsewhereAsGuest]);

test('the browser paths take every drivable event variant and reach every resting state', () => {
  const taken = takenBy(paths);
  for (const { type } of drivableEvents) expect(taken, type).toContain(type);
  const variants = variantsTakenBy(paths);
  for (const event of drivableEvents) expect(variants, variantKey(event)).toContain(variantKey(event));
  const notDriven = Object.entries(executors).filter(([, executor]) => 'notDrivable' in executor).map(([type]) => type);
  expect(notDriven.sort()).toEqual(['CLEAR_ERROR', 'USER_UPDATED', 'xstate.after.REQUEST_TIMEOUT.auth.checking', 'xstate.after.REQUEST_TIMEOUT.auth.loggingOut']);
  const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => leafStates(step.state.value))));
  expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
});

for (const path of paths) {
  test(describePath(path), async ({ page, context, request }) => {
    const ui: Ui = { page, context, request, held: new HeldCalls(), path, account: DEMO };
    for (const [index, step] of path.steps.entries()) {
      const executor: UiExecutor | NotDrivable = executors[step.event.type];
      if ('notDrivable' in executor) throw new Error(`${step.event.type} is not drivable: ${executor.notDrivable}`);
      await test.step(`${index}: ${step.event.type} ⇒ ${leafStates(step.state.value).join(',')}`, async () => {
        await executor.act(ui, step, path.steps[index + 1], path.steps[index - 1]?.state);
        const [leaf] = leafStates(step.state.value) as AuthRestingState[];
        const assertState: (ui: Ui, snapshot: AuthSnapshot) => Promise<void> = stateAssertions[leaf!];
        await assertState(ui, step.state);
        await executor.check?.(ui, step);
      });
    }
  });
}
