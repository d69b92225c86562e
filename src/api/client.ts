import createClient from 'openapi-fetch';
import type { paths } from './schema.gen';
import { currentLocale } from '../i18n/currentLocale';
import { tokenStorage } from './tokenStorage';
import { notifyUnauthorized } from './unauthorized';
import { fetchWithBootReads } from './bootReads';

// fetchWithBootReads: the first reads index.html started before any script are taken up, not asked again (bootReads.ts).
export const api = createClient<paths>({ baseUrl: `${globalThis.location?.origin ?? ''}/api/v1`, fetch: fetchWithBootReads });

api.use({
  onRequest({ request }) {
    const token = tokenStorage.get();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('Accept-Language', currentLocale());
    return request;
  },
  onResponse({ response }) {
    // Only protected operations answer 401 (wrong credentials are 422): any 401 means the session is gone,
    // also when another tab signed out and cleared the token this request would have carried.
    if (response.status === 401) notifyUnauthorized();
    return response;
  },
});
