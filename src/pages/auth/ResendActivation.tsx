import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { resendActivation } from '../../api/authApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Form, FormError } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { authMessages as m } from './authMessages';

/** Sends the activation e-mail again: a button when the address is known, else a one-field form. */
export function ResendActivation({
  email,
  variant = 'form',
  resend = resendActivation,
}: {
  email?: string;
  variant?: 'form' | 'button';
  /** The call that sends it: the back office's by default, a school's for its learners. */
  resend?: (email: string, signal: AbortSignal) => Promise<{ message?: string } | void>;
}) {
  const intl = useIntl();
  const request = useRequest(resend);
  if (request.hasSucceeded) {
    return (
      <Banner variant="success" role="status">
        {intl.formatMessage(m.activationResent)}
      </Banner>
    );
  }
  if (variant === 'button' && email) {
    return (
      <Button variant="secondary" size="sm" onPress={() => request.submit(email)} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)} data-testid="resend-activation">
        {intl.formatMessage(m.activationResend)}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(String(new FormData(event.currentTarget).get('email') ?? '').trim());
  };
  return (
    <Form className="auth-card__form" onSubmit={onSubmit}>
      <p className="auth-card__lead">{intl.formatMessage(m.activationLead)}</p>
      <FormError>{failureText(intl, request.error, ['email'])}</FormError>
      <TextField name="email" type="email" autoComplete="email" defaultValue={email} label={intl.formatMessage(commonMessages.email)} isRequired errorMessage={fieldErrors(request.error, 'email')} />
      <Button type="submit" fullWidth isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.pending)}>
        {intl.formatMessage(m.activationResend)}
      </Button>
    </Form>
  );
}
