import { useIntl } from 'react-intl';
import type { selectUploadView } from '../../../machines/upload/upload.selectors';
import { formatSize } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { Button } from '../ui/Button';
import { ProgressMeter } from '../ui/ProgressMeter';
import { uploadMessages as m } from './uploadMessages';

type UploadView = ReturnType<typeof selectUploadView>;

/**
 * The bar of an upload on its way: indeterminate while the address is asked or before the browser knows
 * the total, then the share sent ("1,2 Mo sur 4 Mo"); with the Cancel button. `busyLabel` replaces the
 * label once every byte is sent but the server still works (SCORM: checking and unpacking the package).
 */
export function UploadProgress({ view, onCancel, busyLabel }: { view: UploadView; onCancel: () => void; busyLabel?: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const name = view.fileName ?? '';
  const allSent = view.progress === 1 && view.status === 'uploading';
  const label =
    view.status === 'preparing'
      ? intl.formatMessage(m.preparing, { name })
      : allSent && busyLabel
        ? busyLabel
        : intl.formatMessage(m.sending, { name });
  const known = view.progress !== null && !allSent;
  const total = view.fileSize ?? 0;
  const valueText = known ? intl.formatMessage(m.progress, { loaded: formatSize(view.progress! * total, locale), total: formatSize(total, locale) }) : undefined;
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <ProgressMeter
        className="upload-progress__bar"
        labelClassName="upload-progress__label"
        label={label}
        value={known ? Math.round(view.progress! * 100) : undefined}
        valueText={valueText}
      >
        {valueText && (
          <span className="upload-progress__value" aria-hidden="true">
            {valueText}
          </span>
        )}
        <div className="upload-progress__track">
          <div
            className={known ? 'upload-progress__fill' : 'upload-progress__fill upload-progress__fill--indeterminate'}
            style={known ? { width: `${view.progress! * 100}%` } : undefined}
          />
        </div>
      </ProgressMeter>
      {/* Once every byte is sent the server finishes on its own: cancelling then would only hide its answer. */}
      {!allSent && (
        <Button variant="ghost" size="sm" onPress={onCancel} data-testid="upload-cancel">
          {intl.formatMessage(m.cancel)}
        </Button>
      )}
    </div>
  );
}
