import { Readable } from 'node:stream';
import type { components } from '../../../src/api/schema.gen.js';
import type { StoreRow } from '../../auth/session.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { abandonText, finishText, prepareText, providerFailed } from './contents.js';

type CreateBody = components['schemas']['CreateAiContentBody'];

const event = (name: 'delta' | 'done' | 'error', data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The headers of the event stream: never cached, never buffered by a proxy (the page shows the text as it comes). */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * POST …/ai_contents/stream: the text as server-sent events (the contract's streamAiContent). Everything that can be
 * refused is refused before the stream starts (prepareText), and so is a provider that does not answer: its first
 * piece is awaited before the 200 is sent, so a provider down answers 503 JSON with the credits given back.
 * Afterwards, a provider that breaks gives an `error` event, and a caller that goes away (cancel) aborts the
 * provider's request: both give the credits back and keep nothing. A text that ends is kept, then `done` is sent.
 */
export async function streamAiContent(services: Services, store: StoreRow, userId: string, body: CreateBody, locale: Locale): Promise<Readable> {
  const text = await prepareText(services, store, userId, body);
  const controller = new AbortController();
  const pieces = text.provider.stream(text.prompt, controller.signal)[Symbol.asyncIterator]();
  let step: IteratorResult<string>;
  try {
    step = await pieces.next();
  } catch {
    await abandonText(services, text);
    throw providerFailed();
  }
  let ended = false;
  const stream = new Readable({
    read() {},
    destroy(error, callback) {
      // The caller closed the connection before the end: the provider's request stops, the credits come back.
      if (!ended) controller.abort();
      callback(error);
    },
  });
  const send = (chunk: string | null) => {
    if (!stream.destroyed) stream.push(chunk);
  };
  void (async () => {
    let content = '';
    try {
      while (!step.done) {
        content += step.value;
        send(event('delta', { text: step.value }));
        step = await pieces.next();
      }
      ended = true;
      send(event('done', await finishText(services, text, content)));
    } catch {
      ended = true;
      await abandonText(services, text);
      if (!controller.signal.aborted) send(event('error', { code: 'AI_FAILED', message: inLocale(messages.aiFailed, locale) }));
    }
    send(null);
  })();
  return stream;
}
