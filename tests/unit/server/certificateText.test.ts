// The certificates' long texts (server/commands/certificates/certificatePdf.ts): a training name wraps on three
// lines at most, each inside the page, before it shrinks or is cut; a short one stays one line at its size.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificatePdf, wrapLines } from '../../../server/commands/certificates/certificatePdf';

let font: Awaited<ReturnType<PDFDocument['embedFont']>>;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

const WIDTH = 730;
const long = `a suivi la formation « ${'Photographie culinaire de la lumière naturelle au stylisme '.repeat(3)}»`;

describe('wrapLines', () => {
  it('keeps a short text on one line at its size', () => {
    expect(wrapLines(font, 'a suivi la formation « Photographie »', WIDTH, 15)).toEqual({ lines: ['a suivi la formation « Photographie »'], size: 15 });
  });

  it('wraps a long text on lines that fit, words whole, at its size while three lines suffice', () => {
    const { lines, size } = wrapLines(font, long, WIDTH, 15);
    expect(size).toBe(15);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    for (const text of lines) expect(font.widthOfTextAtSize(text, size)).toBeLessThanOrEqual(WIDTH);
    expect(lines.join(' ')).toBe(long.replace(/\s+/g, ' '));
  });

  it('shrinks to the minimum size, then cuts the third line with an ellipsis', () => {
    const huge = 'mot '.repeat(400).trim();
    const { lines, size } = wrapLines(font, huge, WIDTH, 15);
    expect(size).toBe(11);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/ …$/);
    for (const text of lines) expect(font.widthOfTextAtSize(text, size)).toBeLessThanOrEqual(WIDTH);
  });
});

it('prints a certificate whose training name is the longest a training may have', async () => {
  const bytes = await certificatePdf({
    kind: 'COMPLETION',
    id: '3f1c2a9e-1111-4222-8333-444455556666',
    learnerName: 'Léa Martin',
    trainingName: 'Photographie '.repeat(20).trim().slice(0, 255),
    nature: 'Action de formation',
    hours: 12.5,
    startDate: '02/09/2026',
    endDate: '27/11/2026',
    completedOn: '26/11/2026',
    attendance: null,
    organisation: 'Atelier Lumière',
    addressLines: [],
    siret: null,
    activityNumber: null,
    signatory: null,
    place: null,
    issuedOn: '27/11/2026',
  });
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getTitle()).toMatch(/^Certificat de réalisation - Photographie/);
});
