import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AuthEvent, AuthForm, authMachine } from '../../machines/auth/auth.machine';
import type { Failure } from '../../shared/failure';

/*
 * The auth machine as the sign-in and sign-up forms use it (issue 9's JavaScript bar for /connexion). In the
 * signed-in app it is the app-wide actor (src/app/auth.tsx); on the guest entry (src/guestMain.tsx) the machine's
 * code (xstate) loads with the visitor's first interaction, so the form paints without it: until it runs, what the
 * visitor sends waits for it, and the form shows that it is on its way.
 */

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What a form draws: which form is being sent, and the last failure with the form it belongs to. */
export interface AuthFormsView {
  busy: AuthForm | null;
  error: Failure | null;
  errorOf: AuthForm | null;
}

export interface AuthForms {
  subscribe(listener: () => void): () => void;
  /** The same object until something a form shows changes (useSyncExternalStore). */
  getView(): AuthFormsView;
  send(event: AuthEvent): void;
}

const idle: AuthFormsView = { busy: null, error: null, errorOf: null };

/** The view of a snapshot, reusing `previous` when nothing shown changed. */
export function authFormsView(snapshot: AuthSnapshot, previous: AuthFormsView = idle): AuthFormsView {
  const busy: AuthForm | null = snapshot.matches({ guest: 'loggingIn' }) ? 'login' : snapshot.matches({ guest: 'registering' }) ? 'register' : null;
  const { error, errorOf } = snapshot.context;
  return busy === previous.busy && error === previous.error && errorOf === previous.errorOf ? previous : { busy, error, errorOf };
}

/** The forms' port over a running auth actor (the signed-in app's). */
export function authFormsOf(actor: {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): { unsubscribe(): void };
  send(event: AuthEvent): void;
}): AuthForms {
  let view = authFormsView(actor.getSnapshot());
  return {
    subscribe: (listener) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    getView: () => (view = authFormsView(actor.getSnapshot(), view)),
    send: (event) => actor.send(event),
  };
}

export const AuthFormsContext = createContext<AuthForms | null>(null);

function useAuthForms(): AuthForms {
  const forms = useContext(AuthFormsContext);
  if (!forms) throw new Error('AuthFormsContext: the sign-in forms render under AuthProvider or the guest entry');
  return forms;
}

/** One form's state (pending, its own failure) and the way to send the machine its events. */
export function useAuthForm(form: AuthForm): { pending: boolean; error: Failure | null; send: (event: AuthEvent) => void } {
  const forms = useAuthForms();
  const view = useSyncExternalStore(forms.subscribe, forms.getView, forms.getView);
  return { pending: view.busy === form, error: view.errorOf === form ? view.error : null, send: forms.send };
}
