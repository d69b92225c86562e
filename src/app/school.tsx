import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { learnerAuthMachine } from '../../machines/learnerAuth/learnerAuth.machine';
import { createLearnerAuthActors } from '../../machines/learnerAuth/learnerAuth.actors';
import type { LearnerSession } from '../../machines/learnerAuth/learnerAuth.types';
import { schoolPath } from '../../shared/schoolPaths';
import { learnerAuthApi, learnerTokenKey, learnerTokenStorage, onLearnerUnauthorized, type School } from '../api/schoolApi';
import { createInspectedActorContext } from './inspector';
import { useLocale } from '../i18n/LocaleProvider';

/**
 * Another tab of the same browser stored or removed `key` (localStorage's `storage` event, which only other tabs
 * receive; a cleared storage has no key): `onChange` is told whether a token is there now.
 */
export function watchStoredToken(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, key: string, present: () => boolean, onChange: (present: boolean) => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === key) onChange(present());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/** The learner's session in the school being visited; the real side effects are supplied here and nowhere else. */
export const LearnerAuthActor = createInspectedActorContext(learnerAuthMachine);

const SchoolContext = createContext<School | null>(null);

/** The school of the learner area being visited (inside SchoolProvider). */
export function useSchool(): School {
  const school = useContext(SchoolContext);
  if (!school) throw new Error('useSchool outside SchoolProvider');
  return school;
}

/**
 * One school's learner area: its public face for the pages and the learner auth machine of that school, with its
 * own token (one localStorage key per subdomain) and its own 401 listener. Remount it (key) for another school.
 */
export function SchoolProvider({ school, navigate, children }: { school: School; navigate: (to: string) => unknown; children: ReactNode }) {
  const { subdomain } = school;
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
    <SchoolContext.Provider value={school}>
      <LearnerAuthActor.Provider logic={logic}>
        <LearnerUnauthorizedBridge subdomain={subdomain} />
        <LearnerLocale />
        {children}
      </LearnerAuthActor.Provider>
    </SchoolContext.Provider>
  );
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
