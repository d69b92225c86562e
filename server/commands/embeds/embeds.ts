import type { components } from '../../../src/api/schema.gen.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { FetchRefused, guardedFetch, type GuardedFetchOptions } from '../../net/guardedFetch.js';
import { pageMetadata, type PageMetadata } from './pageMetadata.js';
import { recogniseEmbed } from '../../../shared/embedProviders.js';

type Oembed = components['schemas']['Oembed'];
type UrlMetadata = components['schemas']['UrlMetadata'];

/** A refusal of the SSRF guard as the message on `url` (oEmbed, URL metadata, webhook addresses). */
export const REFUSAL_MESSAGES = { NOT_HTTPS: messages.urlNotHttps, NOT_PUBLIC: messages.urlNotPublic, UNREADABLE: messages.urlUnreadable } as const;

/** What an address's page says, read through the SSRF guard; a refusal answers 422 on `url`. Only HTML is read. */
export async function readPage(url: string, options: GuardedFetchOptions = {}): Promise<PageMetadata & { url: string }> {
  try {
    const page = await guardedFetch(url, options);
    if (page.status < 200 || page.status >= 300) throw new FetchRefused('UNREADABLE', `status ${page.status}`);
    const html = /^(text\/html|application\/xhtml\+xml)\b/i.test(page.contentType);
    const empty = { title: null, description: null, image: null, site_name: null };
    return { url, ...(html ? pageMetadata(page.body.toString('utf8'), page.url) : empty) };
  } catch (err) {
    if (err instanceof FetchRefused) throw invalid({ url: [REFUSAL_MESSAGES[err.reason]] });
    throw err;
  }
}

/** GET /stores/{uuid}/oembed: a known provider from the address alone, else the page read as a link. */
export async function oembedOf(url: string, options: GuardedFetchOptions = {}): Promise<Oembed> {
  const known = recogniseEmbed(url);
  if (known) {
    const { provider, provider_name, type, src, width, height, thumbnail_url } = known;
    return { type, provider, provider_name, url, src, title: null, html: null, width, height, thumbnail_url };
  }
  const page = await readPage(url, options);
  return { type: 'link', provider: null, provider_name: page.site_name, url, src: null, title: page.title, html: null, width: null, height: null, thumbnail_url: page.image };
}

/** GET /stores/{uuid}/urls: a link card's texts; a known provider's address is not fetched. */
export async function urlMetadataOf(url: string, options: GuardedFetchOptions = {}): Promise<UrlMetadata> {
  const known = recogniseEmbed(url);
  if (known) {
    return { url, title: null, description: null, image: known.thumbnail_url, site_name: known.provider_name, provider: known.provider, embed_src: known.src };
  }
  const page = await readPage(url, options);
  return { ...page, provider: null, embed_src: null };
}
