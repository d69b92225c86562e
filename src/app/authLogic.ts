import { authMachine } from '../../machines/auth/auth.machine';
import { createAuthActors, type AuthApi } from '../../machines/auth/auth.actors';
import type { SessionEnd, SessionOrigin } from '../../machines/auth/auth.types';
import { adminTokenStorage, tokenStorage } from '../api/tokenStorage';

// The API client loads on first use: a guest on /connexion downloads it only when they sign in.
const loadAuthApi = () => import('../api/authApi').then((m) => m.authApi);
const lazyAuthApi: AuthApi = {
  getMe: async (signal) => (await loadAuthApi()).getMe(signal),
  login: async (credentials, signal) => (await loadAuthApi()).login(credentials, signal),
  register: async (registration, signal) => (await loadAuthApi()).register(registration, signal),
  registerPerk: async (registration, signal) => (await loadAuthApi()).registerPerk(registration, signal),
  logout: async (signal) => (await loadAuthApi()).logout(signal),
};

/** What differs between the signed-in app and the guest entry: where a session's start and end lead, and the notice. */
export interface AuthPlaces {
  navigateAfterAuth(origin: SessionOrigin): void;
  navigateToLogin(ended: SessionEnd): void;
  announceSessionExpired(): void;
}

/** The auth machine with its real side effects (the app's AuthProvider and the guest entry both start it so). */
export function authLogic(places: AuthPlaces) {
  return authMachine.provide({
    actors: createAuthActors(lazyAuthApi, tokenStorage),
    actions: {
      storeToken: (_, { token }) => tokenStorage.set(token),
      // Signing out of a switched session forgets the platform admin's kept session too (issue 16).
      forgetToken: () => {
        tokenStorage.clear();
        adminTokenStorage.clear();
      },
      recordLastLogin: () => void import('../api/authApi').then((m) => m.recordLastLogin()).catch(() => undefined),
      navigateAfterAuth: (_, { origin }) => places.navigateAfterAuth(origin),
      navigateToLogin: (_, { ended }) => places.navigateToLogin(ended),
      announceSessionExpired: () => places.announceSessionExpired(),
    },
  });
}
