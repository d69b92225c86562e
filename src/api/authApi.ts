import type { AuthApi } from '../../machines/auth/auth.actors';
import { captchaHeader } from '../app/captcha';
import { api } from './client';
import { unwrap } from './failure';
import type { components } from './schema.gen';

export type PasswordReset = components['schemas']['PasswordReset'];

export const authApi: AuthApi = {
  getMe: (signal) => unwrap(api.GET('/users/me', { signal })),
  login: (credentials, signal) => unwrap(api.POST('/login', { body: credentials, signal })),
  register: (registration, signal) => unwrap(api.POST('/register', { body: registration, params: { header: captchaHeader() }, signal })),
  registerPerk: (registration, signal) => unwrap(api.POST('/perks/register', { body: registration, params: { header: captchaHeader() }, signal })),
  logout: async (signal) => {
    await unwrap(api.POST('/logout', { signal }));
  },
};

/** PUT /users/me/last_login: fire and forget after a sign-in. */
export const recordLastLogin = () => api.PUT('/users/me/last_login');

/** GET /emails/verification: the activation link's e-mail and token. */
export const verifyEmail = (query: { email: string; token: string }, signal?: AbortSignal) => unwrap(api.GET('/emails/verification', { params: { query }, signal }));

/** POST /emails/resend: the activation e-mail again. */
export const resendActivation = (email: string, signal?: AbortSignal) => unwrap(api.POST('/emails/resend', { body: { email }, signal }));

/** PUT /passwords/reset: with the e-mail only, asks for the link; with the link's token, sets the new password. */
export const resetPassword = (body: PasswordReset, signal?: AbortSignal) => unwrap(api.PUT('/passwords/reset', { body, ...(body.token === undefined ? { params: { header: captchaHeader() } } : {}), signal }));
