import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { requestLearnerPasswordReset, resetLearnerPassword } from '../../api/schoolApi';
import { schoolPath } from '../../../shared/schoolPaths';
import { useSchool } from '../../app/school';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages as m } from '../auth/authMessages';
import { NewPasswordFields, newPasswordOf } from '../auth/NewPasswordFields';

/** Without a token: ask for the link. With the link's token: choose the new password. */
export function LearnerResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return token ? <ChooseNewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const request = useRequest((email: string, signal) => requestLearnerPasswordReset(subdomain, email, signal));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(String(new FormData(event.currentTarget).get('email') ?? '').trim());
  };
  return (
    <section className="auth-card" aria-labelledby="learner-reset-title">
      <h1 id="learner-reset-title">{intl.formatMessage(m.resetTitle)}</h1>
      {request.hasSucceeded ? (
        <Banner variant="success" role="status">
          {intl.formatMessage(m.resetSent)}
        </Banner>
      ) : (
        <>
          <p className="auth-card__lead">{intl.formatMessage(m.resetLead)}</p>
          <Form className="auth-card__form" onSubmit={onSubmit} data-testid="learner-reset-form">
            <FormError>{failureText(intl, request.error, ['email'])}</FormError>
            <TextField name="email" type="email" autoComplete="email" label={intl.formatMessage(commonMessages.email)} isRequired errorMessage={fieldErrors(request.error, 'email')} />
            <Button type="submit" fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)}>
              {intl.formatMessage(m.resetSubmit)}
            </Button>
          </Form>
        </>
      )}
      <p className="auth-card__alt">
        <TextLink href={schoolPath(subdomain, 'login')}>{intl.formatMessage(m.backToLogin)}</TextLink>
      </p>
    </section>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const request = useRequest((body: { token: string; password: string; password_confirmation: string }, signal) => resetLearnerPassword(subdomain, body, signal));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit({ token, ...newPasswordOf(new FormData(event.currentTarget)) });
  };
  return (
    <section className="auth-card" aria-labelledby="learner-new-password-title">
      <h1 id="learner-new-password-title">{intl.formatMessage(m.newPasswordTitle)}</h1>
      {request.hasSucceeded ? (
        <div className="auth-card__center">
          <Banner variant="success" role="status">
            {intl.formatMessage(m.newPasswordDone)}
          </Banner>
          <TextLink href={schoolPath(subdomain, 'login')}>{intl.formatMessage(m.signIn)}</TextLink>
        </div>
      ) : (
        <Form className="auth-card__form" onSubmit={onSubmit}>
          {/* An invalid link is reported on the token, which has no field: show it above the form. */}
          <FormError>{failureText(intl, request.error, ['password', 'password_confirmation'])}</FormError>
          <NewPasswordFields error={request.error} />
          <Button type="submit" fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)}>
            {intl.formatMessage(m.newPasswordSubmit)}
          </Button>
        </Form>
      )}
    </section>
  );
}
