import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { selectLearnerFormError } from '../../../machines/learnerAuth/learnerAuth.selectors';
import { schoolPath } from '../../../shared/schoolPaths';
import { useSchool } from '../../app/school';
import { LearnerAuthActor } from '../../app/schoolAuth';
import { failureText, fieldErrors } from '../../app/failureText';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { PasswordInput } from '../../components/PasswordInput';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages } from '../auth/authMessages';
import { schoolMessages as m } from './schoolMessages';

export function LearnerLoginPage() {
  const intl = useIntl();
  const school = useSchool();
  const auth = LearnerAuthActor.useActorRef();
  const { isLoggingIn, error, ended } = LearnerAuthActor.useSelector(
    (s) => ({ isLoggingIn: s.matches({ guest: 'loggingIn' }), error: selectLearnerFormError('login')(s), ended: s.context.ended }),
    shallowEqual,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    auth.send({
      type: 'LOGIN',
      credentials: { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? ''), staySignedIn: data.get('staySignedIn') === 'on' },
    });
  };
  return (
    <section className="auth-card" aria-labelledby="learner-login-title">
      <h1 id="learner-login-title">{intl.formatMessage(m.loginTitle)}</h1>
      {ended && (
        <Banner variant={ended === 'expired' ? 'warning' : 'success'} role="status" data-testid="learner-ended">
          {intl.formatMessage(ended === 'expired' ? m.expired : m.loggedOut)}
        </Banner>
      )}
      <p className="auth-card__lead">{intl.formatMessage(m.loginLead)}</p>
      <Form className="auth-card__form" onSubmit={onSubmit} data-testid="learner-login-form">
        <FormError>{failureText(intl, error, ['email', 'password'])}</FormError>
        <TextField name="email" type="email" autoComplete="username" label={intl.formatMessage(commonMessages.email)} isRequired errorMessage={fieldErrors(error, 'email')} />
        <PasswordInput name="password" autoComplete="current-password" label={intl.formatMessage(commonMessages.password)} isRequired errorMessage={fieldErrors(error, 'password')} />
        <div className="auth-card__row">
          <Checkbox name="staySignedIn">{intl.formatMessage(authMessages.staySignedIn)}</Checkbox>
          <TextLink href={schoolPath(school.subdomain, 'resetPassword')}>{intl.formatMessage(authMessages.forgotPassword)}</TextLink>
        </div>
        <Button type="submit" fullWidth isPending={isLoggingIn} pendingLabel={intl.formatMessage(authMessages.loggingIn)} data-testid="learner-login-submit">
          {intl.formatMessage(m.signIn)}
        </Button>
      </Form>
      {school.registration_open && (
        <p className="auth-card__alt">
          {intl.formatMessage(m.noAccount)} <TextLink href={schoolPath(school.subdomain, 'register')}>{intl.formatMessage(m.createAccount)}</TextLink>
        </p>
      )}
    </section>
  );
}
