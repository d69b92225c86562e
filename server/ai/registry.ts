import type { Config } from '../config.js';
import { openAiCompatibleProvider } from './openAiCompatible.js';
import type { AiTextProvider } from './provider.js';

/** The platform's AI text provider, or null when none is configured (the assistant then answers 503). */
export function aiProvider(config: Pick<Config, 'ai'>): AiTextProvider | null {
  return config.ai ? openAiCompatibleProvider(config.ai) : null;
}
