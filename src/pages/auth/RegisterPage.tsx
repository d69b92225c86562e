import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { selectFormError } from '../../../machines/auth/auth.selectors';
import { readAttribution } from '../../app/attribution';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { Captcha } from '../../components/Captcha';
import { Button } from '../../components/ui/Button';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { PasswordInput } from '../../components/PasswordInput';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { useLocale } from '../../i18n/LocaleProvider';
import { authMessages as m } from './authMessages';

export function RegisterPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const auth = AuthActor.useActorRef();
  const { isRegistering, error } = AuthActor.useSelector(
    (s) => ({ isRegistering: s.matches({ guest: 'registering' }), error: selectFormError('register')(s) }),
    shallowEqual,
  );
  // A partner's link carries its code (`/inscription?perk=CODE`); anyone else opens the field with the toggle.
  const [search] = useSearchParams();
  const linkedPerk = search.get('perk')?.trim().slice(0, 64) ?? '';
  const [perkOpened, setPerkOpened] = useState(false);
  const showPerk = linkedPerk !== '' || perkOpened;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // The sponsor code and the campaign were kept when the visitor landed (src/app/attribution.ts, main.tsx).
    const { godFather, attribution } = readAttribution(localStorage);
    // A perk code sends the sign-up to POST /perks/register (machines/auth); an empty field is a plain sign-up.
    const perkCode = showPerk ? String(data.get('perk_code') ?? '').trim() : '';
    auth.send({
      type: 'REGISTER',
      registration: {
        firstname: String(data.get('firstname') ?? '').trim(),
        email: String(data.get('email') ?? '').trim(),
        password: String(data.get('password') ?? ''),
        locale,
        ...(godFather ? { god_father: godFather } : {}),
        ...(Object.keys(attribution).length ? { attribution } : {}),
        ...(perkCode ? { perk_code: perkCode } : {}),
      },
    });
  };

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">{intl.formatMessage(m.registerTitle)}</h1>
      <p className="auth-card__lead">{intl.formatMessage(m.registerLead)}</p>
      <Form className="auth-card__form" onSubmit={onSubmit} data-testid="register-form">
        <FormError>{failureText(intl, error, ['firstname', 'email', 'password', 'perk_code'])}</FormError>
        <TextField name="firstname" autoComplete="given-name" label={intl.formatMessage(m.firstname)} isRequired maxLength={64} errorMessage={fieldErrors(error, 'firstname')} />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={intl.formatMessage(commonMessages.email)}
          isRequired
          errorMessage={fieldErrors(error, 'email')}
        />
        <PasswordInput
          name="password"
          autoComplete="new-password"
          label={intl.formatMessage(commonMessages.password)}
          description={intl.formatMessage(m.passwordHint)}
          isRequired
          minLength={8}
          maxLength={128}
          errorMessage={fieldErrors(error, 'password')}
        />
        {showPerk ? (
          <TextField
            name="perk_code"
            autoComplete="off"
            label={intl.formatMessage(m.perkCode)}
            description={intl.formatMessage(m.perkCodeHint)}
            defaultValue={linkedPerk}
            // Opened by the toggle: the focus goes to the field the visitor asked for.
            autoFocus={perkOpened && linkedPerk === ''}
            maxLength={64}
            errorMessage={fieldErrors(error, 'perk_code')}
          />
        ) : (
          <div>
            <Button variant="ghost" size="sm" onPress={() => setPerkOpened(true)} data-testid="register-perk-toggle">
              {intl.formatMessage(m.perkToggle)}
            </Button>
          </div>
        )}
        <Captcha />
        <Button type="submit" fullWidth isPending={isRegistering} pendingLabel={intl.formatMessage(m.registering)} data-testid="register-submit">
          {intl.formatMessage(m.registerSubmit)}
        </Button>
      </Form>
      <p className="auth-card__alt">
        {intl.formatMessage(m.haveAccount)} <TextLink href="/connexion">{intl.formatMessage(m.signIn)}</TextLink>
      </p>
    </section>
  );
}
