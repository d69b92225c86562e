import { useEffect, useMemo, type ReactNode } from 'react';
import { learnerAuthMachine } from '../../machines/learnerAuth/learnerAuth.machine';
import { createLearnerAuthActors } from '../../machines/learnerAuth/learnerAuth.actors';
import type { LearnerSession } from '../../machines/learnerAuth/learnerAuth.types';
import { schoolPath } from '../../shared/schoolPaths';
import { learnerAuthApi, learnerTokenKey, learnerTokenStorage, onLearnerUnauthorized } from '../api/schoolApi';
import { createInspectedActorContext } from './inspector';
import { LearnerStatusContext, watchStoredToken, type LearnerStatus } from './school';
import { useLocale } from '../i18n/LocaleProvider';

/*
 * The learner's session (the learnerAuth machine, xstate): its own chunk, loaded by SchoolProvider (./school.tsx)
 * when a learner token is stored or a page that needs the session opens (issue 11: a guest's catalogue pages load
 * no state machine).
 */

/** The learner's session in the school being visited; the real side effects are supplied here and nowhere else. */
export const LearnerAuthActor = createInspectedActorContext(learnerAuthMachine);

/** The learner auth machine of one school, with its own token (one localStorage key per subdomain) and its own 401 listener. */
export function LearnerAuthProvider({ subdomain, navigate, children }: { subdomain: string; navigate: (to: string) => unknown; children: ReactNode }) {
  const logic = useMemo(() => {
    const tokens = learnerTokenStorage(subdomain);
    return learnerAuthMachine.provide({
      actors: createLearnerAuthActors(learnerAuthApi(subdomain), () => Boolean(tokens.get()), (onChange) => watchStoredToken(window, learnerTokenKey(subdomain), () => Boolean(tokens.get()), onChange)),
      actions: {
        storeToken: (_, { token }) => tokens.set(token),
        forgetToken: () => tokens.clear(),
        navigateAfterAuth: () => void navigate(schoolPath(subdomain, 'account')),
        navigateToLogin: () => void navigate(schoolPath(subdomain, 'login')),
      },
    });
  }, [subdomain, navigate]);
  return (
    <LearnerAuthActor.Provider logic={logic}>
      <LearnerUnauthorizedBridge subdomain={subdomain} />
      <LearnerLocale />
      <MachineStatus>{children}</MachineStatus>
    </LearnerAuthActor.Provider>
  );
}

/** The session's state as the first pages read it (./school.tsx's LearnerStatus). */
function MachineStatus({ children }: { children: ReactNode }) {
  const actor = LearnerAuthActor.useActorRef();
  const ready = LearnerAuthActor.useSelector((s) => !s.matches('checking'));
  const unavailable = LearnerAuthActor.useSelector((s) => s.matches('unavailable'));
  const learner = LearnerAuthActor.useSelector((s) => (s.matches('signedIn') ? (s.context.learner ?? null) : null));
  const signedIn = LearnerAuthActor.useSelector((s) => s.matches('signedIn'));
  const status = useMemo<LearnerStatus>(
    () => ({ ready, unavailable, signedIn, learner, retry: () => actor.send({ type: 'RETRY' }) }),
    [ready, unavailable, signedIn, learner, actor],
  );
  return <LearnerStatusContext.Provider value={status}>{children}</LearnerStatusContext.Provider>;
}

/** A learner call of this school answered 401: the learner's session is over (feeds the machine's SESSION_EXPIRED). */
function LearnerUnauthorizedBridge({ subdomain }: { subdomain: string }) {
  const actor = LearnerAuthActor.useActorRef();
  useEffect(() => {
    onLearnerUnauthorized(subdomain, () => actor.send({ type: 'SESSION_EXPIRED' }));
    return () => onLearnerUnauthorized(subdomain, null);
  }, [actor, subdomain]);
  return null;
}

/**
 * The learner's language (their account's `locale`) becomes the learner area's when they sign in or save it; a
 * switch on this device afterwards is not undone (as the back office's UserLocale).
 */
function LearnerLocale() {
  const locale = LearnerAuthActor.useSelector((s) => (s.matches('signedIn') ? s.context.learner?.locale : undefined));
  const { setLocale } = useLocale();
  useEffect(() => {
    if (locale) setLocale(locale);
  }, [locale, setLocale]);
  return null;
}

/** For pages that open a session themselves (the activation link): hands it to the machine. */
export function useOpenLearnerSession() {
  const actor = LearnerAuthActor.useActorRef();
  return (session: LearnerSession) => actor.send({ type: 'SESSION_OPENED', session });
}
