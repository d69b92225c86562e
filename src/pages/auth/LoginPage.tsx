import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { selectFormError } from '../../../machines/auth/auth.selectors';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { PasswordInput } from '../../components/PasswordInput';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages as m } from './authMessages';

export function LoginPage() {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const { isLoggingIn, error } = AuthActor.useSelector(
    (s) => ({ isLoggingIn: s.matches({ guest: 'loggingIn' }), error: selectFormError('login')(s) }),
    shallowEqual,
  );

  // Fields are uncontrolled: after a refusal the user's typing stays where it was.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    auth.send({
      type: 'LOGIN',
      credentials: { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? ''), staySignedIn: data.get('staySignedIn') === 'on' },
    });
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{intl.formatMessage(m.loginTitle)}</h1>
      <p className="auth-card__lead">{intl.formatMessage(m.loginLead)}</p>
      <Form className="auth-card__form" onSubmit={onSubmit} data-testid="login-form">
        <FormError>{failureText(intl, error, ['email', 'password'])}</FormError>
        <TextField
          name="email"
          type="email"
          autoComplete="username"
          label={intl.formatMessage(commonMessages.email)}
          isRequired
          errorMessage={fieldErrors(error, 'email')}
        />
        <PasswordInput
          name="password"
          autoComplete="current-password"
          label={intl.formatMessage(commonMessages.password)}
          isRequired
          errorMessage={fieldErrors(error, 'password')}
        />
        <div className="auth-card__row">
          <Checkbox name="staySignedIn">{intl.formatMessage(m.staySignedIn)}</Checkbox>
          <TextLink href="/changement-mot-de-passe">{intl.formatMessage(m.forgotPassword)}</TextLink>
        </div>
        <Button type="submit" fullWidth isPending={isLoggingIn} pendingLabel={intl.formatMessage(m.loggingIn)} data-testid="login-submit">
          {intl.formatMessage(m.loginSubmit)}
        </Button>
      </Form>
      <p className="auth-card__alt">
        {intl.formatMessage(m.noAccount)} <TextLink href="/inscription">{intl.formatMessage(m.createAccount)}</TextLink>
      </p>
    </section>
  );
}
