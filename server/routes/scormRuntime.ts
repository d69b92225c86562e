import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.js';

/**
 * The SCORM runtime page (issue 12), served on FILES_ORIGIN only (routes/uploads.ts mounts it there).
 *
 * A package's pages look for the SCORM API on their parent windows (`window.parent.API`, `API_1484_11`): a
 * window they can reach only from the same origin. Packages are served from the files origin, never the app's
 * (teachers' HTML must not run under our address), so the API cannot live in the player: it lives in this page,
 * on the files origin, which frames the package and hosts scorm-again (3.4.3). It has no session and calls no
 * API: it posts each commit to the player (its parent, on the app's origin, checked both ways), which saves it
 * with the learner's session (`saveScormProgress`). A package could forge what this page posts, which the
 * learner could do anyway; it cannot reach the learner's session.
 *
 * Its addresses sit under `/files/_runtime/` (not a storage key: keys start with `scorm/` or `uploads/`).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);

const read = (file: string) => readFileSync(file, 'utf8');
const assets = {
  'scorm-runtime.js': () => read(path.join(root, 'server/scorm/runtime.browser.js')),
  'scorm12.min.js': () => read(require.resolve('scorm-again/scorm12/min')),
  'scorm2004.min.js': () => read(require.resolve('scorm-again/scorm2004/min')),
} as const;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function page(appOrigin: string, packagesPath: string) {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="app-origin" content="${escapeAttribute(appOrigin)}">
<meta name="packages-path" content="${escapeAttribute(packagesPath)}">
<title>Module SCORM</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
<script src="scorm-runtime.js" defer></script>
</head>
<body>
<iframe id="scorm-content" title="Module SCORM"></iframe>
</body>
</html>
`;
}

/**
 * The runtime's own sandbox: scripts and its real origin (the files origin, so the package's pages reach it),
 * forms and pop-ups like the packages' pages, no top navigation; framed only by the app.
 */
export const runtimeCsp = (appOrigin: string) =>
  `sandbox allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads; default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; connect-src 'none'; frame-ancestors ${appOrigin}`;

export function mountScormRuntime(scope: FastifyInstance, prefix: string, options: { appOrigin: string; onFilesOrigin: (request: FastifyRequest) => boolean }) {
  const cache = new Map<string, string>();
  const asset = (name: keyof typeof assets) => {
    let text = cache.get(name);
    if (text === undefined) cache.set(name, (text = assets[name]()));
    return text;
  };
  const html = page(options.appOrigin, `${prefix}/files/scorm/`);
  scope.get(`${prefix}/files/_runtime/:name`, async (request, reply) => {
    if (!options.onFilesOrigin(request)) throw notFound();
    const { name } = request.params as { name: string };
    reply.header('x-frame-options', 'SAMEORIGIN').header('content-security-policy', runtimeCsp(options.appOrigin));
    if (name === 'scorm.html') return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    if (!Object.hasOwn(assets, name)) throw notFound();
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', name === 'scorm-runtime.js' ? 'no-cache' : 'public, max-age=86400')
      .send(asset(name as keyof typeof assets));
  });
}
