/**
 * Table-driven tests of the owner phone rule (issue 4: required, "+" then 7 to 15 digits, not all
 * zeros) against machines/phoneCard/phoneCard.machine.ts, checked against the contract's pattern
 * `^\+(?!0+$)[0-9]{7,15}$` (openapi/paths/store/stores-id.yaml) on the trimmed value.
 */
import { describe, expect, it } from 'vitest';
import { isPhoneAsked, phoneProblem, type PhoneProblem } from '../../../machines/phoneCard/phoneCard.machine';

// Written from the contract, not imported.
const CONTRACT = /^\+(?!0+$)[0-9]{7,15}$/;

const cases: ReadonlyArray<readonly [string, string, PhoneProblem | null]> = [
  ['empty', '', 'required'],
  ['spaces only', '   ', 'required'],
  ['tab and newline only', '\t\n', 'required'],
  ['French mobile', '+33612345678', null],
  ['surrounding spaces are trimmed', '  +33612345678  ', null],
  ['7 digits (shortest)', '+1234567', null],
  ['15 digits (longest)', '+123456789012345', null],
  ['6 digits', '+123456', 'format'],
  ['16 digits', '+1234567890123456', 'format'],
  ['too short', '+123', 'format'],
  ['no plus', '33612345678', 'format'],
  ['leading 00 instead of +', '0033612345678', 'format'],
  ['plus then leading 00 (digits, not all zeros)', '+0033612345678', null],
  ['all zeros (7)', '+0000000', 'format'],
  ['all zeros (15)', '+000000000000000', 'format'],
  ['zeros then a digit', '+0000001', null],
  ['inner space', '+33 612345678', 'format'],
  ['spaces between groups', '+33 6 12 34 56 78', 'format'],
  ['letters', '+33abcdefgh', 'format'],
  ['a letter among digits', '+3361234567a', 'format'],
  ['dashes', '+33-612-345-678', 'format'],
  ['dots', '+33.612.345.678', 'format'],
  ['parentheses', '+(33)612345678', 'format'],
  ['two plus signs', '++33612345678', 'format'],
  ['plus only', '+', 'format'],
  ['plus at the end', '33612345678+', 'format'],
  ['non-ASCII digits', '+٣٣٦١٢٣٤٥٦٧٨', 'format'],
];

describe('phoneProblem', () => {
  it.each(cases)('%s: %j → %s', (_, value, problem) => {
    expect(phoneProblem(value)).toBe(problem);
  });

  it.each(cases.filter(([, value]) => value.trim() !== ''))('%s: the same answer as the contract pattern on the trimmed value', (_, value) => {
    expect(phoneProblem(value) === null).toBe(CONTRACT.test(value.trim()));
  });
});

describe('isPhoneAsked', () => {
  it.each([
    ['PERCENT', null, false],
    ['PERCENT', '+33612345678', false],
    ['PERK', null, true],
    ['PRO', null, true],
    ['EXPERT', null, true],
    ['PRO', '', true],
    ['PRO', '   ', true],
    ['PERK', '+33612345678', false],
    ['EXPERT', '+33612345678', false],
  ] as const)('plan %s, phone %j → %s', (plan, phone, asked) => {
    expect(isPhoneAsked({ plan, phone })).toBe(asked);
  });
});
