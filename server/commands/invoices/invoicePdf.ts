import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { learnerInvoices } from '../../db/schema.js';
import { invoiceReference } from '../../presenters/learnerInvoice.js';
import { ACCENT, INK, MUTED, winAnsiSafe, wrapLines } from '../certificates/certificatePdf.js';

type LearnerInvoiceRow = typeof learnerInvoices.$inferSelect;

/** The French mention of a seller under the VAT franchise (art. 293 B du CGI). */
export const VAT_EXEMPTION_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** 12345 cents → "123,45 €" (WinAnsi-safe: a plain space before the sign, no narrow no-break space). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')} €`;
}

const day = (date: Date) => date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const rate = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

/**
 * One learner invoice or credit note as an A4 portrait PDF (pdf-lib, the certificates' fonts and colours): the
 * seller's identity (name, legal form, address, SIRET, VAT number, activity number), the buyer, the number and
 * date, the lines, the totals excluding and including tax, and the VAT rate or the exemption mention. A credit
 * note names the invoice it cancels and prints its amounts negative.
 */
export async function invoicePdf(invoice: LearnerInvoiceRow, credited: Pick<LearnerInvoiceRow, 'kind' | 'number' | 'issuedAt' | 'inclTaxCents'> | null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const isCredit = invoice.kind === 'CREDIT_NOTE';
  const title = isCredit ? 'Avoir' : 'Facture';
  const reference = invoiceReference(invoice);
  pdf.setTitle(`${title} ${reference} - ${invoice.seller.name}`.slice(0, 200));
  pdf.setSubject(`${invoice.buyer.name} - ${reference}`.slice(0, 300));
  pdf.setCreator('Plateforme de formation');
  pdf.setProducer('pdf-lib');
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const margin = 50;
  const sign = isCredit ? -1 : 1;

  const text = (target: PDFPage, value: string, x: number, y: number, size = 10, font: PDFFont = regular, color = INK, maxWidth = width - margin - x) => {
    let safe = winAnsiSafe(font, value);
    while (safe.length > 1 && font.widthOfTextAtSize(safe, size) > maxWidth) safe = `${safe.slice(0, -2)}…`;
    target.drawText(safe, { x, y, size, font, color });
  };
  const right = (value: string, xRight: number, y: number, size = 10, font: PDFFont = regular, color = INK) => {
    const safe = winAnsiSafe(font, value);
    page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y, size, font, color });
  };

  // Seller, top left.
  let y = height - margin - 10;
  text(page, invoice.seller.name, margin, y, 14, bold);
  y -= 16;
  const sellerLines = [
    invoice.seller.legalForm,
    ...invoice.seller.addressLines,
    invoice.seller.siret ? `SIRET : ${invoice.seller.siret}` : null,
    invoice.seller.vatNumber ? `N° TVA intracommunautaire : ${invoice.seller.vatNumber}` : null,
    invoice.seller.activityNumber ? `N° de déclaration d'activité : ${invoice.seller.activityNumber}` : null,
    invoice.seller.email,
  ].filter((line): line is string => Boolean(line));
  for (const line of sellerLines) {
    text(page, line, margin, y, 9, regular, MUTED, 260);
    y -= 12;
  }

  // Title, number and date, top right.
  right(title.toUpperCase(), width - margin, height - margin - 10, 22, bold, ACCENT);
  right(`N° ${reference}`, width - margin, height - margin - 32, 11, bold);
  right(`Date : ${day(invoice.issuedAt)}`, width - margin, height - margin - 46, 10);
  if (isCredit && credited)
    right(`${invoice.inclTaxCents < credited.inclTaxCents ? 'Avoir partiel sur' : 'Annule'} la facture ${invoiceReference(credited)} du ${day(credited.issuedAt)}`, width - margin, height - margin - 60, 9, regular, MUTED);

  // Buyer.
  let by = Math.min(y, height - 170) - 20;
  text(page, 'Facturé à', width / 2, by, 9, bold, MUTED);
  by -= 14;
  for (const [index, line] of [invoice.buyer.name, invoice.buyer.companyName, ...invoice.buyer.addressLines, invoice.buyer.email].filter((v): v is string => Boolean(v)).entries()) {
    text(page, line, width / 2, by, 10, index === 0 ? bold : regular);
    by -= 13;
  }

  // Lines.
  let ty = by - 30;
  const columns = { qty: width - margin - 190, unit: width - margin - 95, total: width - margin };
  page.drawRectangle({ x: margin, y: ty - 6, width: width - 2 * margin, height: 20, color: ACCENT, opacity: 0.1 });
  text(page, 'Désignation', margin + 6, ty, 9, bold);
  right('Qté', columns.qty, ty, 9, bold);
  right('P.U. HT', columns.unit, ty, 9, bold);
  right('Total HT', columns.total - 6, ty, 9, bold);
  ty -= 24;
  for (const line of invoice.lines) {
    // The designation is printed whole (a long training name wraps, four lines at most), amounts on its first line.
    const designation = wrapLines(regular, winAnsiSafe(regular, line.description), columns.qty - margin - 50, 10, { minSize: 10, maxLines: 4 });
    for (const [index, part] of designation.lines.entries()) text(page, part, margin + 6, ty - index * 13, 10);
    right(String(line.quantity), columns.qty, ty);
    right(euros(sign * line.unitExclTaxCents), columns.unit, ty);
    right(euros(sign * line.exclTaxCents), columns.total - 6, ty);
    ty -= 18 + (designation.lines.length - 1) * 13;
  }
  page.drawLine({ start: { x: margin, y: ty + 8 }, end: { x: width - margin, y: ty + 8 }, thickness: 0.5, color: MUTED });

  // Totals.
  ty -= 14;
  const label = width - margin - 200;
  const totals: [string, string, PDFFont][] = [
    ['Total HT', euros(sign * invoice.exclTaxCents), regular],
    [invoice.vatRateBp === null ? 'TVA' : `TVA ${rate(invoice.vatRateBp)}`, euros(sign * invoice.vatCents), regular],
    ['Total TTC', euros(sign * invoice.inclTaxCents), bold],
  ];
  for (const [name, amount, font] of totals) {
    text(page, name, label, ty, 10, font);
    right(amount, columns.total - 6, ty, 10, font);
    ty -= 16;
  }
  ty -= 10;
  if (invoice.vatRateBp === null) {
    text(page, VAT_EXEMPTION_MENTION, margin, ty, 10, bold);
    ty -= 16;
  }
  text(page, isCredit ? 'Montant remboursé au client.' : `Payée le ${day(invoice.issuedAt)}. Montants en euros (${invoice.currency}).`, margin, ty, 9, regular, MUTED);
  ty -= 13;
  if (!isCredit) {
    text(page, "Pas d'escompte pour paiement anticipé.", margin, ty, 9, regular, MUTED);
  }

  return pdf.save();
}
