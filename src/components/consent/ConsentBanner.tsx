import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { selectConsentView } from '../../../machines/consent/consent.selectors';
import { consentActor } from '../../app/consent';
import { Button } from '../ui/Button';
import './consent.css';

const messages = defineMessages({
  label: { id: 'consent.label', defaultMessage: 'Mesure d’audience' },
  body: {
    id: 'consent.body',
    defaultMessage:
      'Avec votre accord, nous mesurons la fréquentation de ce site avec Google Tag Manager. Sans accord, rien n’est chargé ni déposé à cette fin. Vous pouvez changer d’avis à tout moment depuis le lien « Cookies ».',
  },
  accept: { id: 'consent.accept', defaultMessage: 'Accepter' },
  refuse: { id: 'consent.refuse', defaultMessage: 'Refuser' },
  close: { id: 'consent.close', defaultMessage: 'Fermer' },
  link: { id: 'consent.link', defaultMessage: 'Cookies' },
});
const currentMessage = defineMessage<{ choice: 'accepted' | 'refused' }>({
  id: 'consent.current',
  defaultMessage: 'Votre choix actuel : {choice, select, accepted {accepté} other {refusé}}.',
});

type Actor = NonNullable<typeof consentActor>;

/**
 * The analytics consent banner (issue 17, GDPR): shown until the visitor chooses, on pages that may load analytics;
 * "Refuser" sits beside "Accepter", the same size, one click each. Nothing at all when no tag manager is configured.
 * `permitted`: whether this page may load analytics (a school: only when its store enables it).
 */
export function ConsentBanner({ permitted }: { permitted: boolean }) {
  return consentActor ? <Banner actor={consentActor} permitted={permitted} /> : null;
}

function Banner({ actor, permitted }: { actor: Actor; permitted: boolean }) {
  const intl = useIntl();
  const view = useSelector(actor, selectConsentView);
  useEffect(() => {
    actor.send({ type: permitted ? 'PERMIT' : 'FORBID' });
  }, [actor, permitted]);
  if (!view.isOpen) return null;
  return (
    <section className="consent-banner" role="region" aria-label={intl.formatMessage(messages.label)} data-testid="consent-banner">
      <p className="consent-banner__text">
        {intl.formatMessage(messages.body)}
        {view.isReview && view.choice && <> {intl.formatMessage(currentMessage, { choice: view.choice })}</>}
      </p>
      <div className="consent-banner__actions">
        <Button variant="secondary" onPress={() => actor.send({ type: 'REFUSE' })} data-testid="consent-refuse">
          {intl.formatMessage(messages.refuse)}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'ACCEPT' })} data-testid="consent-accept">
          {intl.formatMessage(messages.accept)}
        </Button>
        {view.isReview && (
          <Button variant="ghost" onPress={() => actor.send({ type: 'DISMISS' })}>
            {intl.formatMessage(messages.close)}
          </Button>
        )}
      </div>
    </section>
  );
}

/** "Cookies" beside the legal links: reopens the banner to change the choice (nothing when no tag manager is configured). */
export function ConsentLink({ className }: { className?: string }) {
  const intl = useIntl();
  if (!consentActor) return null;
  const actor = consentActor;
  return (
    <button type="button" className={className} onClick={() => actor.send({ type: 'REOPEN' })} data-testid="consent-link">
      {intl.formatMessage(messages.link)}
    </button>
  );
}
