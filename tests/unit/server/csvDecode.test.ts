import { describe, expect, it } from 'vitest';
import { decodeCsv } from '../../../server/commands/trainingLearners/importCsv';
import { HttpError } from '../../../server/http/errors';
import { messages } from '../../../server/http/messages';

const refusal = (bytes: Buffer) => {
  try {
    decodeCsv(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).toEnvelope('fr');
  }
  throw new Error('accepted');
};

/** Issue #9: a CSV import's contents are checked for what no database stores, with a message that says where. */
describe('CSV import: file contents', () => {
  it('refuses a NUL inside a text file with 422 naming its line, not as a spreadsheet', () => {
    const answer = refusal(Buffer.from('email;prénom\nann@example.test;Ann\nbob@exa\0mple.test;Bob\n', 'utf8'));
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.errors).toEqual({ file: [messages.csvUnstorable(3).fr] });
  });

  it('still refuses a spreadsheet as a wrong type', () => {
    expect(refusal(Buffer.from('PK\x03\x04rest', 'latin1')).errors).toEqual({ file: [messages.csvWrongType.fr] });
  });

  it('reads UTF-8 (BOM dropped, line ends unified) and Windows-1252, which never yield half a surrogate pair', () => {
    expect(decodeCsv(Buffer.from('\uFEFFemail;prénom\r\na@b.test;Zoé\r\n', 'utf8'))).toBe('email;prénom\na@b.test;Zoé\n');
    // An encoded surrogate (ED A0 80) is not UTF-8: the file is read as Windows-1252, whole characters only.
    const text = decodeCsv(Buffer.from([0x61, 0x3b, 0xed, 0xa0, 0x80, 0x0a]));
    expect(/[\uD800-\uDFFF]/.test(text)).toBe(false);
  });
});
