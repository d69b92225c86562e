import { readFile } from 'node:fs/promises';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import Papa from 'papaparse';
import type { components } from '../../../src/api/schema.gen.js';
import { invalid } from '../../http/errors.js';
import { inLocale, messages, type Locale, type Text } from '../../http/messages.js';
import type { UploadedFile } from '../../openapi/multipart.js';
import { UNSTORABLE } from '../../openapi/validation.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import type { StoreRow } from '../../auth/session.js';
import type { CustomerRow } from '../../presenters/customer.js';
import { sendEnrolmentMail } from '../learners/links.js';
import { enrolLearners, type Learner } from './enrol.js';
import { looksLikeXlsx, xlsxRows, type ImportRow } from './importXlsx.js';

type ImportReport = components['schemas']['ImportReport'];

/** The contract's e-mail format (ajv-formats "full"), so a line passes here exactly when the add form would. */
const EMAIL = fullFormats.email as RegExp;
const MAX_EMAIL = 254;
const MAX_NAME = 64;

/** Header names we recognise, compared without case, accents, spaces or punctuation (French files say "prénom"). */
const COLUMNS: Record<'email' | 'firstname' | 'lastname', string[]> = {
  email: ['email', 'mail', 'courriel', 'adresseemail', 'adressemail', 'emailaddress'],
  firstname: ['firstname', 'prenom', 'first'],
  lastname: ['lastname', 'nom', 'last', 'nomdefamille', 'surname'],
};
const normaliseHeader = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Zip (xlsx, ods) and old binary Excel files start with these bytes: a spreadsheet saved as such, not as CSV. */
const SPREADSHEET_MAGIC = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0])];

/**
 * What a browser or Excel calls a CSV file (spec section 9: .csv, text/csv, Excel types, comma-separated-values).
 * Only a hint: the bytes are checked below.
 */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel'];
const looksLikeCsv = (file: UploadedFile) => /\.(csv|txt)$/i.test(file.filename) || CSV_TYPES.includes(file.mimetype.split(';')[0]!.trim().toLowerCase());

/** The line (from 1) a position of the file is on. */
const lineAt = (bytes: Buffer, index: number) => bytes.subarray(0, index).toString('latin1').split('\n').length;

/**
 * UTF-8 (with or without BOM), else Windows-1252: what Excel in French writes when told "CSV". A text no
 * database stores (a NUL; half a surrogate pair cannot come out of either decoding) is refused with the line
 * it is on, not stored nor mistaken for a spreadsheet.
 */
export function decodeCsv(bytes: Buffer): string {
  if (SPREADSHEET_MAGIC.some((magic) => bytes.subarray(0, magic.length).equals(magic))) throw invalid({ file: [messages.csvWrongType] });
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw invalid({ file: [messages.csvUnstorable(lineAt(bytes, nul))] });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const unstorable = UNSTORABLE.exec(text);
  if (unstorable) throw invalid({ file: [messages.csvUnstorable(text.slice(0, unstorable.index).split('\n').length)] });
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

type Row = ImportRow;

const SEPARATORS = [';', ',', '\t'] as const;

/**
 * The separator is the one the header row uses most (`;` from a French Excel, `,` elsewhere, or tab).
 * papaparse's own guess needs several rows of two or more fields and fails on short files.
 */
function separatorOf(text: string): string {
  const header = text.split('\n').find((line) => line.trim()) ?? '';
  const counts = SEPARATORS.map((separator) => header.split(separator).length - 1);
  const best = Math.max(...counts);
  return best > 0 ? SEPARATORS[counts.indexOf(best)]! : ',';
}

/** Lines one import takes (with the header); a bigger file is refused before anything is written. */
export const MAX_IMPORT_LINES = 20_000;
/** Skipped lines listed in the report (all are counted): the answer stays small whatever the file. */
export const MAX_SKIPPED_LISTED = 500;

/** Rows with the line of the file each starts on (a quoted cell may span lines). */
function rowsOf(text: string): Row[] {
  const rows: Row[] = [];
  let line = 1;
  let consumed = 0;
  Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    skipEmptyLines: false,
    step: (result, parser) => {
      // Past the cap the file is refused anyway: stop reading it into memory.
      if (rows.length > MAX_IMPORT_LINES) return parser.abort();
      const unreadable = result.errors.length > 0;
      rows.push({ line, cells: result.data, unreadable });
      const end = result.meta.cursor;
      for (let i = consumed; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      consumed = end;
    },
  });
  return rows;
}

/**
 * The rows of an uploaded file: an .xlsx workbook's first sheet (rows numbered as the spreadsheet shows them), else
 * a CSV file's lines. Anything else (an old .xls, an .ods, a picture) answers 422 on `file`.
 */
async function fileRows(file: UploadedFile): Promise<Row[]> {
  const bytes = await readFile(file.path);
  if (looksLikeXlsx(file, bytes)) return xlsxRows(file.path, MAX_IMPORT_LINES);
  if (!looksLikeCsv(file)) throw invalid({ file: [messages.csvWrongType] });
  return rowsOf(decodeCsv(bytes));
}

/** Where each column is, from the header row; the e-mail column is required. */
function columnsOf(header: string[]) {
  const names = header.map(normaliseHeader);
  const find = (column: keyof typeof COLUMNS) => names.findIndex((name) => COLUMNS[column].includes(name));
  const columns = { email: find('email'), firstname: find('firstname'), lastname: find('lastname') };
  if (columns.email < 0) throw invalid({ file: [messages.csvNoEmailColumn] });
  return columns;
}

/**
 * POST /trainings/{id}/customers/import: one learner per line (header row email, firstname, lastname; `;`
 * or `,`), or per row of an .xlsx workbook's first sheet (same header, same checks, the row numbers Excel shows). Lines with a bad e-mail, a name too long, an address met earlier in the file, a learner already
 * enrolled, or no seat left are skipped and reported with their line number; empty lines are ignored. The
 * others are enrolled BY_TEACHER in one transaction, creating the store's customers that are new.
 * With `sendEmail` (the contract's default, as for `addTrainingCustomer`), each learner enrolled is then mailed
 * that the training is open (learners/links.ts: an activation link while the account has no password, else the
 * sign-in page), one after the other once the enrolments are committed (a mailer failure answers as it does for
 * one learner; the enrolments stand).
 */
export async function importTrainingCustomers(
  services: Services,
  store: StoreRow,
  trainingUuid: string,
  file: UploadedFile,
  locale: Locale,
  sendEmail: boolean,
): Promise<ImportReport> {
  const training = await trainingOf(services, store.id, trainingUuid);
  const [header, ...rows] = (await fileRows(file)).filter((row) => row.cells.some((cell) => cell.trim()));
  if (!header) throw invalid({ file: [messages.csvNoLines] });
  if (rows.length > MAX_IMPORT_LINES - 1) throw invalid({ file: [messages.csvTooManyLines(MAX_IMPORT_LINES)] });
  const columns = columnsOf(header.cells);

  const skipped: { line: number; reason: Text }[] = [];
  const firstLineOf = new Map<string, number>();
  const accepted: (Learner & { line: number })[] = [];
  for (const row of rows) {
    if (row.unreadable) {
      skipped.push({ line: row.line, reason: messages.importUnreadableLine });
      continue;
    }
    const cell = (index: number) => (index >= 0 ? (row.cells[index] ?? '').trim() : '');
    const email = cell(columns.email);
    const firstname = cell(columns.firstname) || null;
    const lastname = cell(columns.lastname) || null;
    if (email.length > MAX_EMAIL || !EMAIL.test(email)) skipped.push({ line: row.line, reason: messages.importBadEmail });
    else if ((firstname?.length ?? 0) > MAX_NAME || (lastname?.length ?? 0) > MAX_NAME) skipped.push({ line: row.line, reason: messages.importNameTooLong });
    else if (firstLineOf.has(email.toLowerCase())) skipped.push({ line: row.line, reason: messages.importDuplicate(firstLineOf.get(email.toLowerCase())!) });
    else {
      firstLineOf.set(email.toLowerCase(), row.line);
      accepted.push({ line: row.line, email, firstname, lastname });
    }
  }
  if (!accepted.length && !skipped.length) throw invalid({ file: [messages.csvNoLines] });

  const outcomes = accepted.length ? await enrolLearners(services, training, accepted, { bypassDrip: false, expiresAt: undefined }) : [];
  let created = 0;
  const invited: CustomerRow[] = [];
  outcomes.forEach((outcome, i) => {
    const line = accepted[i]!.line;
    if (outcome.kind === 'already') skipped.push({ line, reason: messages.alreadyEnrolled });
    else if (outcome.kind === 'full') skipped.push({ line, reason: messages.importFull });
    else {
      invited.push(outcome.customer);
      if (outcome.created) created++;
    }
  });
  const enrolled = invited.length;
  if (sendEmail) {
    for (const customer of invited) await sendEnrolmentMail(services, store, customer, training.name);
  }
  return {
    created_count: created,
    enrolled_count: enrolled,
    skipped_count: skipped.length,
    skipped: skipped
      .sort((a, b) => a.line - b.line)
      .slice(0, MAX_SKIPPED_LISTED)
      .map((s) => ({ line: s.line, reason: inLocale(s.reason, locale) })),
  };
}
