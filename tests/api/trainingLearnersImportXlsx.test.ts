import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './client';
import { checked, csvForm, customersPath, freshTraining, invalidFields, postForm } from './trainingLearnersSupport';

/**
 * The learners import reads .xlsx workbooks too (spec 9 accepts Excel types): real workbooks written here with
 * exceljs, as Excel saves them (shared strings, a link in a cell, rich text, a second sheet).
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: ExcelJS.CellValue[][], fill?: (book: ExcelJS.Workbook) => void): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Apprenants');
  rows.forEach((row, i) => {
    if (row.length) sheet.getRow(i + 1).values = row;
  });
  fill?.(book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const xlsxForm = (bytes: Uint8Array<ArrayBuffer>, filename = 'apprenants.xlsx', type = XLSX_TYPE) => csvForm(bytes, { filename, type, sendEmail: 'false' });

async function importFile(token: string, training: string, form: FormData, headers?: Record<string, string>) {
  const answer = await postForm(`${customersPath(training)}/import`, token, form, headers);
  expectContract('importTrainingCustomers', answer);
  return answer;
}

describe('importTrainingCustomers with an .xlsx workbook', () => {
  let token: string;
  let training: string;

  beforeAll(async () => {
    ({ token, training } = await freshTraining());
  });

  it('reads the first sheet with French headers, reports skipped rows by their row number, ignores the other sheets', async () => {
    const bytes = await workbook(
      [
        ['Prénom', 'Nom', 'Adresse e-mail'],
        ['Léa', 'Martin', 'lea.xlsx@example.test'],
        [{ richText: [{ text: 'Hu' }, { font: { bold: true }, text: 'go' }] }, 'Dubois', { text: 'hugo.xlsx@example.test', hyperlink: 'mailto:hugo.xlsx@example.test' }],
        [],
        ['Zoé', 'Petit', 'pas-une-adresse'],
        ['Léa', 'Martin', 'LEA.xlsx@example.test'],
        ['Inès', 'x'.repeat(65), 'ines.xlsx@example.test'],
        [42, 'Nombre', { formula: '"nombre." & "xlsx@example.test"', result: 'nombre.xlsx@example.test' }],
      ],
      (book) => book.addWorksheet('Autres').addRow(['email', 'autre.feuille@example.test']),
    );
    const answer = await importFile(token, training, xlsxForm(bytes));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      created_count: 3,
      enrolled_count: 3,
      skipped_count: 3,
      skipped: [
        { line: 5, reason: 'Adresse e-mail invalide.' },
        { line: 6, reason: 'Adresse déjà présente à la ligne 2.' },
        { line: 7, reason: 'Prénom ou nom de plus de 64 caractères.' },
      ],
    });
    const listed = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?per_page=100`, { token });
    const people = (listed.body.data as { customer: { email: string; firstname: string | null; lastname: string | null } }[]).map((e) => e.customer);
    expect(people.map((c) => c.email).sort()).toEqual(['hugo.xlsx@example.test', 'lea.xlsx@example.test', 'nombre.xlsx@example.test']);
    expect(people.find((c) => c.email === 'hugo.xlsx@example.test')).toMatchObject({ firstname: 'Hugo', lastname: 'Dubois' });
    expect(people.find((c) => c.email === 'nombre.xlsx@example.test')).toMatchObject({ firstname: '42' });
  });

  it('reports in English to an English caller, as the CSV does', async () => {
    const bytes = await workbook([['email'], ['faux']]);
    const answer = await importFile(token, training, xlsxForm(bytes), { 'accept-language': 'en' });
    expect(answer.body.skipped).toEqual([{ line: 2, reason: 'Invalid e-mail address.' }]);
  });

  it('refuses a workbook over 20,000 lines before writing anything', async () => {
    const rows = [['email'], ...Array.from({ length: 20_000 }, (_, i) => [`trop${i}@example.test`])];
    expect(invalidFields(await importFile(token, training, xlsxForm(await workbook(rows))))).toEqual(['file']);
    const listed = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?q=trop1`, { token });
    expect(listed.body.meta.total).toBe(0);
  });

  it.each([
    ['a workbook without an e-mail column', async () => xlsxForm(await workbook([['nom', 'prénom'], ['Martin', 'Léa']]))],
    ['a workbook with only its header', async () => xlsxForm(await workbook([['email', 'prénom']]))],
    ['a broken workbook', async () => xlsxForm(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]))],
    ['an old .xls workbook', async () => xlsxForm(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'apprenants.xls', 'application/vnd.ms-excel')],
  ])('answers 422 on file for %s', async (_label, make) => {
    expect(invalidFields(await importFile(token, training, await make()))).toEqual(['file']);
  });
});
