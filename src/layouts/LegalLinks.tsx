import { Suspense } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { usePageDialog } from '../app/pageDialog';
import { consentConfigured, LazyConsentLink } from '../components/consent/LazyConsent';

const messages = defineMessages({
  terms: { id: 'legal.terms', defaultMessage: 'Conditions générales' },
  notice: { id: 'legal.notice', defaultMessage: 'Mentions légales' },
  privacy: { id: 'legal.privacy', defaultMessage: 'Confidentialité' },
  label: { id: 'legal.label', defaultMessage: 'Informations légales' },
});

const pages = [
  { slug: 'conditions-generales', label: messages.terms },
  { slug: 'mentions-legales', label: messages.notice },
  { slug: 'politique-de-confidentialite', label: messages.privacy },
] as const;

/**
 * Links to the site's legal pages, shown in the page dialog, and the cookie choice when a tag manager is configured
 * (its machine loads with the link: the guest pages' first load carries no state machine).
 */
export function LegalLinks() {
  const intl = useIntl();
  const open = usePageDialog();
  return (
    <nav className="legal-links" aria-label={intl.formatMessage(messages.label)}>
      {pages.map((page) => (
        <button key={page.slug} type="button" className="legal-links__link" onClick={() => open(page.slug)} data-testid={`legal-${page.slug}`}>
          {intl.formatMessage(page.label)}
        </button>
      ))}
      {consentConfigured ? (
        <Suspense fallback={null}>
          <LazyConsentLink className="legal-links__link" />
        </Suspense>
      ) : null}
    </nav>
  );
}
