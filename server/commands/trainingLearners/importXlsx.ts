import ExcelJS from 'exceljs';
import { HttpError, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { UploadedFile } from '../../openapi/multipart.js';
import { UNSTORABLE } from '../../openapi/validation.js';

/** A row of an imported file: the line (or spreadsheet row) it starts on and its cells as text. */
export interface ImportRow {
  line: number;
  cells: string[];
  unreadable: boolean;
}

/** What browsers and Excel call an .xlsx workbook (spec section 9's "Excel types"). */
const XLSX_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/** An .xlsx workbook by its first bytes (a zip) and its name or type; an .ods or another zip is not one. */
export function looksLikeXlsx(file: UploadedFile, head: Buffer): boolean {
  const named = /\.xlsx$/i.test(file.filename) || XLSX_TYPES.includes(file.mimetype.split(';')[0]!.trim().toLowerCase());
  return named && head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
}

type CellValue = ExcelJS.CellValue;

/** A cell as the text a person reads in it: rich text joined, a link's text, a formula's result, a date as a day. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text ?? '').join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
    if ('text' in value) return cellText((value as { text: CellValue }).text);
    if ('error' in value) return '';
  }
  return '';
}

/**
 * The rows of the workbook's first sheet, read as a stream (exceljs' WorkbookReader: the sheet is never held whole),
 * stopping once `maxRows` non-empty rows are read plus one (the caller refuses the file then). A file exceljs cannot
 * open answers 422 on `file`; a cell no database stores (a NUL) is refused with its row, as the CSV's line is.
 */
export async function xlsxRows(filePath: string, maxRows: number): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    sheets: for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values : [];
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1] ?? null));
        if (!cells.some((cell) => cell.trim())) continue;
        if (cells.some((cell) => UNSTORABLE.test(cell))) throw invalid({ file: [messages.csvUnstorable(row.number)] });
        rows.push({ line: row.number, cells, unreadable: false });
        if (rows.length > maxRows) break sheets;
      }
      // The first sheet only: a workbook's other sheets are notes, totals, lists of values.
      break;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw invalid({ file: [messages.xlsxUnreadable] });
  }
  return rows;
}
