/**
 * Which files the learner import takes (spec section 9: ".csv, text/csv, Excel spreadsheet types and
 * comma-separated-values"; the contract caps the file at 5 MB). Spreadsheet programs on Windows label
 * plain .csv files with the Excel type application/vnd.ms-excel, which is why it is accepted. A binary
 * .xlsx workbook is not: the server reads text only and would refuse it after the upload, so the trainer
 * is asked to save it as CSV before anything is sent (same list as the server's importCsv).
 */
export const CSV_IMPORT_TYPES = ['text/csv', 'text/comma-separated-values', 'application/csv', 'application/vnd.ms-excel'] as const;

/** The `accept` attribute of the file picker. */
export const CSV_IMPORT_ACCEPT = ['.csv', ...CSV_IMPORT_TYPES].join(',');

/** 5 MB, the contract's limit for the import file. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ImportFileProblem = 'type' | 'size' | 'empty';

/** Why a picked file cannot be imported, or null when it can. */
export function importFileProblem(file: { name: string; type: string; size: number }): ImportFileProblem | null {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  const accepted = file.name.toLowerCase().endsWith('.csv') || (CSV_IMPORT_TYPES as readonly string[]).includes(type);
  if (!accepted) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_IMPORT_BYTES) return 'size';
  return null;
}
