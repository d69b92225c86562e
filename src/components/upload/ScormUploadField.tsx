import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../api/schema.gen';
import type { UploadApi } from '../../../machines/upload/upload.actors';
import { scormUploadApi } from '../../api/uploadApi';
import { formatSize } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { FileDrop } from './FileDrop';
import { StorageUsageNote } from './StorageUsageNote';
import { UploadOutcome } from './UploadOutcome';
import { UploadProgress } from './UploadProgress';
import { failureText, problemText, uploadMessages as m } from './uploadMessages';
import { useUpload } from './useUpload';
import './upload.css';

type TrainingItem = components['schemas']['TrainingItem'];

export interface ScormUploadFieldProps {
  trainingUuid: string;
  /** The section the package goes in; null for the top level. */
  parentId: number | null;
  /** Called with the created SCORM item (a draft), e.g. to refresh the outline and close the dialog. */
  onCreated: (item: TrainingItem) => void;
  label: string;
  /** Where the zip goes: by default a new item (scormUploadApi); scormReplaceApi for a new package of an item. */
  api?: UploadApi;
  /** The line shown once done (default: "Le SCORM « name » a été ajouté."). */
  doneText?: (item: TrainingItem) => string;
  /** A line under the label. */
  description?: string;
}

/**
 * Uploads a SCORM package (.zip, EXPERT plan) as one multipart form with a progress bar; the server checks
 * and unpacks it, then answers the item. Its refusals (not a zip, corrupt, too large, no manifest, unsafe
 * path) show under the field with Retry. The plan lock is the caller's (PlanLock / UpgradeConfirm): the
 * server answers 403 PLAN_REQUIRED below EXPERT anyway.
 *
 *   <ScormUploadField key={`${uuid}:${sectionId}`} trainingUuid={uuid} parentId={sectionId} label="Paquet SCORM" onCreated={…} />
 *
 * The training and section are read once: give a new `key` when they change.
 */
export function ScormUploadField({ trainingUuid, parentId, onCreated, label, api: givenApi, doneText, description }: ScormUploadFieldProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [api] = useState(() => givenApi ?? scormUploadApi(trainingUuid, { parentId }));
  const upload = useUpload({ kind: 'SCORM', api, onUploaded: (item) => onCreated(item as TrainingItem) });
  const { view } = upload;
  const max = view.maxSize === null ? '' : formatSize(view.maxSize, locale);
  const error = view.problem ? problemText(intl, view.problem, { max, types: 'ZIP', zip: true }) : view.failure ? failureText(intl, view.failure) : null;
  const created = view.status === 'done' ? (view.result as TrainingItem) : null;

  return (
    <div className="upload-field" data-testid="scorm-upload-field">
      <span className="ui-field__label">{label}</span>
      {description && <p className="ui-field__description">{description}</p>}
      <p className="ui-field__description">{intl.formatMessage(m.hintZip, { max })}</p>
      <StorageUsageNote />
      {view.isBusy ? (
        <UploadProgress view={view} onCancel={upload.cancel} busyLabel={intl.formatMessage(m.scormProcessing)} />
      ) : (
        <FileDrop
          accept={['.zip', 'application/zip', 'application/x-zip-compressed']}
          prompt={intl.formatMessage(m.dropZip)}
          buttonLabel={intl.formatMessage(m.chooseZip)}
          onFile={upload.select}
        />
      )}
      <UploadOutcome
        done={created ? (doneText ? doneText(created) : intl.formatMessage(m.scormDone, { name: created.name })) : null}
        error={error}
        onRetry={view.canRetry ? upload.retry : null}
      />
    </div>
  );
}
