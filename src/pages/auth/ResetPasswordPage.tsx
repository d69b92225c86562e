import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/authApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Captcha } from '../../components/Captcha';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages as m } from './authMessages';
import { NewPasswordFields, newPasswordOf } from './NewPasswordFields';

/** Without a token: ask for the link. With the link's email and token: choose the new password. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const email = search.get('email');
  const token = search.get('token');
  return email && token ? (
    <ChooseNewPassword send={(passwords, signal) => resetPassword({ email, token, ...passwords }, signal)} loginHref="/connexion" />
  ) : (
    <RequestResetLink send={(address, signal) => resetPassword({ email: address }, signal)} loginHref="/connexion" />
  );
}

type Sent = Promise<{ message?: string } | void>;

/** Asks for a reset link (the back office's and a school's learner area's, by `send`). */
export function RequestResetLink({ send, loginHref }: { send: (email: string, signal: AbortSignal) => Sent; loginHref: string }) {
  const intl = useIntl();
  const request = useRequest(send);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(String(new FormData(event.currentTarget).get('email') ?? '').trim());
  };
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{intl.formatMessage(m.resetTitle)}</h1>
      {request.hasSucceeded ? (
        <Banner variant="success" role="status">
          {intl.formatMessage(m.resetSent)}
        </Banner>
      ) : (
        <>
          <p className="auth-card__lead">{intl.formatMessage(m.resetLead)}</p>
          <Form className="auth-card__form" onSubmit={onSubmit}>
            <FormError>{failureText(intl, request.error, ['email'])}</FormError>
            <TextField name="email" type="email" autoComplete="email" label={intl.formatMessage(commonMessages.email)} isRequired errorMessage={fieldErrors(request.error, 'email')} />
            <Captcha />
            <Button type="submit" fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)}>
              {intl.formatMessage(m.resetSubmit)}
            </Button>
          </Form>
        </>
      )}
      <p className="auth-card__alt">
        <TextLink href={loginHref}>{intl.formatMessage(m.backToLogin)}</TextLink>
      </p>
    </section>
  );
}

/** Chooses the new password with a reset link's token (held by `send`). */
export function ChooseNewPassword({ send, loginHref }: { send: (passwords: ReturnType<typeof newPasswordOf>, signal: AbortSignal) => Sent; loginHref: string }) {
  const intl = useIntl();
  const request = useRequest(send);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(newPasswordOf(new FormData(event.currentTarget)));
  };
  const shown = ['password', 'password_confirmation'];
  return (
    <section className="auth-card" aria-labelledby="new-password-title">
      <h1 id="new-password-title">{intl.formatMessage(m.newPasswordTitle)}</h1>
      {request.hasSucceeded ? (
        <div className="auth-card__center">
          <Banner variant="success" role="status">
            {intl.formatMessage(m.newPasswordDone)}
          </Banner>
          <TextLink href={loginHref}>{intl.formatMessage(m.signIn)}</TextLink>
        </div>
      ) : (
        <Form className="auth-card__form" onSubmit={onSubmit}>
          {/* An invalid link is reported on the token, which has no field: show it above the form. */}
          <FormError>{failureText(intl, request.error, shown)}</FormError>
          <NewPasswordFields error={request.error} />
          <Button type="submit" fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)}>
            {intl.formatMessage(m.newPasswordSubmit)}
          </Button>
        </Form>
      )}
    </section>
  );
}
