import type { TokenStorage } from '../../machines/auth/auth.actors';

export const TOKEN_KEY = 'cp.auth.token';

/** A bearer token in localStorage under `key` (spec: token kept locally, no refresh). Storage may be unavailable. */
export function localTokenStorage(key: string): TokenStorage {
  return {
    get() {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set(token) {
      try {
        localStorage.setItem(key, token);
      } catch {
        /* private mode: the session lasts as long as the tab */
      }
    },
    clear() {
      try {
        localStorage.removeItem(key);
      } catch {
        /* nothing stored */
      }
    },
  };
}

/** The back office's token. */
export const tokenStorage: TokenStorage = localTokenStorage(TOKEN_KEY);

/** A platform admin's own token, kept aside while they use a session switched into another user (issue 16). */
export const adminTokenStorage: TokenStorage = localTokenStorage('cp.auth.adminToken');
