import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ACCEPTED_TYPES, acceptedExtensions, type UploadType } from '../../../machines/upload/upload.limits';
import type { UploadApi } from '../../../machines/upload/upload.actors';
import { trainingUploadApi } from '../../api/uploadApi';
import { formatSize } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { Button } from '../ui/Button';
import { FileDrop } from './FileDrop';
import { StorageUsageNote } from './StorageUsageNote';
import { UploadOutcome } from './UploadOutcome';
import { UploadProgress } from './UploadProgress';
import { failureText, problemText, uploadMessages as m } from './uploadMessages';
import { useUpload } from './useUpload';
import './upload.css';

export interface FileUploadFieldProps {
  /** The training the file belongs to (POST /trainings/{uuid}/urls/presigned)… */
  trainingUuid?: string;
  /** …or another upload address (a store picture: storeUploadApi; the user's avatar), read once. */
  uploadApi?: UploadApi;
  /** What the file is for: it sets the accepted formats and the size limit on the store's plan (spec 9). */
  type: UploadType;
  /** The current file's address, or null. */
  value: string | null;
  /** Called with the new file's address once uploaded, and with null when the user removes the file. */
  onChange: (fileUrl: string | null) => void;
  label: string;
  /** Keep the label for screen readers only, when a heading just above already says it (a card's title). */
  isLabelHidden?: boolean;
  description?: string;
  isDisabled?: boolean;
  /** Offer "Retirer" when a file is set (default true). */
  isRemovable?: boolean;
  /** Show the store's storage use (default true; off where the user may not read it, like an avatar). */
  showStorage?: boolean;
}

/** "…/uploads/…/Couverture-ete.png" → "Couverture-ete.png". */
export const fileNameOf = (url: string) => {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/**
 * A file field that uploads as soon as a file is picked or dropped, with a progress bar and Cancel, then
 * hands the file's address to `onChange`. The checks of the server (formats, size on the plan) are made
 * first, so a refused file is explained at once. Pictures show a preview.
 *
 *   <FileUploadField trainingUuid={uuid} type="IMAGE" label="Image de couverture" value={picture} onChange={setPicture} />
 */
export function FileUploadField({ trainingUuid = '', uploadApi, type, value, onChange, label, isLabelHidden = false, description, isDisabled, isRemovable = true, showStorage = true }: FileUploadFieldProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const labelId = useId();
  const [api] = useState(() => uploadApi ?? trainingUploadApi(trainingUuid));
  const upload = useUpload({ kind: type, api, onUploaded: (result) => onChange(result as string) });
  const { view } = upload;
  const max = view.maxSize === null ? '' : formatSize(view.maxSize, locale);
  const types = acceptedExtensions(type);
  const hint = types ? intl.formatMessage(m.hint, { types, max }) : intl.formatMessage(m.hintAny, { max });
  const error = view.problem
    ? problemText(intl, view.problem, { max, types, zip: false })
    : view.failure
      ? failureText(intl, view.failure)
      : null;

  return (
    <div className="upload-field" role="group" aria-labelledby={labelId} data-testid="file-upload-field">
      <span className={isLabelHidden ? 'visually-hidden' : 'ui-field__label'} id={labelId}>
        {label}
      </span>
      {description && <p className="ui-field__description">{description}</p>}
      <p className="ui-field__description">{hint}</p>
      {showStorage && <StorageUsageNote />}

      {value && !view.isBusy && (
        <div className="upload-current">
          {type === 'IMAGE' ? (
            <img className="upload-current__preview" src={value} alt={intl.formatMessage(m.preview, { label })} />
          ) : (
            <a className="upload-current__link" href={value} target="_blank" rel="noreferrer">
              {intl.formatMessage(m.current, { name: fileNameOf(value) })}
            </a>
          )}
          {isRemovable && (
            <Button variant="ghost" size="sm" isDisabled={isDisabled} onPress={() => (upload.reset(), onChange(null))} data-testid="upload-remove">
              {intl.formatMessage(m.remove)}
            </Button>
          )}
        </div>
      )}

      {view.isBusy ? (
        <UploadProgress view={view} onCancel={upload.cancel} />
      ) : (
        <FileDrop
          accept={ACCEPTED_TYPES[type]}
          prompt={intl.formatMessage(m.drop)}
          buttonLabel={intl.formatMessage(value ? m.replace : m.choose)}
          isDisabled={isDisabled}
          onFile={upload.select}
        />
      )}

      <UploadOutcome
        done={view.status === 'done' && view.fileName ? intl.formatMessage(m.done, { name: view.fileName }) : null}
        error={error}
        onRetry={view.canRetry ? upload.retry : null}
      />
    </div>
  );
}
