import { createContext, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Learner } from '../../machines/learnerAuth/learnerAuth.types';
import { learnerTokenKey, learnerTokenStorage, type School } from '../api/schoolApi';
import { preloadedLazy } from './preloadedLazy';

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

const SchoolContext = createContext<School | null>(null);

/** The school of the learner area being visited (inside SchoolProvider). */
export function useSchool(): School {
  const school = useContext(SchoolContext);
  if (!school) throw new Error('useSchool outside SchoolProvider');
  return school;
}

/** The learner's session as the storefront's pages read it, with or without the learnerAuth machine. */
export interface LearnerStatus {
  /** False while the stored session is being checked. */
  ready: boolean;
  /** The session could not be checked (the API did not answer); `retry` asks again. */
  unavailable: boolean;
  signedIn: boolean;
  learner: Learner | null;
  retry: () => void;
}

/** A guest without a stored session (no machine needed): the catalogue's pages as anyone sees them. */
const GUEST: LearnerStatus = { ready: true, unavailable: false, signedIn: false, learner: null, retry: () => undefined };
const CHECKING: LearnerStatus = { ...GUEST, ready: false };

export const LearnerStatusContext = createContext<LearnerStatus>(GUEST);

/** The learner's session in the school being visited (inside SchoolProvider). */
export const useLearnerStatus = () => useContext(LearnerStatusContext);

// The learner auth machine (xstate) in its own chunk (./schoolAuth.tsx); the entry may ask for it ahead
// (preloadLearnerAuth) so that a stored session's pages render without a Suspense fallback.
const LearnerAuthProvider = preloadedLazy(() => import('./schoolAuth').then((x) => x.LearnerAuthProvider));
export const preloadLearnerAuth = () => LearnerAuthProvider.preload();

/**
 * One school's learner area: its public face for the pages and, when needed, the learner auth machine of that
 * school. A guest with no stored token on the catalogue's pages gets no machine (issue 11's JavaScript bar); the
 * machine loads, and stays, as soon as a token is stored (here or in another tab) or a page that needs the session
 * opens (`needsSession`). Remount it (key) for another school.
 */
export function SchoolProvider({ school, navigate, needsSession, children }: { school: School; navigate: (to: string) => unknown; needsSession: boolean; children: ReactNode }) {
  const { subdomain } = school;
  const [tokenSeen, setTokenSeen] = useState(() => Boolean(learnerTokenStorage(subdomain).get()));
  const [wanted, setWanted] = useState(false);
  if ((needsSession || tokenSeen) && !wanted) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const tokens = learnerTokenStorage(subdomain);
    return watchStoredToken(window, learnerTokenKey(subdomain), () => Boolean(tokens.get()), (present) => present && setTokenSeen(true));
  }, [wanted, subdomain]);
  return (
    <SchoolContext.Provider value={school}>
      {wanted ? (
        <Suspense fallback={<LearnerStatusContext.Provider value={CHECKING}>{children}</LearnerStatusContext.Provider>}>
          <LearnerAuthProvider subdomain={subdomain} navigate={navigate}>
            {children}
          </LearnerAuthProvider>
        </Suspense>
      ) : (
        children
      )}
    </SchoolContext.Provider>
  );
}
