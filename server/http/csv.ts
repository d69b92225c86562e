import Papa from 'papaparse';

/**
 * CSV files the back office downloads (quiz answers, sales): what Excel in French opens as it is, UTF-8 with a
 * BOM, `;` separated, CRLF line ends. Cells are plain text; a cell that a spreadsheet would run as a formula is
 * made inert.
 */

/** A spreadsheet runs a cell starting with = + - @ (or a tab or return before them) as a formula: never ours. */
export const inert = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const BOM = '\uFEFF';

/** Lines of cells as CSV text, each line ended by CRLF; every cell made inert. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (!rows.length) return '';
  return `${Papa.unparse(rows.map((row) => row.map(inert)), { delimiter: ';', newline: '\r\n', quotes: false })}\r\n`;
}

/** A whole CSV file: the BOM, then the lines. */
export const csvDocument = (rows: readonly (readonly string[])[]) => `${BOM}${csvLines(rows)}`;

/**
 * A CSV file written piece by piece: the BOM and the header first, then each batch of lines as it is read, so a
 * file of any length never sits whole in memory.
 */
export async function* csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly string[])[]>): AsyncGenerator<string> {
  yield `${BOM}${csvLines([header])}`;
  for await (const rows of batches) if (rows.length) yield csvLines(rows);
}

/** Headers of a CSV download. */
export const csvAttachment = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});
