import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope: its header and its payload (JSON when it parses). */
export interface EnvelopeItem {
  header: Record<string, unknown>;
  payload: unknown;
}

export interface Envelope {
  path: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The body as it arrived, for "this text never left" checks. */
  raw: string;
}

/**
 * A fake Sentry ingest on 127.0.0.1 (a random port): records every envelope POSTed to `/api/<project>/envelope/`
 * (the browser and Node SDKs' one endpoint), answers 200 with CORS open. Its DSN is `http://public@127.0.0.1:<port>/1`.
 */
export class FakeSentry {
  readonly envelopes: Envelope[] = [];
  private server: Server | undefined;
  private waiters: (() => void)[] = [];
  url = '';

  get dsn() {
    return `${this.url.replace('://', '://public@')}/1`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' };
        if (request.method === 'OPTIONS') {
          response.writeHead(204, cors).end();
          return;
        }
        let body = Buffer.concat(chunks);
        if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const raw = body.toString('utf8');
        if (request.method === 'POST' && /^\/api\/\d+\/envelope\/?/.test(request.url ?? '')) this.envelopes.push(parseEnvelope(request.url ?? '', raw));
        response.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{}');
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The error events received so far (items of type `event`). */
  events(): Record<string, unknown>[] {
    return this.envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload as Record<string, unknown>));
  }

  /** Resolves once an event matches, or rejects after `timeoutMs`. */
  async waitForEvent(match: (event: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events().find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event reached the fake Sentry (${this.envelopes.length} envelopes)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Envelope format: a header line, then per item a header line and a payload line (or `length` bytes). */
export function parseEnvelope(path: string, raw: string): Envelope {
  const lines = raw.split('\n');
  const parse = (line: string | undefined) => {
    try {
      return JSON.parse(line ?? '') as unknown;
    } catch {
      return line;
    }
  };
  const header = (parse(lines[0]) ?? {}) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  for (let index = 1; index < lines.length && lines[index]; index += 2) {
    items.push({ header: parse(lines[index]) as Record<string, unknown>, payload: parse(lines[index + 1]) });
  }
  return { path, header, items, raw };
}
