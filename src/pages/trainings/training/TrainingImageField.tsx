import { FileUploadField } from '../../../components/upload/FileUploadField';
import type { FieldErrorMessage } from '../../../components/ui/TextField';
import { joinErrorMessage } from '../../../components/ui/TextField';

/**
 * An image of a training (its picture, its sharing image): uploaded to the training's storage
 * (POST …/urls/presigned then PUT, through the shared upload field), previewed, removable. The value is
 * the image's address, as the contract stores it; saving it is the card's job.
 */
export function TrainingImageField({
  trainingUuid,
  label,
  isLabelHidden,
  description,
  value,
  onChange,
  errorMessage,
  testId,
}: {
  trainingUuid: string;
  label: string;
  /** For a card whose title is the label: the field keeps it as its accessible name only. */
  isLabelHidden?: boolean;
  description?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  errorMessage?: FieldErrorMessage;
  testId?: string;
}) {
  const error = joinErrorMessage(errorMessage);
  return (
    <div className="training-image" data-testid={testId}>
      <FileUploadField trainingUuid={trainingUuid} type="IMAGE" label={label} isLabelHidden={isLabelHidden} description={description} value={value} onChange={onChange} />
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
