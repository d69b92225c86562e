import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { addTrainingCustomer, type NewCustomer } from '../../../api/trainingCustomersApi';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { showToast } from '../../../components/ui/toastQueue';
import { commonMessages } from '../../../i18n/commonMessages';


const m = defineMessages({
  title: { id: 'trainings.customers.addTitle', defaultMessage: 'Ajouter un apprenant' },
  lead: { id: 'trainings.customers.addLead', defaultMessage: 'S’il n’a pas encore de compte dans votre espace, il est créé avec cette adresse.' },
  firstname: { id: 'trainings.customers.firstname', defaultMessage: 'Prénom' },
  lastname: { id: 'trainings.customers.lastname', defaultMessage: 'Nom' },
  submit: { id: 'trainings.customers.addSubmit', defaultMessage: 'Ajouter' },
  submitting: { id: 'trainings.customers.addSubmitting', defaultMessage: 'Ajout…' },
  cancel: { id: 'trainings.customers.addCancel', defaultMessage: 'Annuler' },
  added: { id: 'trainings.customers.added', defaultMessage: 'Apprenant ajouté à la formation.' },
});

/** The "add a learner" dialog: e-mail (required), first and last name; POST …/customers enrols BY_TEACHER. */
export function AddCustomerModal({
  trainingUuid,
  isOpen,
  onOpenChange,
  onAdded,
}: {
  trainingUuid: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => unknown;
}) {
  const intl = useIntl();
  const request = useRequest(async (body: NewCustomer, signal) => {
    await addTrainingCustomer(trainingUuid, body, signal);
    showToast({ title: intl.formatMessage(m.added), variant: 'success' });
    onOpenChange(false);
    await onAdded();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    request.submit({ email: text('email'), bypass_drip: false, send_email: true, ...(text('firstname') ? { firstname: text('firstname') } : {}), ...(text('lastname') ? { lastname: text('lastname') } : {}) });
  };
  const close = (open: boolean) => {
    if (request.isSubmitting) return;
    if (!open) request.reset();
    onOpenChange(open);
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={close} title={intl.formatMessage(m.title)} closeLabel={intl.formatMessage(commonMessages.close)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="add-customer-form">
        <p className="muted">{intl.formatMessage(m.lead)}</p>
        <FormError>{failureText(intl, request.error, ['email', 'firstname', 'lastname'])}</FormError>
        <TextField name="email" type="email" label={intl.formatMessage(commonMessages.email)} isRequired autoFocus maxLength={254} errorMessage={fieldErrors(request.error, 'email')} />
        <div className="form-row">
          <TextField name="firstname" label={intl.formatMessage(m.firstname)} maxLength={64} errorMessage={fieldErrors(request.error, 'firstname')} />
          <TextField name="lastname" label={intl.formatMessage(m.lastname)} maxLength={64} errorMessage={fieldErrors(request.error, 'lastname')} />
        </div>
        <div className="form-actions form-actions--end">
          <Button variant="secondary" onPress={() => close(false)} isDisabled={request.isSubmitting}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.submitting)} data-testid="add-customer-submit">
            {intl.formatMessage(m.submit)}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
