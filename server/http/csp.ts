import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import { EMBED_FRAME_ORIGINS } from '../../shared/embedProviders.js';
import { cspAdditions } from '../thirdParty/config.js';

/** Where stored files are read from, with a leading space: the S3 bucket's public address, FILES_ORIGIN, or nothing (this origin). */
const filesOrigin = (config: Config) => (config.s3 ? ` ${new URL(config.s3.publicUrl).origin}` : config.filesOrigin ? ` ${config.filesOrigin}` : '');

/**
 * The Content-Security-Policy of every HTML answer, computed once at start-up: the shells' inline scripts by hash, our own origin, the storage's (S3
 * bucket or FILES_ORIGIN), the embed providers' frames, and exactly the origins of the third-party services that are
 * configured (server/thirdParty/config.ts); an unset service adds nothing.
 */
export function contentSecurityPolicy(config: Config, inlineScripts: readonly string[] = []): string {
  // With S3 the app reads files (images, media, SCORM frames) from the bucket's public address and PUTs uploads to the bucket;
  // with FILES_ORIGIN it reads local storage's files from there (routes/uploads.ts).
  const files = filesOrigin(config);
  const bucket = config.s3 ? ` ${new URL(config.s3.endpoint).origin}` : '';
  const extra = cspAdditions(config.thirdParty);
  const more = (directive: keyof typeof extra) => extra[directive].map((origin) => ` ${origin}`).join('');
  return [
    `default-src 'self'${files}`,
    `script-src 'self'${inlineScripts.map((hash) => ` '${hash}'`).join('')}${more('script-src')}`,
    `style-src 'self' 'unsafe-inline'${more('style-src')}`,
    `img-src 'self' data: blob:${files}${more('img-src')}`,
    `font-src 'self' data:${more('font-src')}`,
    `connect-src 'self'${bucket}${more('connect-src')}`,
    `frame-src 'self'${files} ${EMBED_FRAME_ORIGINS.join(' ')}${more('frame-src')}`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

/**
 * The hashes (`sha256-…`) of the inline scripts of the HTML shells: index.html's and school.html's early reads (src/api/bootReads.ts)
 * run inline, before any file arrives; a hash lets exactly that script run, never another inline one.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}`);
}

/**
 * The widgets' pages (server/http/widgets.ts): any site may frame them (`frame-ancestors *`), and they run no script
 * at all; pictures come from here or the storage. Every other page keeps `frame-ancestors 'none'` and X-Frame-Options DENY.
 */
export function widgetContentSecurityPolicy(config: Config): string {
  const files = filesOrigin(config);
  return [`default-src 'none'`, `img-src 'self' data:${files}`, `style-src 'unsafe-inline'`, `frame-ancestors *`, `base-uri 'none'`, `form-action 'none'`].join('; ');
}
