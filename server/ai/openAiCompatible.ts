import type { AiConfig } from '../config.js';
import { AiProviderError, type AiPrompt, type AiTextProvider } from './provider.js';

/**
 * Server-sent events as OpenAI-compatible APIs send them (`data: {json}` lines, a blank line between events,
 * `data: [DONE]` at the end), parsed from text that arrives in pieces cut anywhere. Yields each event's data.
 */
export async function* sseData(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of chunks) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      // Comments (": keep-alive"), `event:`, `id:` and `retry:` lines carry nothing we use.
    }
  }
  if (buffer.startsWith('data:')) data.push(buffer.slice(5).replace(/^ /, ''));
  if (data.length) yield data.join('\n');
}

async function* decoded(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) yield decoder.decode(bytes, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string };
}

/**
 * The OpenAI chat-completions API (`POST {AI_BASE_URL}/chat/completions` with `stream: true`), which OpenAI, Mistral,
 * Groq, OpenRouter, vLLM, Ollama and LM Studio all speak. The base URL is the operator's (an environment variable),
 * never a user's, so it is not SSRF-guarded; it may be on loopback (a local model, the tests' fake).
 */
export function openAiCompatibleProvider(config: AiConfig, fetchImpl: typeof fetch = fetch): AiTextProvider {
  return {
    name: 'openai-compatible',
    async *stream(prompt: AiPrompt, signal: AbortSignal) {
      // The whole answer within AI_TIMEOUT_MS (a provider that hangs must not hold the credits and the page forever).
      const timeout = AbortSignal.timeout(config.timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            stream: true,
            max_tokens: prompt.maxTokens,
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
          }),
          signal: AbortSignal.any([signal, timeout]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        if (timeout.aborted) throw new AiProviderError('AI provider took too long');
        throw new AiProviderError(`AI provider unreachable: ${(error as Error).message}`);
      }
      if (!response.ok || !response.body) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new AiProviderError(`AI provider answered ${response.status}: ${detail}`, response.status);
      }
      let wrote = false;
      try {
        for await (const data of sseData(decoded(response.body))) {
          if (data === '[DONE]') break;
          let chunk: ChatChunk;
          try {
            chunk = JSON.parse(data) as ChatChunk;
          } catch {
            throw new AiProviderError('AI provider sent an unreadable event');
          }
          if (chunk.error) throw new AiProviderError(`AI provider failed: ${chunk.error.message ?? 'unknown error'}`);
          const text = chunk.choices?.[0]?.delta?.content;
          if (text) {
            wrote = true;
            yield text;
          }
        }
      } catch (error) {
        if (signal.aborted || error instanceof AiProviderError) throw error;
        if (timeout.aborted) throw new AiProviderError('AI provider took too long');
        throw new AiProviderError(`AI provider stream broke: ${(error as Error).message}`);
      }
      // A stream that ends without [DONE] and without a word is a failure, not an empty text.
      if (!wrote) throw new AiProviderError('AI provider ended without a text');
    },
  };
}
