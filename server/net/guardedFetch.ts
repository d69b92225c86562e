import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * GET of a user-given address by the server, guarded against server-side request forgery (ARCHITECTURE rule 9):
 * https only; the host resolved once and EVERY address it resolves to must be public (no private, loopback,
 * link-local, shared, multicast, documentation, reserved or IPv4-in-IPv6 ranges), and the connection is made to
 * that checked address (a second DNS answer cannot slip in between); each redirect (at most 3) is checked the
 * same way; 5 s for the whole exchange; at most 1 MB of body is read. No cookies, no credentials.
 */
export interface GuardedFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Tests only: lets the fetch reach loopback addresses (127.0.0.0/8, ::1), over http too, so a fake provider on
   * this machine can answer. Ignored when NODE_ENV is production: production never reaches loopback or private
   * ranges, whatever the caller asks.
   */
  allowLoopbackForTests?: boolean;
  /** Tests only: a resolver instead of the system's (a name resolving to a private address, for instance). */
  lookup?: (host: string) => Promise<LookupAddress[]>;
}

export interface FetchedPage {
  /** The address finally read (after redirects). */
  url: string;
  status: number;
  contentType: string;
  /** Up to maxBytes of the body. */
  body: Buffer;
  truncated: boolean;
}

export type FetchRefusal = 'NOT_HTTPS' | 'NOT_PUBLIC' | 'UNREADABLE';

export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

// One list per family: Node's BlockList matches IPv4 addresses against IPv6 rules as IPv4-mapped (::ffff:0:0/96
// would then hold every IPv4 address), so the two families never share a list.
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: the v4 address would be reached, whatever it is
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');
const isLoopback = (address: string) => (isIP(address) === 6 ? address === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(address) : LOOPBACK_V4.check(address, 'ipv4'));

/** May the server connect to this address? */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!isIP(address)) return false;
  if (allowLoopback && isLoopback(address)) return true;
  return isIP(address) === 6 ? !BLOCKED_V6.check(address, 'ipv6') : !BLOCKED_V4.check(address, 'ipv4');
}

const systemLookup = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

const loopbackAllowed = (options: GuardedFetchOptions) => Boolean(options.allowLoopbackForTests) && process.env.NODE_ENV !== 'production';

/** The address to connect to for `url`, once every address its host resolves to is public. */
async function checkedAddress(url: URL, options: GuardedFetchOptions): Promise<LookupAddress> {
  const allowLoopback = loopbackAllowed(options);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await (options.lookup ?? systemLookup)(host).catch(() => []);
  if (addresses.length === 0) throw new FetchRefused('UNREADABLE', `no address for ${host}`);
  if (!addresses.every((entry) => isPublicAddress(entry.address, allowLoopback))) throw new FetchRefused('NOT_PUBLIC', host);
  const onlyLoopback = addresses.every((entry) => isLoopback(entry.address));
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:' && onlyLoopback)) throw new FetchRefused('NOT_HTTPS', url.protocol);
  return addresses[0]!;
}

/** Parses and checks the form of an address: absolute, https (http only towards loopback in tests), no credentials. */
function parseAddress(address: string, options: GuardedFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('UNREADABLE', 'not an address');
  }
  const httpAllowed = loopbackAllowed(options) && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) throw new FetchRefused('NOT_HTTPS', url.protocol);
  if (url.username || url.password) throw new FetchRefused('UNREADABLE', 'credentials in the address');
  return url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A request other than the page GET: its method, headers and body (none for a GET). */
export interface GuardedRequest {
  method?: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: string;
}

/** One GET (or the given request) to the checked address; answers the response (body not read yet). */
function requestOnce(url: URL, address: LookupAddress, signal: AbortSignal, post?: GuardedRequest): Promise<http.IncomingMessage> {
  // Node asks the lookup for one address or, with autoSelectFamily, for all: both get the checked one only.
  const pinned = ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: post ? (post.method ?? 'POST') : 'GET',
      lookup: pinned,
      signal,
      headers: post
        ? { ...post.headers, ...(post.body !== undefined ? { 'content-length': String(Buffer.byteLength(post.body)) } : {}), 'accept-encoding': 'identity' }
        : { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'CoursePlatformLinkPreview/1.0', 'accept-encoding': 'identity' },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(post?.body);
  });
}

/** Reads at most `maxBytes` of a response, then stops the transfer. */
function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) {
        response.destroy();
        resolve({ body: Buffer.concat(chunks), truncated: true });
      }
    });
    response.once('end', () => resolve({ body: Buffer.concat(chunks), truncated: false }));
    response.once('error', (err) => (size >= maxBytes ? undefined : reject(err)));
  });
}

export async function guardedFetch(address: string, options: GuardedFetchOptions = {}): Promise<FetchedPage> {
  const { timeoutMs = 5000, maxBytes = 1024 * 1024, maxRedirects = 3 } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FetchRefused('UNREADABLE', 'time-out')), timeoutMs);
  const timedOut = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new FetchRefused('UNREADABLE', 'time-out'))));
  try {
    return await Promise.race([
      timedOut,
      (async () => {
        let url = parseAddress(address, options);
        for (let hop = 0; ; hop += 1) {
          const target = await checkedAddress(url, options);
          const response = await requestOnce(url, target, controller.signal).catch((err: unknown) => {
            throw err instanceof FetchRefused ? err : new FetchRefused('UNREADABLE', String(err));
          });
          const location = response.headers.location;
          if (REDIRECTS.has(response.statusCode ?? 0) && location) {
            response.destroy();
            if (hop >= maxRedirects) throw new FetchRefused('UNREADABLE', 'too many redirects');
            url = parseAddress(new URL(location, url).toString(), options);
            continue;
          }
          const { body, truncated } = await readCapped(response, maxBytes);
          return { url: url.toString(), status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body, truncated };
        }
      })(),
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Checks an address as guardedFetch does before connecting (its form, https, every address it resolves to public), without fetching it. */
export async function checkGuardedAddress(address: string, options: GuardedFetchOptions = {}): Promise<void> {
  await checkedAddress(parseAddress(address, options), options);
}

/**
 * A POST of `body` to a user-given address under the same guard as guardedFetch (outgoing webhooks). Redirects
 * are not followed (a 3xx is the answer); at most 64 KB of the answer is read.
 */
export function guardedPost(address: string, post: { headers: Record<string, string>; body: string }, options: GuardedFetchOptions = {}): Promise<{ status: number; body: Buffer }> {
  return guardedRequest(address, { ...post, method: 'POST' }, options);
}

/**
 * Any request (method, headers, optional body) to a user-given address under the same guard as guardedFetch (an
 * e-mail service's per-account API address, outgoing webhooks). Redirects are not followed (a 3xx is the answer);
 * at most `maxBytes` (default 64 KB) of the answer is read.
 */
export async function guardedRequest(address: string, request: GuardedRequest, options: GuardedFetchOptions = {}): Promise<{ status: number; body: Buffer }> {
  const { timeoutMs = 10_000, maxBytes = 64 * 1024 } = options;
  const controller = new AbortController();
  const timedOut = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new FetchRefused('UNREADABLE', 'time-out'))));
  const timer = setTimeout(() => controller.abort(new FetchRefused('UNREADABLE', 'time-out')), timeoutMs);
  try {
    return await Promise.race([
      timedOut,
      (async () => {
        const url = parseAddress(address, options);
        const target = await checkedAddress(url, options);
        const response = await requestOnce(url, target, controller.signal, request).catch((err: unknown) => {
          throw err instanceof FetchRefused ? err : new FetchRefused('UNREADABLE', String(err));
        });
        const { body } = await readCapped(response, maxBytes);
        return { status: response.statusCode ?? 0, body };
      })(),
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
