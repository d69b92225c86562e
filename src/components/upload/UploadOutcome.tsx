import { useIntl } from 'react-intl';
import { Button } from '../ui/Button';
import { uploadMessages as m } from './uploadMessages';

/** Under an upload field: what was sent (a polite status), or why not (an alert) with Retry when it may pass. */
export function UploadOutcome({ done, error, onRetry }: { done: string | null; error: string | null; onRetry: (() => void) | null }) {
  const intl = useIntl();
  return (
    <>
      {done && (
        <p className="upload-field__done" role="status">
          {done}
        </p>
      )}
      {error && (
        <div className="upload-field__error">
          <p className="ui-field__error" role="alert" data-testid="upload-error">
            {error}
          </p>
          {onRetry && (
            <Button variant="secondary" size="sm" onPress={onRetry} data-testid="upload-retry">
              {intl.formatMessage(m.retry)}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
