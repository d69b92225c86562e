import type { AiRequest, AiResult } from '../../machines/aiAssistant/aiAssistant.machine';
import type { Failure } from '../../shared/failure';
import { api } from './client';
import { toFailure, unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type AiContent = components['schemas']['AiContent'];
export type AiCredits = components['schemas']['AiCredits'];
export type AiContentType = components['schemas']['AiContentType'];
export type AiCreditPackName = components['schemas']['AiCreditPackName'];

/** GET …/ai_credits: the balances, what each text costs, the packs, and whether a provider is configured. */
export const aiCreditsQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/ai_credits', { params: { path: { storeUuid } } });

/** GET …/ai_contents: the history, newest first, of one type when given. */
export const aiContentsQuery = (storeUuid: string, page: number, type?: AiContentType) =>
  $api.queryOptions('get', '/stores/{storeUuid}/ai_contents', { params: { path: { storeUuid }, query: { page, per_page: 10, ...(type ? { type } : {}) } } });

/** POST …/ai_credits/orders: an order for a pack, to pay at its payment_url. */
export const buyAiCreditPack = (storeUuid: string, pack: AiCreditPackName, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/ai_credits/orders', { params: { path: { storeUuid } }, body: { pack }, signal }));

/** Server-sent events as the server writes them (server/commands/ai/stream.ts): `event:` then one `data:` line. */
function* eventsIn(buffer: { text: string }): Generator<{ event: string; data: unknown }> {
  let end: number;
  while ((end = buffer.text.indexOf('\n\n')) >= 0) {
    const block = buffer.text.slice(0, end);
    buffer.text = buffer.text.slice(end + 2);
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (data !== undefined) yield { event, data: JSON.parse(data) as unknown };
  }
}

/**
 * POST …/ai_contents/stream: the text as it is written. Refusals come as the error envelope (a Failure); then
 * each `delta` goes to `onDelta`, `done` resolves with the kept text, `error` rejects with its Failure. Aborting
 * `signal` closes the connection: the server stops the provider and gives the credits back.
 */
export async function streamAiText(storeUuid: string, request: AiRequest, onDelta: (text: string) => void, signal: AbortSignal): Promise<AiResult> {
  let response: Response;
  try {
    ({ response } = await api.POST('/stores/{storeUuid}/ai_contents/stream', {
      params: { path: { storeUuid } },
      body: { type: request.type, input: request.input, ...(request.buyable ? { buyable: request.buyable } : {}) },
      parseAs: 'stream',
      signal,
    }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toFailure(error);
  }
  if (!response.ok || !response.body) throw toFailure(await response.json().catch(() => null), response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const buffer = { text: '' };
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal.aborted) throw error;
      throw toFailure(error);
    }
    if (chunk.done) break;
    buffer.text += chunk.value;
    for (const { event, data } of eventsIn(buffer)) {
      if (event === 'delta') onDelta((data as { text: string }).text);
      else if (event === 'done') return data as AiContent;
      else if (event === 'error') {
        const envelope = data as { code: string; message: string };
        throw { status: response.status, code: envelope.code, message: envelope.message, fieldErrors: {} } satisfies Failure;
      }
    }
  }
  throw { status: null, code: 'NETWORK', message: 'stream ended early', fieldErrors: {} } satisfies Failure;
}
