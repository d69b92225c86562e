import type { Plugin } from 'vite';

export function translatedIds(dir?: string): Set<string>;
export function blankTranslatedDefaultMessages(code: string, file: string, translated: ReadonlySet<string>): string;
export function stripTranslatedDefaultMessages(): Plugin;
