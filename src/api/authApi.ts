import type { AuthApi } from '../../machines/auth/auth.actors';
import { api } from './client';
import { unwrap } from './failure';

export const authApi: AuthApi = {
  getMe: (signal) => unwrap(api.GET('/users/me', { signal })),
  login: (credentials, signal) => unwrap(api.POST('/login', { body: credentials, signal })),
  register: (registration, signal) => unwrap(api.POST('/register', { body: registration, signal })),
  logout: async (signal) => {
    await unwrap(api.POST('/logout', { signal }));
  },
};
