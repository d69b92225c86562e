import { useRef, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { changePassword, type PasswordChange } from '../../api/usersApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { PasswordInput } from '../../components/PasswordInput';
import '../pages.css';


const messages = defineMessages({
  title: { id: 'security.title', defaultMessage: 'Sécurité' },
  password: { id: 'security.password', defaultMessage: 'Mot de passe' },
  current: { id: 'security.current', defaultMessage: 'Mot de passe actuel' },
  next: { id: 'security.next', defaultMessage: 'Nouveau mot de passe' },
  confirm: { id: 'security.confirm', defaultMessage: 'Confirmez le nouveau mot de passe' },
  hint: { id: 'security.hint', defaultMessage: 'Au moins 8 caractères. Vos autres sessions seront déconnectées.' },
  submit: { id: 'security.submit', defaultMessage: 'Changer le mot de passe' },
  pending: { id: 'security.pending', defaultMessage: 'Enregistrement…' },
  done: { id: 'security.done', defaultMessage: 'Votre mot de passe a été modifié.' },
});

export function SecurityPage() {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const request = useRequest(async (body: PasswordChange, signal) => {
    const result = await changePassword(body, signal);
    form.current?.reset();
    return result;
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.submit({
      current_password: String(data.get('current_password') ?? ''),
      password: String(data.get('password') ?? ''),
      password_confirmation: String(data.get('password_confirmation') ?? ''),
    });
  };
  const shown = ['current_password', 'password', 'password_confirmation'];
  const passwordField = (name: string, label: string, autoComplete: string, description?: string) => (
    <PasswordInput
      name={name}
      label={label}
      description={description}
      autoComplete={autoComplete}
      isRequired
      errorMessage={fieldErrors(request.error, name)}
    />
  );
  return (
    <>
      <h1 className="page-title">{intl.formatMessage(messages.title)}</h1>
      <Card title={intl.formatMessage(messages.password)}>
        <Form ref={form} className="stack form-narrow" onSubmit={onSubmit}>
          {request.hasSucceeded && (
            <Banner variant="success" role="status">
              {intl.formatMessage(messages.done)}
            </Banner>
          )}
          <FormError>{failureText(intl, request.error, shown)}</FormError>
          {passwordField('current_password', intl.formatMessage(messages.current), 'current-password')}
          {passwordField('password', intl.formatMessage(messages.next), 'new-password', intl.formatMessage(messages.hint))}
          {passwordField('password_confirmation', intl.formatMessage(messages.confirm), 'new-password')}
          <div>
            <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(messages.pending)}>
              {intl.formatMessage(messages.submit)}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
