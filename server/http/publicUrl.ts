import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The address a request was made to, as the public sees it: APP_URL's origin with the request's path and query.
 * Links the server writes (pagination `next` / `prev`) never follow the request's Host or X-Forwarded-Host, which a
 * client chooses: a forged one would hand other clients (and caches) links to another site.
 */
export function publicUrlOf(config: Pick<Config, 'appUrl'>, request: Pick<FastifyRequest, 'url'>): URL {
  // request.url may be in absolute form (`GET http://elsewhere/api/v1/… HTTP/1.1`): keep its path and query only.
  const { pathname, search } = new URL(request.url, 'http://placeholder.invalid');
  return new URL(`${pathname}${search}`, config.appUrl);
}
