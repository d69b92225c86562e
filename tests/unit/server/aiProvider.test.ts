// The OpenAI-compatible adapter against a fake provider on loopback (streamed chunks cut mid-event), and the
// server-sent-events parser on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiCompatibleProvider, sseData } from '../../../server/ai/openAiCompatible';
import { AiProviderError } from '../../../server/ai/provider';
import { readConfig } from '../../../server/config';
import { FakeOpenAi } from '../../support/fakeOpenAi';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await new FakeOpenAi().start();
});
afterAll(() => fake.stop());

const provider = (apiKey: string | null = 'sk-test') => openAiCompatibleProvider({ baseUrl: fake.url, apiKey: apiKey ?? undefined, model: 'fake-model', timeoutMs: 10_000 });
const prompt = { system: 'Tu es un rédacteur.', user: 'Une formation de yoga', maxTokens: 300 };

async function collect(pieces: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part;
}

describe('sseData', () => {
  it('joins events cut anywhere, skips comments and other fields, and reads CRLF line ends', async () => {
    const data = await collect(sseData(chunks(': ping\n\nda', 'ta: {"a":1}\r\n\r\nevent: x\ndata: li', 'ne 1\ndata: line 2\n\ndata: [DONE]')));
    expect(data).toEqual(['{"a":1}', 'line 1\nline 2', '[DONE]']);
  });
});

describe('the OpenAI-compatible adapter', () => {
  it('streams the pieces in order, with the model, the messages, stream: true and the bearer key', async () => {
    fake.script = { pieces: ['Dix ', 'idées', ' de titres'] };
    fake.requests.length = 0;
    expect(await collect(provider().stream(prompt, new AbortController().signal))).toEqual(['Dix ', 'idées', ' de titres']);
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      max_tokens: 300,
      messages: [
        { role: 'system', content: 'Tu es un rédacteur.' },
        { role: 'user', content: 'Une formation de yoga' },
      ],
    });
  });

  it('sends no authorization header without a key (a local model)', async () => {
    fake.script = { pieces: ['ok'] };
    fake.requests.length = 0;
    await collect(provider(null).stream(prompt, new AbortController().signal));
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('turns an error status, a cut connection and an empty answer into AiProviderError', async () => {
    fake.script = { pieces: [], fail: 429 };
    await expect(collect(provider().stream(prompt, new AbortController().signal))).rejects.toThrow(AiProviderError);
    fake.script = { pieces: ['début'], break: true };
    await expect(collect(provider().stream(prompt, new AbortController().signal))).rejects.toThrow(AiProviderError);
    fake.script = { pieces: [] };
    await expect(collect(provider().stream(prompt, new AbortController().signal))).rejects.toThrow(AiProviderError);
  });

  it('a provider nobody listens on is an AiProviderError', async () => {
    const nowhere = openAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined, model: 'm', timeoutMs: 5_000 });
    await expect(collect(nowhere.stream(prompt, new AbortController().signal))).rejects.toThrow(AiProviderError);
  });

  it('stops the provider request when the caller aborts', async () => {
    fake.script = { pieces: ['un'], hold: true };
    const before = fake.closedEarly;
    const controller = new AbortController();
    const pieces = provider().stream(prompt, controller.signal)[Symbol.asyncIterator]();
    expect((await pieces.next()).value).toBe('un');
    const next = pieces.next();
    controller.abort();
    await expect(next).rejects.toThrow();
    await expect.poll(() => fake.closedEarly).toBe(before + 1);
  });
});

describe('AI configuration', () => {
  it('is off without AI_BASE_URL and AI_MODEL, and reads the key, the model and the timeout', () => {
    expect(readConfig({}).ai).toBeUndefined();
    expect(readConfig({ AI_BASE_URL: 'https://api.example.test/v1' }).ai).toBeUndefined();
    expect(readConfig({ AI_BASE_URL: 'https://api.example.test/v1/', AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'k' }).ai).toEqual({
      baseUrl: 'https://api.example.test/v1',
      apiKey: 'k',
      model: 'gpt-4o-mini',
      timeoutMs: 120_000,
    });
    expect(() => readConfig({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
  });
});
