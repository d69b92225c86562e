import type { IntlShape } from 'react-intl';
import type { Failure } from '../../shared/failure';
import { commonMessages } from '../i18n/commonMessages';

/** The form-level text for a failure; the full error catalogue (dialogs, toasts) belongs to the shell. */
export function failureText(intl: IntlShape, failure: Failure | null, shownFields: string[] = []): string | undefined {
  if (!failure) return undefined;
  if (failure.status === null) return intl.formatMessage(commonMessages.networkLost);
  if (failure.status >= 500) return intl.formatMessage(commonMessages.genericError);
  // Messages already shown on a field are not repeated above the form.
  const onFields = Object.keys(failure.fieldErrors).some((f) => shownFields.includes(f));
  return onFields ? undefined : failure.message;
}

export const fieldErrors = (failure: Failure | null, name: string) => failure?.fieldErrors[name];
