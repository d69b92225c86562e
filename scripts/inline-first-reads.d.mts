import type { Plugin } from 'vite';

export const FIRST_READS_ENTRY: string;
export function firstReadsScript(entry?: string): Promise<string>;
export function inlineSchoolFirstReads(): Plugin;
