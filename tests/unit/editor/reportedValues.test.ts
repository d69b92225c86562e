import { describe, expect, it } from 'vitest';
import { ReportedValues } from '../../../src/editor/reportedValues';

describe('ReportedValues: telling our own late echoes from content replaced from outside', () => {
  it('the first value and each report are echoes; the latest is the last report', () => {
    const values = new ReportedValues('<p>a</p>');
    expect(values.isEcho('<p>a</p>')).toBe(true);
    values.report('<p>ab</p>');
    expect(values.latest).toBe('<p>ab</p>');
    expect(values.isEcho('<p>ab</p>')).toBe(true);
  });

  it('a late echo (typing ran ahead of React) is still ours: the newer text is kept', () => {
    const values = new ReportedValues('');
    values.report('<p>a</p>');
    values.report('<p>ab</p>');
    values.report('<p>abc</p>');
    // The props catch up one render late, then in order.
    expect(values.isEcho('<p>a</p>')).toBe(true);
    expect(values.latest).toBe('<p>abc</p>');
    expect(values.isEcho('<p>ab</p>')).toBe(true);
    expect(values.isEcho('<p>abc</p>')).toBe(true);
  });

  it('once a later report came back, the earlier ones cannot: seeing one again is a replacement', () => {
    const values = new ReportedValues('');
    values.report('<p>a</p>');
    values.report('<p>ab</p>');
    expect(values.isEcho('<p>ab</p>')).toBe(true);
    expect(values.isEcho('<p>a</p>')).toBe(false);
    expect(values.latest).toBe('<p>a</p>');
  });

  it('content never reported replaces everything known', () => {
    const values = new ReportedValues('<p>draft</p>');
    values.report('<p>draft 2</p>');
    expect(values.isEcho('<p>from the server</p>')).toBe(false);
    expect(values.latest).toBe('<p>from the server</p>');
    expect(values.isEcho('<p>draft 2</p>')).toBe(false);
  });

  it('reporting the same value twice keeps one entry', () => {
    const values = new ReportedValues('');
    values.report('<p>x</p>');
    values.report('<p>x</p>');
    expect(values.isEcho('<p>x</p>')).toBe(true);
    expect(values.isEcho('')).toBe(false);
  });
});
