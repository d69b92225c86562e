import { useIntl } from 'react-intl';
import type { Failure } from '../../../shared/failure';
import { fieldErrors } from '../../app/failureText';
import { PasswordInput } from '../../components/PasswordInput';
import { authMessages as m } from './authMessages';

/** The fields `password` and `password_confirmation` of a form choosing a new password (reset, activation). */
export function NewPasswordFields({ error }: { error: Failure | null }) {
  const intl = useIntl();
  return (
    <>
      <PasswordInput
        name="password"
        autoComplete="new-password"
        label={intl.formatMessage(m.newPassword)}
        description={intl.formatMessage(m.passwordHint)}
        isRequired
        minLength={8}
        errorMessage={fieldErrors(error, 'password')}
      />
      <PasswordInput name="password_confirmation" autoComplete="new-password" label={intl.formatMessage(m.confirmPassword)} isRequired errorMessage={fieldErrors(error, 'password_confirmation')} />
    </>
  );
}

/** The two fields as the API wants them. */
export const newPasswordOf = (data: FormData) => ({ password: String(data.get('password') ?? ''), password_confirmation: String(data.get('password_confirmation') ?? '') });
