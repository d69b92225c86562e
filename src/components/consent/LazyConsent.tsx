import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad';
import { thirdParty } from '../../app/thirdParty';

/*
 * The analytics consent (its machine, xstate) only where a tag manager is configured: loaded with its banner or its
 * link, and started then (the storefront's and the guest entry's first loads carry no state machine).
 */
export const consentConfigured = Boolean(thirdParty.gtm);
const loadConsent = () =>
  withChunkTimeout(() => Promise.all([import('../../app/consent'), import('./ConsentBanner')])).then(([{ consentActor }, banner]) => {
    consentActor?.start();
    return banner;
  });
export const LazyConsentBanner = lazy(() => loadConsent().then((x) => ({ default: x.ConsentBanner })));
export const LazyConsentLink = lazy(() => loadConsent().then((x) => ({ default: x.ConsentLink })));
