import type { components } from '../api/schema.gen';

export type SignupAttribution = components['schemas']['SignupAttribution'];

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_id', 'utm_term', 'utm_content'] as const;
const AFFILIATE_CODE = /^REF-[A-Za-z0-9_-]{1,60}$/;
/** The contract keeps at most 20 codes; the newest win. */
const MAX_CODES = 20;

/** The local-storage keys of spec section 3, so other parts (checkout's affiliate credit) read the same ones. */
export const attributionKeys = {
  godFather: 'god_father',
  affiliateCodes: 'affiliate_codes',
  lastAffiliateVisit: 'last_affiliate_visit',
  /** Each REF- visit with its date (one per code and day), for the checkout's attribution (first or last click). */
  affiliateVisits: 'affiliate_visits',
  utm: UTM_KEYS,
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function readCodes(storage: KeyValueStore): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(attributionKeys.affiliateCodes) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string' && AFFILIATE_CODE.test(c)) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps what the landing address says about where the visitor came from: `parrain` (the sponsor code, kept as
 * god_father), utm_* parameters (the latest campaign wins), and REF- affiliate codes from `ref`. Answers the sponsor
 * code when the address carries one, so the caller can count the visit.
 */
export function captureAttribution(search: URLSearchParams, storage: KeyValueStore, now: Date): { sponsorCode: string | null; affiliateVisit: string | null } {
  const sponsorCode = search.get('parrain')?.trim().slice(0, 64) || null;
  if (sponsorCode) storage.setItem(attributionKeys.godFather, sponsorCode);
  for (const key of UTM_KEYS) {
    const value = search.get(key)?.trim().slice(0, 200);
    if (value) storage.setItem(key, value);
  }
  const code = search.get('ref')?.trim();
  if (code && AFFILIATE_CODE.test(code)) {
    const codes = [...readCodes(storage).filter((c) => c !== code), code].slice(-MAX_CODES);
    storage.setItem(attributionKeys.affiliateCodes, JSON.stringify(codes));
    storage.setItem(attributionKeys.lastAffiliateVisit, now.toISOString());
    const visits = readAffiliateVisits(storage);
    const today = now.toISOString().slice(0, 10);
    if (!visits.some((v) => v.code === code && v.visited_at.slice(0, 10) === today)) {
      storage.setItem(attributionKeys.affiliateVisits, JSON.stringify([...visits, { code, visited_at: now.toISOString() }].slice(-MAX_CODES)));
      return { sponsorCode, affiliateVisit: code };
    }
  }
  return { sponsorCode, affiliateVisit: null };
}

export interface AffiliateVisit {
  code: string;
  visited_at: string;
}

/**
 * The REF- visits kept (oldest first, at most 20), as the checkout sends them: the server keeps those of its own
 * school still within the link validity and credits the first or the last, as the program says.
 */
export function readAffiliateVisits(storage: Pick<Storage, 'getItem'>): AffiliateVisit[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(attributionKeys.affiliateVisits) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((v): v is AffiliateVisit => Boolean(v) && typeof v.code === 'string' && AFFILIATE_CODE.test(v.code) && typeof v.visited_at === 'string' && !Number.isNaN(Date.parse(v.visited_at)))
      .map((v) => ({ code: v.code, visited_at: new Date(v.visited_at).toISOString() }))
      .slice(-MAX_CODES);
  } catch {
    return [];
  }
}

/** What a sign-up sends: the sponsor code and the attribution kept so far (only the keys that have a value). */
export function readAttribution(storage: KeyValueStore): { godFather: string | null; attribution: SignupAttribution } {
  const attribution: SignupAttribution = {};
  for (const key of UTM_KEYS) {
    const value = storage.getItem(key);
    if (value) attribution[key] = value.slice(0, 200);
  }
  const codes = readCodes(storage);
  if (codes.length) attribution.affiliate_codes = codes;
  const visit = storage.getItem(attributionKeys.lastAffiliateVisit);
  if (visit && !Number.isNaN(Date.parse(visit))) attribution.last_affiliate_visit = new Date(visit).toISOString();
  return { godFather: storage.getItem(attributionKeys.godFather)?.slice(0, 64) || null, attribution };
}
