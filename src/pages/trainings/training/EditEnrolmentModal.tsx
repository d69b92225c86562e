import { useState, type FormEvent } from 'react';
import { Switch } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { fromLocalInput, toLocalInput } from '../../../../shared/accessRules';
import { updateTrainingCustomer, type Enrolment, type EnrolmentUpdate } from '../../../api/trainingCustomersApi';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { Modal } from '../../../components/ui/Dialog';
import { Form, FormError } from '../../../components/ui/Form';
import { showToast } from '../../../components/ui/toastQueue';
import { commonMessages } from '../../../i18n/commonMessages';
import { LockedItems } from './LockedItems';

const m = defineMessages({
  expiresAt: { id: 'trainings.customers.edit.expiresAt', defaultMessage: 'Fin de l’accès' },
  expiresHint: { id: 'trainings.customers.edit.expiresHint', defaultMessage: 'Laissez vide pour un accès sans fin.' },
  clearDate: { id: 'trainings.customers.edit.clearDate', defaultMessage: 'Effacer la date' },
  bypassDrip: { id: 'trainings.customers.edit.bypassDrip', defaultMessage: 'Ouvrir tous les éléments (ignorer la diffusion progressive)' },
  badDate: { id: 'trainings.customers.edit.badDate', defaultMessage: 'Indiquez une date complète (jj/mm/aaaa hh:mm).' },
  submit: { id: 'trainings.customers.edit.submit', defaultMessage: 'Enregistrer' },
  submitting: { id: 'trainings.customers.edit.submitting', defaultMessage: 'Enregistrement…' },
  cancel: { id: 'trainings.customers.edit.cancel', defaultMessage: 'Annuler' },
  saved: { id: 'trainings.customers.edit.saved', defaultMessage: 'Accès mis à jour.' },
});
const title = defineMessage<{ name: string }>({ id: 'trainings.customers.edit.title', defaultMessage: 'Accès de {name}' });

/**
 * The access of one learner (PUT …/customers/{uuid}): when it ends (`expires_at`, in the browser's time; empty for
 * no end; the server refuses the past, shown at the field) and whether the drip is bypassed (`bypass_drip`).
 */
export function EditEnrolmentModal({ trainingUuid, enrolment, onClose, onSaved }: { trainingUuid: string; enrolment: Enrolment | null; onClose: () => void; onSaved: () => unknown }) {
  return enrolment ? <EnrolmentForm key={enrolment.uuid} trainingUuid={trainingUuid} enrolment={enrolment} onClose={onClose} onSaved={onSaved} /> : null;
}

function EnrolmentForm({ trainingUuid, enrolment, onClose, onSaved }: { trainingUuid: string; enrolment: Enrolment; onClose: () => void; onSaved: () => unknown }) {
  const intl = useIntl();
  const [expiresAt, setExpiresAt] = useState(() => toLocalInput(enrolment.expires_at));
  const [bypassDrip, setBypassDrip] = useState(enrolment.bypass_drip);
  const [badDate, setBadDate] = useState(false);
  const request = useRequest(async (body: EnrolmentUpdate, signal) => {
    await updateTrainingCustomer(trainingUuid, enrolment.customer.uuid, body, signal);
    showToast({ title: intl.formatMessage(m.saved), variant: 'success' });
    onClose();
    await onSaved();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const expires = fromLocalInput(expiresAt);
    setBadDate(expires === undefined);
    if (expires === undefined) return;
    request.submit({ expires_at: expires, bypass_drip: bypassDrip });
  };
  const close = (open: boolean) => {
    if (!open && !request.isSubmitting) onClose();
  };
  const dateErrors = badDate ? [intl.formatMessage(m.badDate)] : fieldErrors(request.error, 'expires_at');

  return (
    <Modal isOpen onOpenChange={close} title={intl.formatMessage(title, { name: enrolment.customer.display_name })} closeLabel={intl.formatMessage(commonMessages.close)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="edit-enrolment-form">
        <FormError>{failureText(intl, request.error, ['expires_at'])}</FormError>
        <DateField
          granularity="minute"
          label={intl.formatMessage(m.expiresAt)}
          description={intl.formatMessage(m.expiresHint)}
          name="expires_at"
          value={expiresAt}
          onChange={(value) => {
            setExpiresAt(value);
            setBadDate(false);
          }}
          clearLabel={intl.formatMessage(m.clearDate)}
          errorMessage={dateErrors}
        />
        <Switch className="switch" isSelected={bypassDrip} onChange={setBypassDrip} name="bypass_drip" data-testid="bypass-drip-switch">
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text">{intl.formatMessage(m.bypassDrip)}</span>
        </Switch>
        <LockedItems trainingUuid={trainingUuid} customerUuid={enrolment.customer.uuid} canEdit />
        <div className="form-actions form-actions--end">
          <Button variant="secondary" onPress={onClose} isDisabled={request.isSubmitting}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.submitting)} data-testid="edit-enrolment-submit">
            {intl.formatMessage(m.submit)}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
