import createClient from 'openapi-fetch';
import type { paths } from './schema.gen';
import { tokenStorage } from './tokenStorage';
import { notifyUnauthorized } from './unauthorized';

export const api = createClient<paths>({ baseUrl: `${globalThis.location?.origin ?? ''}/api/v1` });

api.use({
  onRequest({ request }) {
    const token = tokenStorage.get();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && request.headers.has('Authorization')) notifyUnauthorized();
    return response;
  },
});
