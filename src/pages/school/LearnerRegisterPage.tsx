import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { selectLearnerFormError } from '../../../machines/learnerAuth/learnerAuth.selectors';
import { schoolPath } from '../../../shared/schoolPaths';
import { useSchool } from '../../app/school';
import { LearnerAuthActor } from '../../app/schoolAuth';
import { failureText, fieldErrors } from '../../app/failureText';
import { Captcha } from '../../components/Captcha';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { PasswordInput } from '../../components/PasswordInput';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { useLocale } from '../../i18n/LocaleProvider';
import { authMessages } from '../auth/authMessages';
import { schoolMessages as m } from './schoolMessages';

export function LearnerRegisterPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const school = useSchool();
  const auth = LearnerAuthActor.useActorRef();
  const { isRegistering, error } = LearnerAuthActor.useSelector(
    (s) => ({ isRegistering: s.matches({ guest: 'registering' }), error: selectLearnerFormError('register')(s) }),
    shallowEqual,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const lastname = String(data.get('lastname') ?? '').trim();
    auth.send({
      type: 'REGISTER',
      registration: {
        firstname: String(data.get('firstname') ?? '').trim(),
        ...(lastname ? { lastname } : {}),
        email: String(data.get('email') ?? '').trim(),
        password: String(data.get('password') ?? ''),
        locale,
      },
    });
  };
  return (
    <section className="auth-card" aria-labelledby="learner-register-title">
      <h1 id="learner-register-title">{intl.formatMessage(m.registerTitle)}</h1>
      {school.registration_open ? (
        <>
          <p className="auth-card__lead">{intl.formatMessage(m.registerLead)}</p>
          <Form className="auth-card__form" onSubmit={onSubmit} data-testid="learner-register-form">
            <FormError>{failureText(intl, error, ['firstname', 'lastname', 'email', 'password'])}</FormError>
            <TextField name="firstname" autoComplete="given-name" label={intl.formatMessage(authMessages.firstname)} isRequired maxLength={64} errorMessage={fieldErrors(error, 'firstname')} />
            <TextField name="lastname" autoComplete="family-name" label={intl.formatMessage(m.lastname)} maxLength={64} errorMessage={fieldErrors(error, 'lastname')} />
            <TextField name="email" type="email" autoComplete="email" label={intl.formatMessage(commonMessages.email)} isRequired errorMessage={fieldErrors(error, 'email')} />
            <PasswordInput
              name="password"
              autoComplete="new-password"
              label={intl.formatMessage(commonMessages.password)}
              description={intl.formatMessage(authMessages.passwordHint)}
              isRequired
              minLength={8}
              maxLength={128}
              errorMessage={fieldErrors(error, 'password')}
            />
            <Captcha />
            <Button type="submit" fullWidth isPending={isRegistering} pendingLabel={intl.formatMessage(m.registering)} data-testid="learner-register-submit">
              {intl.formatMessage(m.registerSubmit)}
            </Button>
          </Form>
        </>
      ) : (
        <Banner variant="info">{intl.formatMessage(m.registrationClosed)}</Banner>
      )}
      <p className="auth-card__alt">
        {intl.formatMessage(authMessages.haveAccount)} <TextLink href={schoolPath(school.subdomain, 'login')}>{intl.formatMessage(m.signIn)}</TextLink>
      </p>
    </section>
  );
}
