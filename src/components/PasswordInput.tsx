import { useIntl } from 'react-intl';
import { PasswordField, type PasswordFieldProps } from './ui/PasswordField';
import { commonMessages } from '../i18n/commonMessages';

/** The kit's password field with the app's translated show / hide labels. */
export function PasswordInput(props: Omit<PasswordFieldProps, 'showLabel' | 'hideLabel'>) {
  const intl = useIntl();
  return <PasswordField {...props} showLabel={intl.formatMessage(commonMessages.showPassword)} hideLabel={intl.formatMessage(commonMessages.hidePassword)} />;
}
