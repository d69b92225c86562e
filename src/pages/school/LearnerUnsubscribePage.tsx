import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { unsubscribeLearnerEmails } from '../../api/schoolApi';
import { useSchool } from '../../app/school';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';

const m = defineMessages({
  title: { id: 'school.unsubscribe.title', defaultMessage: 'Se désinscrire des e-mails automatiques' },
  confirm: { id: 'school.unsubscribe.confirm', defaultMessage: 'Me désinscrire' },
  pending: { id: 'school.unsubscribe.pending', defaultMessage: 'Désinscription…' },
  noToken: { id: 'school.unsubscribe.noToken', defaultMessage: 'Ce lien est incomplet. Utilisez le lien « Ne plus recevoir ces e-mails » en bas d’un e-mail reçu.' },
});

const leadMessage = defineMessage<{ school: string }>({
  id: 'school.unsubscribe.lead',
  defaultMessage: 'Vous ne recevrez plus les e-mails de bienvenue et de relance de {school}. Les e-mails liés à votre compte (mot de passe, accès à une formation) continueront de vous parvenir.',
});

/**
 * The link at the end of each automatic e-mail. It asks before acting: mail scanners open links, and a visit
 * alone must not unsubscribe anyone.
 */
export function LearnerUnsubscribePage() {
  const intl = useIntl();
  const school = useSchool();
  const [search] = useSearchParams();
  const token = search.get('token');
  const request = useRequest(async (input: string, signal) => unsubscribeLearnerEmails(school.subdomain, input, signal));
  return (
    <section className="auth-card" aria-labelledby="learner-unsubscribe-title" data-testid="learner-unsubscribe">
      <h1 id="learner-unsubscribe-title">{intl.formatMessage(m.title)}</h1>
      {!token ? (
        <Banner variant="danger">{intl.formatMessage(m.noToken)}</Banner>
      ) : request.hasSucceeded ? (
        <Banner variant="success" role="status" data-testid="learner-unsubscribe-done">
          {request.message}
        </Banner>
      ) : (
        <>
          <p className="auth-card__lead">{intl.formatMessage(leadMessage, { school: school.name })}</p>
          {request.error && <Banner variant="danger">{failureText(intl, request.error) ?? request.error.fieldErrors.token?.join(', ')}</Banner>}
          <Button fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)} onPress={() => request.submit(token)} data-testid="learner-unsubscribe-confirm">
            {intl.formatMessage(m.confirm)}
          </Button>
        </>
      )}
    </section>
  );
}
