import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { readAttribution } from '../../app/attribution';
import { useAuthForm } from '../../app/authForms';
import { failureText, fieldErrors } from '../../app/failureText';
import { usePageNavigation } from '../../app/pageNavigation';
import { Captcha } from '../../components/Captcha';
import { PlainButton, PlainLink, PlainPasswordField, PlainTextField } from '../../components/plain/PlainFields';
import { FormError } from '../../components/ui/FormError';
import { commonMessages } from '../../i18n/commonMessages';
import { useLocale } from '../../i18n/LocaleProvider';
import { authMessages as m } from './authMessages';

/** Plain controls, no React Aria nor router: a page of the guest entry (issue 9's JavaScript bar). */
export function RegisterPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { pending, error, send } = useAuthForm('register');
  // A partner's link carries its code (`/inscription?perk=CODE`); anyone else opens the field with the toggle.
  const { search } = usePageNavigation();
  const linkedPerk = new URLSearchParams(search).get('perk')?.trim().slice(0, 64) ?? '';
  const [perkOpened, setPerkOpened] = useState(false);
  const showPerk = linkedPerk !== '' || perkOpened;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    // The sponsor code and the campaign were kept when the visitor landed (src/app/attribution.ts, main.tsx).
    const { godFather, attribution } = readAttribution(localStorage);
    // A perk code sends the sign-up to POST /perks/register (machines/auth); an empty field is a plain sign-up.
    const perkCode = showPerk ? String(data.get('perk_code') ?? '').trim() : '';
    send({
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
      <form className="ui-form auth-card__form" onSubmit={onSubmit} noValidate data-testid="register-form">
        <FormError>{failureText(intl, error, ['firstname', 'email', 'password', 'perk_code'])}</FormError>
        <PlainTextField name="firstname" autoComplete="given-name" label={intl.formatMessage(m.firstname)} required maxLength={64} errorMessage={fieldErrors(error, 'firstname')} />
        <PlainTextField name="email" type="email" autoComplete="email" label={intl.formatMessage(commonMessages.email)} required errorMessage={fieldErrors(error, 'email')} />
        <PlainPasswordField
          name="password"
          autoComplete="new-password"
          label={intl.formatMessage(commonMessages.password)}
          description={intl.formatMessage(m.passwordHint)}
          required
          minLength={8}
          maxLength={128}
          errorMessage={fieldErrors(error, 'password')}
          showLabel={intl.formatMessage(commonMessages.showPassword)}
          hideLabel={intl.formatMessage(commonMessages.hidePassword)}
        />
        {showPerk ? (
          <PlainTextField
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
            <PlainButton variant="ghost" size="sm" onClick={() => setPerkOpened(true)} data-testid="register-perk-toggle">
              {intl.formatMessage(m.perkToggle)}
            </PlainButton>
          </div>
        )}
        <Captcha />
        <PlainButton type="submit" fullWidth pending={pending} pendingLabel={intl.formatMessage(m.registering)} data-testid="register-submit">
          {intl.formatMessage(m.registerSubmit)}
        </PlainButton>
      </form>
      <p className="auth-card__alt">
        {intl.formatMessage(m.haveAccount)} <PlainLink href="/connexion">{intl.formatMessage(m.signIn)}</PlainLink>
      </p>
    </section>
  );
}
