import { describe, expect, it } from 'vitest';
import { blockProblems, isKnownBlock, KNOWN_BLOCK_TYPES, type KnownContentBlock } from '../../../shared/contentBlocks';
import { isTimelineTimecode, timecodesOutOfOrder, timelineSeconds } from '../../../shared/validation';

describe('timeline timecodes (spec 5 timecode rule, plus hh:mm:ss)', () => {
  it.each([
    ['00:00', true],
    ['12:59', true],
    ['120:05', true],
    ['1:02:03', true],
    ['01:02:03', true],
    ['', true],
    ['1:2', false],
    ['12:60', false],
    ['1:60:00', false],
    ['1234:00', false],
    ['100:00:00', false],
    ['ab:cd', false],
  ])('%j → %s', (value, valid) => {
    expect(isTimelineTimecode(value)).toBe(valid);
  });

  it('reads total seconds', () => {
    expect(timelineSeconds('01:30')).toBe(90);
    expect(timelineSeconds('1:00:05')).toBe(3605);
    expect(timelineSeconds('x')).toBeNull();
  });

  it('reports entries not strictly after the previous one', () => {
    expect(timecodesOutOfOrder(['00:10', '00:20', '1:00:00'])).toEqual([]);
    expect(timecodesOutOfOrder(['00:10', '00:10', '00:05', '00:30'])).toEqual([1, 2]);
    expect(timecodesOutOfOrder(['01:00', 'bad', '00:30'])).toEqual([2]);
  });
});

describe('blockProblems: the rules schemas cannot say', () => {
  const block = (value: unknown) => value as KnownContentBlock;
  it.each([
    ['a banner of 728x200', { id: 'a', type: 'image', data: { url: 'https://x.test/a.png', alt: '', banner: true, width: 728, height: 200 } }, []],
    ['a banner of another size', { id: 'a', type: 'image', data: { url: 'https://x.test/a.png', alt: '', banner: true, width: 800, height: 200 } }, ['data.banner:bannerSize']],
    ['a banner without its size', { id: 'a', type: 'image', data: { url: 'https://x.test/a.png', alt: '', banner: true } }, ['data.banner:bannerSize']],
    ['an image that is no banner', { id: 'a', type: 'image', data: { url: 'https://x.test/a.png', alt: '' } }, []],
    ['an empty quote', { id: 'a', type: 'quote', data: { html: ' ', author: 'Moi' } }, ['data:quoteEmpty']],
    ['a plain-text quote', { id: 'a', type: 'quote', data: { text: 'Oui' } }, []],
    ['markdown with a tag', { id: 'a', type: 'markdown', data: { markdown: 'a <b>b</b>' } }, ['data.markdown:markdownHtml']],
    ['markdown with a comment', { id: 'a', type: 'markdown', data: { markdown: 'a <!-- b -->' } }, ['data.markdown:markdownHtml']],
    ['markdown comparing numbers', { id: 'a', type: 'markdown', data: { markdown: '2 < 3 and 4 > 1' } }, []],
    ['a timeline out of order', { id: 'a', type: 'timeline', data: { entries: [{ timecode: '01:00', label: 'a' }, { timecode: '00:30', label: 'b' }] } }, ['data.entries.1.timecode:timecodeOrder']],
    ['a timeline in order', { id: 'a', type: 'timeline', data: { entries: [{ timecode: '00:30', label: 'a' }, { timecode: '1:00:00', label: 'b' }] } }, []],
  ])('%s', (_label, value, expected) => {
    expect(blockProblems(block(value)).map((p) => `${p.path}:${p.rule}`)).toEqual(expected);
  });

  it('tells known blocks from the others', () => {
    expect(KNOWN_BLOCK_TYPES).toHaveLength(14);
    expect(isKnownBlock({ id: 'a', type: 'scratch_card', data: { hidden: 'x' } })).toBe(true);
    expect(isKnownBlock({ id: 'a', type: 'poll', data: {} })).toBe(false);
  });
});
