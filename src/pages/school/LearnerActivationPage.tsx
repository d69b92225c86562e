import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { activateLearner, resendLearnerActivation, type LearnerActivation } from '../../api/schoolApi';
import { schoolPath } from '../../../shared/schoolPaths';
import { useSchool } from '../../app/school';
import { useOpenLearnerSession } from '../../app/schoolAuth';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Form } from '../../components/ui/Form';
import { ButtonLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { authMessages } from '../auth/authMessages';
import { NewPasswordFields, newPasswordOf } from '../auth/NewPasswordFields';
import { ResendActivation } from '../auth/ResendActivation';
import { schoolMessages as m } from './schoolMessages';

/**
 * Follows the activation link: tries at once with the token alone (a learner who chose a password at sign-up);
 * a learner added by the team is asked to choose one (422 PASSWORD_REQUIRED). Either way the learner is signed in.
 * An unknown or used link offers a new one.
 */
export function LearnerActivationPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <section className="auth-card" aria-labelledby="learner-activation-title">
      <h1 id="learner-activation-title">{intl.formatMessage(authMessages.activationTitle)}</h1>
      {token ? <Activate token={token} /> : <ResendLink />}
    </section>
  );
}

function Activate({ token }: { token: string }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const openSession = useOpenLearnerSession();
  const request = useRequest(async (body: LearnerActivation, signal) => {
    openSession(await activateLearner(subdomain, body, signal));
  }, { token });
  const needsPassword = request.error?.code === 'PASSWORD_REQUIRED' || Boolean(request.error?.fieldErrors.password_confirmation || request.error?.fieldErrors.password);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit({ token, ...newPasswordOf(new FormData(event.currentTarget)) });
  };
  if (request.hasSucceeded) {
    return (
      <div className="auth-card__center" data-testid="learner-activation-done">
        <Banner variant="success" role="status">
          {intl.formatMessage(m.activationDone)}
        </Banner>
        <ButtonLink href={schoolPath(subdomain, 'account')} data-testid="learner-activation-account">
          {intl.formatMessage(m.myAccount)}
        </ButtonLink>
      </div>
    );
  }
  if (needsPassword) {
    return (
      <Form className="auth-card__form" onSubmit={onSubmit} data-testid="learner-activation-form">
        <p className="auth-card__lead">{intl.formatMessage(m.activationChoosePassword)}</p>
        <NewPasswordFields error={request.error?.code === 'PASSWORD_REQUIRED' ? null : request.error} />
        <Button type="submit" fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(authMessages.pending)}>
          {intl.formatMessage(m.activationSubmit)}
        </Button>
      </Form>
    );
  }
  if (request.error) {
    return (
      <>
        <Banner variant="danger">{failureText(intl, request.error) ?? request.error.fieldErrors.token?.join(', ')}</Banner>
        <ResendLink />
      </>
    );
  }
  return (
    <div className="auth-card__center">
      <Spinner aria-label={intl.formatMessage(authMessages.activationChecking)} />
      <p>{intl.formatMessage(authMessages.activationChecking)}</p>
    </div>
  );
}

function ResendLink() {
  const { subdomain } = useSchool();
  return <ResendActivation resend={(email, signal) => resendLearnerActivation(subdomain, email, signal)} />;
}
