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
export function captureAttribution(search: URLSearchParams, storage: KeyValueStore, now: Date): { sponsorCode: string | null } {
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
  }
  return { sponsorCode };
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
