import createClient from 'openapi-fetch';
import type { paths } from './schema.gen';
import { tokenStorage } from './tokenStorage';

let unauthorizedListener: (() => void) | null = null;

/** The composition root tells the auth machine when a signed-in call is refused (session expired). */
export function onUnauthorized(listener: (() => void) | null) {
  unauthorizedListener = listener;
}

export const api = createClient<paths>({ baseUrl: `${globalThis.location?.origin ?? ''}/api/v1` });

api.use({
  onRequest({ request }) {
    const token = tokenStorage.get();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && request.headers.has('Authorization')) unauthorizedListener?.();
    return response;
  },
});
