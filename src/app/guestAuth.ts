import type { Snapshot } from 'xstate';
import type { AuthEvent, AuthForm } from '../../machines/auth/auth.machine';
import type { AuthPlaces } from './authLogic';
import { authFormsView, type AuthForms, type AuthFormsView } from './authForms';
import { withChunkTimeout } from './chunkLoad';
import type { GuestAuthActor } from './guestAuthActor';

/** Where the guest entry hands over: the signed-in app at `target` (null: where it is), with the session if one opened. */
export type HandOver = (target: string | null, snapshot?: Snapshot<unknown>) => void;

const formOf = (event: AuthEvent): AuthForm | null => (event.type === 'LOGIN' ? 'login' : event.type === 'REGISTER' ? 'register' : null);

/**
 * The auth machine of the guest entry (issue 9: /connexion paints and takes typing before xstate arrives). The
 * machine's code loads on `warmUp` (the visitor's first interaction) or with the first event; events sent before it
 * runs wait until it has checked for a session (`guest`), then go in order; meanwhile the form shows as pending.
 * Once a session is open (signed in here, or in another tab) the signed-in app takes over (`handOver`).
 */
export function createGuestAuth(places: Pick<AuthPlaces, 'navigateToLogin' | 'announceSessionExpired'> & { landing: (origin: Parameters<AuthPlaces['navigateAfterAuth']>[0] | null) => string; handOver: HandOver }): AuthForms & { warmUp(): void } {
  const listeners = new Set<() => void>();
  let actor: GuestAuthActor | null = null;
  let loading: Promise<void> | null = null;
  let waiting: AuthEvent[] = [];
  let view: AuthFormsView = { busy: null, error: null, errorOf: null };
  let handedOver = false;
  const show = (next: AuthFormsView) => {
    if (next === view) return;
    view = next;
    for (const listener of listeners) listener();
  };

  function handOverOnce(target: string | null) {
    if (handedOver || !actor) return;
    handedOver = true;
    const snapshot = actor.getPersistedSnapshot();
    actor.stop();
    places.handOver(target, snapshot);
  }

  function load(): Promise<void> {
    loading ??= withChunkTimeout(() => import('./guestAuthActor')).then(
      ({ startGuestAuthActor }) => {
        actor = startGuestAuthActor({
          ...places,
          navigateAfterAuth: (origin) => queueMicrotask(() => handOverOnce(places.landing(origin))),
        });
        actor.subscribe((snapshot) => {
          // A session restored from another tab's sign-in goes where a guest page sends a signed-in user.
          if (snapshot.matches('authenticated')) return queueMicrotask(() => handOverOnce(places.landing(snapshot.context.origin)));
          if (snapshot.matches('guest') && waiting.length > 0) {
            const events = waiting;
            waiting = [];
            for (const event of events) actor?.send(event);
            return;
          }
          show(authFormsView(snapshot, view));
        });
      },
      (error: unknown) => {
        // The machine's code did not arrive (network): the form says so and the next try loads it again.
        loading = null;
        const form = waiting.map(formOf).find(Boolean) ?? null;
        waiting = [];
        show({ busy: null, error: { status: null, code: null, message: String(error), fieldErrors: {} }, errorOf: form });
      },
    );
    return loading;
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getView: () => view,
    send: (event) => {
      // Another tab signed in before the machine was needed: the signed-in app restores that session itself.
      if (!actor && event.type === 'TOKEN_CHANGED') {
        if (event.present && !handedOver) {
          handedOver = true;
          places.handOver(places.landing(null));
        }
        return;
      }
      if (actor && !actor.getSnapshot().matches('checking')) return actor.send(event);
      waiting.push(event);
      const form = formOf(event);
      if (form) show({ busy: form, error: null, errorOf: null });
      void load();
    },
    warmUp: () => void load(),
  };
}
