/**
 * The AI text provider: one small interface the assistant writes through (server/commands/ai). The platform's
 * provider is an OpenAI-compatible chat-completions API (openAiCompatible.ts), set by AI_BASE_URL, AI_API_KEY and
 * AI_MODEL; without them there is none, and the assistant answers 503 (its history still works).
 */
export interface AiPrompt {
  /** What the assistant is and how it answers (the kind of text, the language, the format). */
  system: string;
  /** The trainer's request and the training's data. */
  user: string;
  /** An upper bound on the answer's length, in the provider's tokens. */
  maxTokens: number;
}

export interface AiTextProvider {
  readonly name: string;
  /**
   * The answer, piece by piece, as the provider writes it. Throws AiProviderError when the provider cannot be reached
   * or answers an error (before or during the text); stops when `signal` aborts.
   */
  stream(prompt: AiPrompt, signal: AbortSignal): AsyncIterable<string>;
}

/** The provider did not answer, or answered an error: nothing of the text can be trusted to be whole. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}
