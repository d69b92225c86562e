import { PassThrough, Readable } from 'node:stream';
import { and, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import { crmTags, customerCrmTags, customerTrainings, customers, trainings } from '../../db/schema.js';
import { csvAttachment, csvStream, inert } from '../../http/csv.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { DEFAULT_TZ, localDate } from '../trainingLearners/period.js';
import { customerWhere, type CustomerFilter } from './customers.js';

/** Customers read per query: a few hundred kilobytes at a time, whatever the export's length. */
export const CUSTOMER_EXPORT_BATCH = 1000;

interface ExportLine {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  createdAt: Date;
  lastConnectionAt: Date | null;
  trainings: string | null;
  tags: string | null;
}

/**
 * The customers a batch at a time, newest first, each batch after the last line read (keyset on
 * (created_at, id), compared in SQL so microseconds are kept): memory holds one batch, never the list.
 * Trainings and tags come aggregated per customer in the same query.
 */
async function* batchesOf(db: Database, storeId: string, filter: CustomerFilter, now: Date): AsyncGenerator<ExportLine[]> {
  const where = customerWhere(storeId, filter, now);
  let after: string | null = null;
  for (;;) {
    const position = after && sql`(${customers.createdAt}, ${customers.id}) < (select c.created_at, c.id from ${customers} c where c.id = ${after})`;
    const page: ExportLine[] = await db
      .select({
        id: customers.id,
        email: customers.email,
        firstname: customers.firstname,
        lastname: customers.lastname,
        phone: customers.phone,
        createdAt: customers.createdAt,
        lastConnectionAt: customers.lastConnectionAt,
        trainings: sql<string | null>`(select string_agg(t.name, ', ' order by t.name) from ${customerTrainings} ct
          join ${trainings} t on t.id = ct.training_id where ct.customer_id = ${customers}.id and ct.customer_type <> 'ABANDONED_CART')`,
        tags: sql<string | null>`(select string_agg(g.value, ', ' order by lower(g.value)) from ${customerCrmTags} cg
          join ${crmTags} g on g.id = cg.tag_id where cg.customer_id = ${customers}.id)`,
      })
      .from(customers)
      .where(position ? and(where, position) : where)
      .orderBy(sql`${customers.createdAt} desc`, sql`${customers.id} desc`)
      .limit(CUSTOMER_EXPORT_BATCH);
    if (page.length) yield page;
    if (page.length < CUSTOMER_EXPORT_BATCH) return;
    after = page.at(-1)!.id;
  }
}

const headerOf = (locale: Locale) => {
  const h = messages.customersExport;
  return [h.email, h.firstname, h.lastname, h.phone, h.createdAt, h.lastConnectionAt, h.trainings, h.tags].map((text) => inLocale(text, locale));
};

const cellsOf = (line: ExportLine) => [
  line.email,
  line.firstname ?? '',
  line.lastname ?? '',
  line.phone ?? '',
  line.createdAt.toISOString(),
  line.lastConnectionAt?.toISOString() ?? '',
  line.trainings ?? '',
  line.tags ?? '',
];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An Excel workbook written row by row with exceljs' streaming writer (no shared strings, no styles kept):
 * each batch is committed to the zip as it is read, and the next batch waits while the client has not taken
 * what was written (the stream's back-pressure), so memory stays flat for 100,000 customers.
 */
function xlsxStream(header: string[], sheetName: string, batches: AsyncGenerator<ExportLine[]>): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  const drained = () => new Promise<void>((resolve) => (out.writableNeedDrain ? out.once('drain', resolve) : resolve()));
  void (async () => {
    try {
      sheet.addRow(header).commit();
      for await (const batch of batches) {
        // Dates as real dates; text made inert like the CSV's (a cell starting with = is never a formula).
        for (const line of batch) {
          const cells: (string | Date | null)[] = cellsOf(line).map(inert);
          cells[4] = line.createdAt;
          cells[5] = line.lastConnectionAt;
          sheet.addRow(cells).commit();
        }
        await drained();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/**
 * GET /customers/export: the list's filters, every customer, streamed as CSV (server/http/csv.ts) or as an Excel
 * workbook (`format=xlsx`).
 */
export function exportCustomers(services: Services, storeId: string, filter: CustomerFilter, format: 'csv' | 'xlsx', locale: Locale) {
  const now = services.clock();
  const header = headerOf(locale);
  const day = localDate(now, DEFAULT_TZ);
  if (format === 'xlsx') {
    return {
      body: xlsxStream(header, inLocale(messages.customersExport.sheet, locale), batchesOf(services.db, storeId, filter, now)),
      headers: {
        'content-type': XLSX_TYPE,
        'content-disposition': `attachment; filename="apprenants-${day}.xlsx"`,
        'cache-control': 'no-store',
      },
    };
  }
  async function* rows() {
    for await (const page of batchesOf(services.db, storeId, filter, now)) yield page.map(cellsOf);
  }
  return { body: Readable.from(csvStream(header, rows())), headers: csvAttachment(`apprenants-${day}.csv`) };
}
