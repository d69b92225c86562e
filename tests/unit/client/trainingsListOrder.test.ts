import { describe, expect, it } from 'vitest';
import { pageReorderBody, rowsInOrder } from '../../../src/components/catalogue/catalogueOrder';
import { characterCount, nameSummaryBody, nameSummaryProblems } from '../../../src/components/catalogue/nameSummaryRules';

describe('pageReorderBody', () => {
  it('gives the new order the positions the page held, in ascending order', () => {
    const rows = [
      { uuid: 'a', position: 4 },
      { uuid: 'b', position: 7 },
      { uuid: 'c', position: 9 },
    ];
    expect(pageReorderBody(rows, ['c', 'a', 'b'])).toEqual([
      { uuid: 'c', order: 4 },
      { uuid: 'a', order: 7 },
      { uuid: 'b', order: 9 },
    ]);
  });

  it('spreads positions held twice', () => {
    const rows = [
      { uuid: 'a', position: 2 },
      { uuid: 'b', position: 2 },
      { uuid: 'c', position: 3 },
    ];
    expect(pageReorderBody(rows, ['b', 'c', 'a']).map((t) => t.order)).toEqual([2, 3, 4]);
  });
});

describe('rowsInOrder', () => {
  const rows = [{ uuid: 'a' }, { uuid: 'b' }, { uuid: 'c' }];
  it('follows the ids, skips unknown ids and appends rows the order does not know yet', () => {
    expect(rowsInOrder(rows, ['c', 'a', 'b']).map((r) => r.uuid)).toEqual(['c', 'a', 'b']);
    expect(rowsInOrder(rows, ['c', 'x', 'a']).map((r) => r.uuid)).toEqual(['c', 'a', 'b']);
    expect(rowsInOrder(rows, []).map((r) => r.uuid)).toEqual(['a', 'b', 'c']);
  });
});

describe('nameSummaryProblems (spec 5: title required, <= 128; short description <= 200)', () => {
  it('a blank title is required', () => {
    expect(nameSummaryProblems({ name: '', summary: '' })).toEqual({ name: 'required' });
    expect(nameSummaryProblems({ name: '   ', summary: '' })).toEqual({ name: 'required' });
  });
  it('128 characters pass, 129 do not; emojis count once', () => {
    expect(nameSummaryProblems({ name: 'x'.repeat(128), summary: '' })).toEqual({});
    expect(nameSummaryProblems({ name: 'x'.repeat(129), summary: '' })).toEqual({ name: 'tooLong' });
    expect(nameSummaryProblems({ name: '🎓'.repeat(128), summary: '' })).toEqual({});
    expect(characterCount('🎓é')).toBe(2);
  });
  it('the short description: 200 pass, 201 do not', () => {
    expect(nameSummaryProblems({ name: 'Excel', summary: 'y'.repeat(200) })).toEqual({});
    expect(nameSummaryProblems({ name: 'Excel', summary: 'y'.repeat(201) })).toEqual({ summary: 'tooLong' });
  });
  it('the body is trimmed and leaves out an empty description', () => {
    expect(nameSummaryBody({ name: '  Excel  ', summary: '   ' })).toEqual({ name: 'Excel' });
    expect(nameSummaryBody({ name: 'Excel', summary: ' Les bases ' })).toEqual({ name: 'Excel', summary: 'Les bases' });
  });
});
