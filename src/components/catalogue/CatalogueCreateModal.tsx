import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import { Form, FormError } from '../ui/Form';
import { TextField } from '../ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { TextAreaField } from '../ui/TextAreaField';
import { NAME_MAX, SUMMARY_MAX, characterCount, nameSummaryBody, nameSummaryProblems, type NameSummary } from './nameSummaryRules';

const m = defineMessages({
  required: { id: 'catalogue.create.required', defaultMessage: 'Le titre est obligatoire.' },
  nameTooLong: { id: 'catalogue.create.nameTooLong', defaultMessage: '128 caractères maximum.' },
  summaryTooLong: { id: 'catalogue.create.summaryTooLong', defaultMessage: '200 caractères maximum.' },
  cancel: { id: 'catalogue.create.cancel', defaultMessage: 'Annuler' },
  creating: { id: 'catalogue.create.creating', defaultMessage: 'Création…' },
});

const countMessage = defineMessage<{ count: number; max: number }>({ id: 'catalogue.create.count', defaultMessage: '{count} / {max}' });

/** The words of one use of the form (a training, a bundle). */
export interface CatalogueCreateLabels {
  title: MessageDescriptor;
  name: MessageDescriptor;
  /** "Le nom est obligatoire." in the words of `name`; "Le titre est obligatoire." when absent. */
  required?: MessageDescriptor;
  namePlaceholder: MessageDescriptor;
  summary: MessageDescriptor;
  summaryHint: MessageDescriptor;
  submit: MessageDescriptor;
}

export interface CatalogueCreateModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  labels: CatalogueCreateLabels;
  /** Creates the training or bundle; rejects with a Failure (422 field errors land on the fields). */
  create: (body: { name: string; summary?: string }, signal: AbortSignal) => Promise<{ uuid: string }>;
  /** Called with the new uuid (the page opens it). */
  onCreated: (uuid: string) => void;
  testId: string;
}

/**
 * "Ajouter une formation" / "Créer un pack": a name (required, 128 max) and a short description (200 max)
 * with counters. Problems show on the fields on submit and follow the typing afterwards; the server's
 * 422 errors show on the fields too, and what was typed stays.
 */
export function CatalogueCreateModal({ isOpen, onOpenChange, labels, create, onCreated, testId }: CatalogueCreateModalProps) {
  const intl = useIntl();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={intl.formatMessage(labels.title)} closeLabel={intl.formatMessage(commonMessages.close)}>
      {(close) => <CreateForm labels={labels} create={create} onCreated={onCreated} onCancel={close} testId={testId} />}
    </Modal>
  );
}

function CreateForm({ labels, create, onCreated, onCancel, testId }: Pick<CatalogueCreateModalProps, 'labels' | 'create' | 'onCreated' | 'testId'> & { onCancel: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<NameSummary>({ name: '', summary: '' });
  // Problems show once the user tried to submit, then follow the typing.
  const [tried, setTried] = useState(false);
  const latest = useRef({ create, onCreated });
  useEffect(() => {
    latest.current = { create, onCreated };
  });
  const request = useRequest(async (body: { name: string; summary?: string }, signal) => {
    const created = await latest.current.create(body, signal);
    latest.current.onCreated(created.uuid);
  });

  const problems = tried ? nameSummaryProblems(values) : {};
  const nameError = problems.name === 'required' ? (labels.required ? intl.formatMessage(labels.required) : intl.formatMessage(m.required)) : problems.name === 'tooLong' ? intl.formatMessage(m.nameTooLong) : fieldErrors(request.error, 'name');
  const summaryError = problems.summary ? intl.formatMessage(m.summaryTooLong) : fieldErrors(request.error, 'summary');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(nameSummaryProblems(values)).length > 0) return;
    request.submit(nameSummaryBody(values));
  };

  return (
    <Form className="stack" onSubmit={onSubmit} data-testid={testId}>
      <FormError>{failureText(intl, request.error, ['name', 'summary'])}</FormError>
      <TextField
        name="name"
        label={intl.formatMessage(labels.name)}
        placeholder={intl.formatMessage(labels.namePlaceholder)}
        value={values.name}
        onChange={(name) => setValues((v) => ({ ...v, name }))}
        isRequired
        maxLength={NAME_MAX}
        autoFocus
        description={<span className="catalogue-create__count">{intl.formatMessage(countMessage, { count: characterCount(values.name), max: NAME_MAX })}</span>}
        errorMessage={nameError}
      />
      <TextAreaField
        name="summary"
        label={intl.formatMessage(labels.summary)}
        description={intl.formatMessage(labels.summaryHint)}
        value={values.summary}
        onChange={(summary) => setValues((v) => ({ ...v, summary }))}
        maxLength={SUMMARY_MAX}
        showCount
        errorMessage={summaryError}
      />
      <div className="catalogue-create__actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={request.isSubmitting}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.creating)} data-testid={`${testId}-submit`}>
          {intl.formatMessage(labels.submit)}
        </Button>
      </div>
    </Form>
  );
}
