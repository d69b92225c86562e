export const COMPRESSIBLE: RegExp;
export function precompressDir(dir: string): Promise<{ file: string; size: number; br: number; gz: number }[]>;
