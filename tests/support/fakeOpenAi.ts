import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; stream?: boolean; max_tokens?: number; messages?: { role: string; content: string }[] };
}

/**
 * How the fake answers the next requests:
 * - `text`: the pieces, each one chat.completion.chunk event, then `data: [DONE]`;
 * - `hold`: after the pieces, wait until `release()` (the tests see the text arrive before its end) or the caller leaves;
 * - `fail`: an HTTP error status instead of a stream;
 * - `break`: after the pieces, the connection is cut without [DONE].
 */
export type FakeScript = { pieces: string[]; hold?: boolean; fail?: number; break?: boolean };

/**
 * An OpenAI-compatible chat-completions API on loopback (`POST /v1/chat/completions` with `stream: true`), for the
 * adapter's tests, the API tests and the browser test. Its events come in the shape and the cuts real providers
 * use: one `data:` line per event, events split across TCP writes, a keep-alive comment.
 */
export class FakeOpenAi {
  readonly requests: FakeChatRequest[] = [];
  script: FakeScript = { pieces: ['Bonjour', ' le monde'] };
  /** Callers cut off while held (a cancelled stream). */
  closedEarly = 0;
  private server: Server | undefined;
  private held: (() => void)[] = [];

  get url() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => void this.answer({ path: request.url ?? '', headers: request.headers, body: JSON.parse(raw || '{}') as FakeChatRequest['body'] }, response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Lets every held answer end. */
  release() {
    for (const go of this.held.splice(0)) go();
  }

  async stop() {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async answer(request: FakeChatRequest, response: ServerResponse) {
    this.requests.push(request);
    const script = this.script;
    if (request.path !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    if (script.fail) {
      response.writeHead(script.fail, { 'content-type': 'application/json' }).end('{"error":{"message":"fake failure"}}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(': keep-alive\n\n');
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: request.body.model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    response.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] })}\n\n`);
    for (const piece of script.pieces) {
      // Each event in two writes, cut in its middle: the parser must join them.
      const event = chunk(piece);
      const cut = Math.floor(event.length / 2);
      response.write(event.slice(0, cut));
      response.write(event.slice(cut));
    }
    if (script.hold) {
      const left = await new Promise<boolean>((resolve) => {
        this.held.push(() => resolve(false));
        response.once('close', () => resolve(true));
      });
      if (left) {
        this.closedEarly += 1;
        return;
      }
    }
    if (script.break) {
      response.destroy();
      return;
    }
    response.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    response.end('data: [DONE]\n\n');
  }
}
