import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';

/**
 * What a training document prints (spec 3's training-document form, filled): the completion certificate, or the
 * attendance certificate (attestation d'assiduité), which prints the learner's logged time and progress instead
 * of the completion day. One model, two kinds.
 */
export interface CertificateContent {
  kind: 'COMPLETION' | 'ATTENDANCE';
  /** Printed as "N° …": the enrolment's id, so one certificate per learner and training, the same each time. */
  id: string;
  learnerName: string;
  trainingName: string;
  nature: string;
  hours: number | null;
  startDate: string;
  endDate: string;
  /** The day the learner completed the training (dd/mm/yyyy), null while they have not. */
  completedOn: string | null;
  /** Attendance: the time the learner's lessons logged ("hh h mm m ss s") and their progress in percent. */
  attendance: { timeSpent: string; progress: number } | null;
  organisation: string;
  addressLines: string[];
  siret: string | null;
  activityNumber: string | null;
  signatory: string | null;
  place: string | null;
  issuedOn: string;
}

/** Latin letters with a stroke, which Unicode does not decompose into a letter and a mark. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't', Ɨ: 'I', ɨ: 'i' };

/**
 * The standard Helvetica writes WinAnsi only (French accents included). Any other character (a Polish "ł", an
 * emoji, Chinese) would make pdf-lib throw: it is written without its accent or stroke when that is WinAnsi, else "?".
 */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || code === 0x0d || code === 0x09) out += ' ';
    else if (known.has(code)) out += char;
    else {
      const bare = (STROKED[char] ?? char).normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every((c) => known.has(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}

export const INK = rgb(0.13, 0.16, 0.22);
export const MUTED = rgb(0.38, 0.42, 0.5);
export const ACCENT = rgb(0.2, 0.36, 0.78);

const TITLES = { COMPLETION: 'Certificat de réalisation', ATTENDANCE: 'Attestation d’assiduité' } as const;

/**
 * A text on up to `maxLines` lines no wider than `maxWidth` (words kept whole): the size shrinks half a point at a
 * time down to `minSize` before the last line is cut with "…". A long training name stays readable this way.
 */
export function wrapLines(font: PDFFont, text: string, maxWidth: number, size: number, { minSize = 11, maxLines = 3 } = {}) {
  const words = text.split(/\s+/).filter(Boolean);
  const fits = (candidate: string, at: number) => font.widthOfTextAtSize(candidate, at) <= maxWidth;
  const wrap = (at: number) => {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && fits(`${last} ${word}`, at)) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  let fitted = size;
  let lines = wrap(fitted);
  while (lines.length > maxLines && fitted > minSize) lines = wrap((fitted -= 0.5));
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    let last = `${lines[maxLines - 1]} …`;
    while (!fits(last, fitted) && last.lastIndexOf(' ', last.length - 3) > 0) last = `${last.slice(0, last.lastIndexOf(' ', last.length - 3))} …`;
    lines[maxLines - 1] = last;
  }
  return { lines, size: fitted };
}

/** A one-page A4 landscape PDF. */
export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = TITLES[content.kind];
  pdf.setTitle(`${title} - ${content.trainingName}`.slice(0, 200));
  pdf.setSubject(`${content.learnerName} - ${content.trainingName}`.slice(0, 300));
  pdf.setCreator('Plateforme de formation');
  pdf.setProducer('pdf-lib');
  const page = pdf.addPage([841.89, 595.28]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const margin = 56;

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ACCENT, borderWidth: 2 });

  /** Draws one line centred (or at x), shrinking the size until it fits the page. */
  const line = (text: string, y: number, size: number, font = regular, color = INK, x?: number) => {
    const safe = winAnsiSafe(font, text);
    let fitted = size;
    while (fitted > 7 && font.widthOfTextAtSize(safe, fitted) > width - 2 * margin) fitted -= 0.5;
    const textWidth = font.widthOfTextAtSize(safe, fitted);
    page.drawText(safe, { x: x ?? (width - textWidth) / 2, y, size: fitted, font, color });
  };

  /** Draws a text centred on wrapped lines (see wrapLines), from `y` down; answers the y of the last line. */
  const paragraph = (text: string, y: number, size: number) => {
    const wrapped = wrapLines(regular, winAnsiSafe(regular, text), width - 2 * margin, size);
    for (const [index, text] of wrapped.lines.entries()) line(text, y - index * wrapped.size * 1.35, wrapped.size);
    return y - (wrapped.lines.length - 1) * wrapped.size * 1.35;
  };

  line(title.toUpperCase(), height - 100, 28, bold, ACCENT);
  line(`N° ${content.id}`, height - 124, 10, regular, MUTED);

  let y = height - 180;
  line(`${content.organisation}, organisme de formation, ${content.kind === 'COMPLETION' ? 'certifie' : 'atteste'} que`, y, 13);
  y -= 40;
  line(content.learnerName, y, 24, bold);
  y -= 38;
  // A long training name wraps (three lines at most) rather than shrinking to an unreadable size.
  y = paragraph(`a suivi ${content.kind === 'COMPLETION' ? 'et terminé ' : ''}la formation « ${content.trainingName} »`, y, 15);
  y -= 26;
  line(`Nature de l’action : ${content.nature}`, y, 12, regular, MUTED);
  y -= 20;
  const period = `Du ${content.startDate} au ${content.endDate}${content.hours !== null ? ` · Durée : ${content.hours.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} h` : ''}`;
  line(period, y, 12, regular, MUTED);
  y -= 20;
  if (content.attendance) {
    line(`Temps de formation enregistré : ${content.attendance.timeSpent} · Progression : ${content.attendance.progress} %`, y, 12, bold);
    y -= 20;
  }
  if (content.completedOn) line(`Formation terminée le ${content.completedOn}`, y, 12, content.attendance ? regular : bold, content.attendance ? MUTED : INK);

  // The organisation's details, bottom left; the signature, bottom right.
  let footY = 130;
  const details = [
    content.organisation,
    ...content.addressLines,
    content.siret ? `SIRET : ${content.siret}` : null,
    content.activityNumber ? `N° de déclaration d’activité : ${content.activityNumber}` : null,
  ].filter((value): value is string => Boolean(value));
  for (const [index, text] of details.entries()) {
    page.drawText(winAnsiSafe(index === 0 ? bold : regular, text).slice(0, 90), { x: margin, y: footY, size: 10, font: index === 0 ? bold : regular, color: INK });
    footY -= 14;
  }
  const right = width / 2 + 60;
  const signedAt = `Fait${content.place ? ` à ${content.place}` : ''}, le ${content.issuedOn}`;
  page.drawText(winAnsiSafe(regular, signedAt).slice(0, 70), { x: right, y: 130, size: 10, font: regular, color: INK });
  if (content.signatory) page.drawText(winAnsiSafe(bold, content.signatory).slice(0, 70), { x: right, y: 112, size: 10, font: bold, color: INK });
  page.drawText('Signature et cachet', { x: right, y: 94, size: 9, font: regular, color: MUTED });

  return pdf.save();
}
