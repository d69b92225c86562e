import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { createCustomer, updateCustomer, type Customer } from '../../api/customersApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Dialog';
import { Form, FormError } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';

const FIELDS = ['email', 'firstname', 'lastname', 'phone'];
const m = defineMessages({
  createTitle: { id: 'customers.form.createTitle', defaultMessage: 'Ajouter un apprenant' },
  editTitle: { id: 'customers.form.editTitle', defaultMessage: 'Modifier l’apprenant' },
  email: { id: 'customers.form.email', defaultMessage: 'E-mail' },
  firstname: { id: 'customers.form.firstname', defaultMessage: 'Prénom' },
  lastname: { id: 'customers.form.lastname', defaultMessage: 'Nom' },
  phone: { id: 'customers.form.phone', defaultMessage: 'Téléphone' },
  phoneHint: { id: 'customers.form.phoneHint', defaultMessage: 'Par exemple 0612345678 ou +33612345678' },
  invite: { id: 'customers.form.invite', defaultMessage: 'Envoyer une invitation par e-mail pour choisir un mot de passe' },
  create: { id: 'customers.form.create', defaultMessage: 'Ajouter' },
  save: { id: 'customers.form.save', defaultMessage: 'Enregistrer' },
  cancel: { id: 'customers.form.cancel', defaultMessage: 'Annuler' },
  created: { id: 'customers.form.created', defaultMessage: 'Apprenant ajouté' },
  saved: { id: 'customers.form.saved', defaultMessage: 'Apprenant enregistré' },
});

/** Adds a learner to the store (with an invitation) or edits one; the server's refusals show at each field. */
export function CustomerFormModal({
  storeUuid,
  customer,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  storeUuid: string;
  customer?: Customer;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (customer: Customer) => unknown;
}) {
  const intl = useIntl();
  const [email, setEmail] = useState(customer?.email ?? '');
  const [firstname, setFirstname] = useState(customer?.firstname ?? '');
  const [lastname, setLastname] = useState(customer?.lastname ?? '');
  const [phone, setPhone] = useState(customer?.phone ?? '');
  const [invite, setInvite] = useState(true);
  const request = useRequest(async (_: null, signal) => {
    const saved = customer
      ? await updateCustomer(storeUuid, customer.uuid, { email: email.trim(), firstname: firstname.trim(), lastname: lastname.trim() || null, phone: phone.trim() || null }, signal)
      : await createCustomer(
          storeUuid,
          { email: email.trim(), firstname: firstname.trim(), ...(lastname.trim() ? { lastname: lastname.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}), send_invitation: invite },
          signal,
        );
    showToast({ title: intl.formatMessage(customer ? m.saved : m.created), variant: 'success' });
    onOpenChange(false);
    await onSaved(saved);
  });
  const close = (open: boolean) => {
    if (request.isSubmitting) return;
    if (!open) request.reset();
    onOpenChange(open);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(null);
  };
  return (
    <Modal isOpen={isOpen} onOpenChange={close} title={intl.formatMessage(customer ? m.editTitle : m.createTitle)} closeLabel={intl.formatMessage(commonMessages.close)} size="sm">
      <Form className="stack" onSubmit={onSubmit} data-testid="customer-form">
        <FormError>{failureText(intl, request.error, FIELDS)}</FormError>
        <TextField label={intl.formatMessage(m.email)} type="email" isRequired value={email} onChange={setEmail} errorMessage={fieldErrors(request.error, 'email')} autoFocus />
        <TextField label={intl.formatMessage(m.firstname)} isRequired value={firstname} onChange={setFirstname} errorMessage={fieldErrors(request.error, 'firstname')} maxLength={64} />
        <TextField label={intl.formatMessage(m.lastname)} value={lastname} onChange={setLastname} errorMessage={fieldErrors(request.error, 'lastname')} maxLength={64} />
        <TextField label={intl.formatMessage(m.phone)} description={intl.formatMessage(m.phoneHint)} value={phone} onChange={setPhone} errorMessage={fieldErrors(request.error, 'phone')} maxLength={20} />
        {!customer && (
          <Checkbox isSelected={invite} onChange={setInvite}>
            {intl.formatMessage(m.invite)}
          </Checkbox>
        )}
        <div className="form-actions">
          <Button variant="secondary" onPress={() => close(false)} isDisabled={request.isSubmitting}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" isPending={request.isSubmitting} data-testid="customer-form-submit">
            {intl.formatMessage(customer ? m.save : m.create)}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
