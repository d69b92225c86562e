import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { verifyEmail } from '../../api/authApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Spinner } from '../../components/ui/Spinner';
import { TextLink } from '../../components/ui/Link';
import { authMessages as m } from './authMessages';
import { ResendActivation } from './ResendActivation';

/** Follows the activation link: verifies at once, then offers the way in, or a new link when it failed. */
export function ActivationPage() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? undefined;
  const token = search.get('token') ?? undefined;
  return email && token ? <VerifyLink email={email} token={token} /> : <ActivationHelp />;
}

function VerifyLink({ email, token }: { email: string; token: string }) {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const signedIn = AuthActor.useSelector((s) => s.matches('authenticated'));
  const request = useRequest(
    async (query: { email: string; token: string }, signal) => {
      const result = await verifyEmail(query, signal);
      // The auth machine reloads a signed-in user, so the activation reminder disappears at once.
      auth.send({ type: 'EMAIL_VERIFIED' });
      return result;
    },
    { email, token },
  );
  return (
    <section className="auth-card" aria-labelledby="activation-title" aria-busy={request.isSubmitting}>
      <h1 id="activation-title">{intl.formatMessage(m.activationTitle)}</h1>
      {request.isSubmitting && (
        <div className="auth-card__center">
          <Spinner aria-label={intl.formatMessage(m.activationChecking)} />
          <p>{intl.formatMessage(m.activationChecking)}</p>
        </div>
      )}
      {request.hasSucceeded && (
        <div className="auth-card__center" data-testid="activation-done">
          <Banner variant="success" role="status">
            {intl.formatMessage(m.activationDone)}
          </Banner>
          <TextLink href={signedIn ? '/' : '/connexion'}>{intl.formatMessage(signedIn ? m.goHome : m.signIn)}</TextLink>
        </div>
      )}
      {request.error && (
        <>
          <Banner variant="danger">{failureText(intl, request.error) ?? request.error.fieldErrors.token?.join(', ')}</Banner>
          <ResendActivation email={email} />
        </>
      )}
    </section>
  );
}

function ActivationHelp() {
  const intl = useIntl();
  const email = AuthActor.useSelector((s) => s.context.user?.email);
  return (
    <section className="auth-card" aria-labelledby="activation-title">
      <h1 id="activation-title">{intl.formatMessage(m.activationTitle)}</h1>
      <ResendActivation email={email} />
    </section>
  );
}
