import { describe, expect, it } from 'vitest';
import { attributionKeys, captureAttribution, readAffiliateVisits, readAttribution } from '../../../src/app/attribution';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}
const now = new Date('2026-11-21T09:30:00Z');
const params = (query: string) => new URLSearchParams(query);

describe('captureAttribution', () => {
  it('keeps the sponsor code as god_father and answers it so the visit is counted', () => {
    const storage = memoryStorage();
    expect(captureAttribution(params('parrain=%20marie-a1b2%20'), storage, now)).toEqual({ sponsorCode: 'marie-a1b2', affiliateVisit: null });
    expect(storage.values.get(attributionKeys.godFather)).toBe('marie-a1b2');
  });

  it('answers no sponsor code and stores nothing for an address without one', () => {
    const storage = memoryStorage();
    expect(captureAttribution(params('foo=bar'), storage, now)).toEqual({ sponsorCode: null, affiliateVisit: null });
    expect(storage.values.size).toBe(0);
  });

  it('keeps every utm_* parameter, the latest campaign replacing the earlier one', () => {
    const storage = memoryStorage({ utm_source: 'old', utm_term: 'kept' });
    captureAttribution(params('utm_source=newsletter&utm_medium=email&utm_campaign=rentree&utm_id=42&utm_content=bouton&utm_other=x'), storage, now);
    expect(Object.fromEntries(storage.values)).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'rentree',
      utm_id: '42',
      utm_term: 'kept',
      utm_content: 'bouton',
    });
  });

  it('adds REF- codes once, newest last, with the visit time; ignores other codes', () => {
    const storage = memoryStorage({ affiliate_codes: JSON.stringify(['REF-A', 'REF-B']) });
    captureAttribution(params('ref=REF-A'), storage, now);
    captureAttribution(params('ref=PROMO10'), storage, new Date('2027-01-01T00:00:00Z'));
    expect(JSON.parse(storage.values.get('affiliate_codes')!)).toEqual(['REF-B', 'REF-A']);
    expect(storage.values.get('last_affiliate_visit')).toBe(now.toISOString());
  });

  it('keeps at most 20 codes and survives a corrupted list', () => {
    const storage = memoryStorage({ affiliate_codes: '{not json' });
    for (let i = 0; i < 25; i++) captureAttribution(params(`ref=REF-${i}`), storage, now);
    const codes = JSON.parse(storage.values.get('affiliate_codes')!);
    expect(codes).toHaveLength(20);
    expect(codes.at(-1)).toBe('REF-24');
    expect(codes[0]).toBe('REF-5');
  });
});

describe('readAttribution', () => {
  it('sends only the keys that have a value', () => {
    expect(readAttribution(memoryStorage())).toEqual({ godFather: null, attribution: {} });
    const storage = memoryStorage({ god_father: 'marie-a1b2', utm_source: 'salon', affiliate_codes: JSON.stringify(['REF-X', 'bad']), last_affiliate_visit: now.toISOString() });
    expect(readAttribution(storage)).toEqual({
      godFather: 'marie-a1b2',
      attribution: { utm_source: 'salon', affiliate_codes: ['REF-X'], last_affiliate_visit: now.toISOString() },
    });
  });

  it('drops a visit date that is not a date', () => {
    expect(readAttribution(memoryStorage({ last_affiliate_visit: 'hier' })).attribution).toEqual({});
  });
});

describe('affiliate visits for the checkout', () => {
  it('keeps one dated visit per REF- code and day, answers a new one so it is counted, at most 20 kept', () => {
    const storage = memoryStorage();
    expect(captureAttribution(params('ref=REF-ABC'), storage, now).affiliateVisit).toBe('REF-ABC');
    expect(captureAttribution(params('ref=REF-ABC'), storage, new Date('2026-11-21T18:00:00Z')).affiliateVisit).toBeNull();
    expect(captureAttribution(params('ref=REF-XYZ'), storage, new Date('2026-11-22T08:00:00Z')).affiliateVisit).toBe('REF-XYZ');
    expect(captureAttribution(params('ref=REF-ABC'), storage, new Date('2026-11-23T08:00:00Z')).affiliateVisit).toBe('REF-ABC');
    expect(readAffiliateVisits(storage)).toEqual([
      { code: 'REF-ABC', visited_at: '2026-11-21T09:30:00.000Z' },
      { code: 'REF-XYZ', visited_at: '2026-11-22T08:00:00.000Z' },
      { code: 'REF-ABC', visited_at: '2026-11-23T08:00:00.000Z' },
    ]);
    for (let i = 0; i < 25; i++) captureAttribution(params(`ref=REF-C${i}`), storage, now);
    const kept = readAffiliateVisits(storage);
    expect(kept).toHaveLength(20);
    expect(kept.at(-1)!.code).toBe('REF-C24');
  });

  it('ignores what is not a REF- code and a damaged stored list', () => {
    expect(captureAttribution(params('ref=PROMO'), memoryStorage(), now).affiliateVisit).toBeNull();
    expect(readAffiliateVisits(memoryStorage({ [attributionKeys.affiliateVisits]: '{oops' }))).toEqual([]);
    const mixed = JSON.stringify([{ code: 'REF-OK', visited_at: now.toISOString() }, { code: 'NOPE', visited_at: now.toISOString() }, { code: 'REF-BAD', visited_at: 'hier' }, 7]);
    expect(readAffiliateVisits(memoryStorage({ [attributionKeys.affiliateVisits]: mixed }))).toEqual([{ code: 'REF-OK', visited_at: now.toISOString() }]);
  });
});
