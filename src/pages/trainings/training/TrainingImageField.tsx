import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/Button';
import { TextField, type FieldErrorMessage } from '../../../components/ui/TextField';

const m = defineMessages({
  address: { id: 'trainings.image.address', defaultMessage: "Adresse de l'image (https://…)" },
  remove: { id: 'trainings.image.remove', defaultMessage: "Retirer l'image" },
  preview: { id: 'trainings.image.preview', defaultMessage: 'Aperçu' },
});

/**
 * An image of a training (its picture, its sharing image): a preview, a way to set it and to remove it.
 * The value is the image's address, as the contract stores it.
 */
export function TrainingImageField({
  label,
  value,
  onChange,
  errorMessage,
  testId,
}: {
  trainingUuid: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  errorMessage?: FieldErrorMessage;
  testId?: string;
}) {
  const intl = useIntl();
  return (
    <div className="training-image" data-testid={testId}>
      {value ? <img className="training-image__preview" src={value} alt={intl.formatMessage(m.preview)} /> : null}
      <div className="training-image__controls">
        <TextField
          label={label}
          description={intl.formatMessage(m.address)}
          type="url"
          value={value ?? ''}
          onChange={(text) => onChange(text.trim() === '' ? null : text.trim())}
          maxLength={2048}
          errorMessage={errorMessage}
        />
        {value ? (
          <div>
            <Button variant="ghost" size="sm" onPress={() => onChange(null)}>
              {intl.formatMessage(m.remove)}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
