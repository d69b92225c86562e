import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAuthForm } from '../../app/authForms';
import { failureText, fieldErrors } from '../../app/failureText';
import { PlainButton, PlainCheckbox, PlainLink, PlainPasswordField, PlainTextField } from '../../components/plain/PlainFields';
import { FormError } from '../../components/ui/FormError';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages as m } from './authMessages';

/** Plain controls, no React Aria nor router: the guest entry's first page (issue 9's JavaScript bar). */
export function LoginPage() {
  const intl = useIntl();
  const { pending, error, send } = useAuthForm('login');

  // Fields are uncontrolled: after a refusal the user's typing stays where it was.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    send({
      type: 'LOGIN',
      credentials: { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? ''), staySignedIn: data.get('staySignedIn') === 'on' },
    });
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{intl.formatMessage(m.loginTitle)}</h1>
      <p className="auth-card__lead">{intl.formatMessage(m.loginLead)}</p>
      <form className="ui-form auth-card__form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <FormError>{failureText(intl, error, ['email', 'password'])}</FormError>
        <PlainTextField name="email" type="email" autoComplete="username" label={intl.formatMessage(commonMessages.email)} required errorMessage={fieldErrors(error, 'email')} />
        <PlainPasswordField
          name="password"
          autoComplete="current-password"
          label={intl.formatMessage(commonMessages.password)}
          required
          errorMessage={fieldErrors(error, 'password')}
          showLabel={intl.formatMessage(commonMessages.showPassword)}
          hideLabel={intl.formatMessage(commonMessages.hidePassword)}
        />
        <div className="auth-card__row">
          <PlainCheckbox name="staySignedIn">{intl.formatMessage(m.staySignedIn)}</PlainCheckbox>
          <PlainLink href="/changement-mot-de-passe">{intl.formatMessage(m.forgotPassword)}</PlainLink>
        </div>
        <PlainButton type="submit" fullWidth pending={pending} pendingLabel={intl.formatMessage(m.loggingIn)} data-testid="login-submit">
          {intl.formatMessage(m.loginSubmit)}
        </PlainButton>
      </form>
      <p className="auth-card__alt">
        {intl.formatMessage(m.noAccount)} <PlainLink href="/inscription">{intl.formatMessage(m.createAccount)}</PlainLink>
      </p>
    </section>
  );
}
