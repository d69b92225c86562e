import { captureAttribution } from './attribution';

/**
 * Where the visitor came from (sponsor link, campaign, affiliate code) is kept for the sign-up; a sponsor link's
 * visit is counted, and its failure ignored (spec: errors ignored). A new visit through a school affiliate's REF-
 * link (once per code and day) counts for that affiliate. Both back-office entries (main.tsx, guestMain.tsx) call it.
 */
export function recordVisit() {
  const { sponsorCode, affiliateVisit } = captureAttribution(new URLSearchParams(location.search), localStorage, new Date());
  if (sponsorCode) void import('../api/affiliatesApi').then((m) => m.recordAffiliationVisit(sponsorCode));
  const schoolOfVisit = /^\/ecole\/([a-z0-9-]+)/.exec(location.pathname)?.[1];
  if (affiliateVisit && schoolOfVisit) void import('../api/schoolApi').then((m) => m.recordAffiliateVisit(schoolOfVisit, affiliateVisit));
}
