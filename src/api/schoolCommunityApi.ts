import createClient from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from './schema.gen';
import { currentLocale } from '../i18n/currentLocale';
import { communityApiFor, type CommunityApi } from './communityApi';
import { failingWithFailures } from './queries';
import { learnerTokenStorage, notifyLearnerUnauthorized } from './schoolApi';

const clients = new Map<string, CommunityApi>();

/**
 * The community's calls for the learners of one school (context CUSTOMER): the same /community operations as the
 * team's, sent with the school's LEARNER token (the community's paths carry no subdomain, so the learner area's
 * own client would send none); a 401 ends that learner's session, as the learner area's calls do.
 */
export function schoolCommunityApi(subdomain: string): CommunityApi {
  const known = clients.get(subdomain);
  if (known) return known;
  const client = createClient<paths>({ baseUrl: `${globalThis.location?.origin ?? ''}/api/v1` });
  client.use({
    onRequest({ request }) {
      const token = learnerTokenStorage(subdomain).get();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      request.headers.set('Accept-Language', currentLocale());
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) notifyLearnerUnauthorized(subdomain);
      return response;
    },
  });
  const created = communityApiFor(client, createQueryHooks(failingWithFailures(client)));
  clients.set(subdomain, created);
  return created;
}
