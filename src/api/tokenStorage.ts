import type { TokenStorage } from '../../machines/auth/auth.actors';

export const TOKEN_KEY = 'cp.auth.token';

/** The bearer token in localStorage (spec: token kept locally, no refresh). Storage may be unavailable. */
export const tokenStorage: TokenStorage = {
  get() {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token) {
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      /* private mode: the session lasts as long as the tab */
    }
  },
  clear() {
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      /* nothing stored */
    }
  },
};
