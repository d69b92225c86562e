import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { updateMe, type ProfileUpdate } from '../../api/usersApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import '../pages.css';


const messages = defineMessages({
  title: { id: 'account.title', defaultMessage: 'Mon compte' },
  profile: { id: 'account.profile', defaultMessage: 'Profil' },
  firstname: { id: 'account.firstname', defaultMessage: 'Prénom' },
  lastname: { id: 'account.lastname', defaultMessage: 'Nom' },
  displayName: { id: 'account.displayName', defaultMessage: "Nom affiché" },
  displayNameHint: { id: 'account.displayNameHint', defaultMessage: 'Visible par vos apprenants et votre équipe.' },
  language: { id: 'account.language', defaultMessage: "Langue de l'interface" },
  save: { id: 'account.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'account.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'account.saved', defaultMessage: 'Enregistré !' },
});

export function AccountPage() {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const user = AuthActor.useSelector((s) => s.context.user);
  const request = useRequest(async (body: ProfileUpdate, signal) => {
    const updated = await updateMe(body, signal);
    auth.send({ type: 'USER_UPDATED', user: updated });
  });
  if (!user) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.submit({
      firstname: String(data.get('firstname') ?? '').trim(),
      lastname: String(data.get('lastname') ?? '').trim() || null,
      display_name: String(data.get('display_name') ?? '').trim(),
      locale: data.get('locale') === 'en' ? 'en' : 'fr',
    });
  };
  const shown = ['firstname', 'lastname', 'display_name', 'locale'];

  return (
    <>
      <h1 className="page-title">{intl.formatMessage(messages.title)}</h1>
      <Card title={intl.formatMessage(messages.profile)}>
        <Form className="stack form-narrow" onSubmit={onSubmit}>
          {request.hasSucceeded && (
            <Banner variant="success" role="status">
              {intl.formatMessage(messages.saved)}
            </Banner>
          )}
          <FormError>{failureText(intl, request.error, shown)}</FormError>
          <TextField name="firstname" label={intl.formatMessage(messages.firstname)} defaultValue={user.firstname} isRequired maxLength={64} errorMessage={fieldErrors(request.error, 'firstname')} />
          <TextField name="lastname" label={intl.formatMessage(messages.lastname)} defaultValue={user.lastname ?? ''} maxLength={64} errorMessage={fieldErrors(request.error, 'lastname')} />
          <TextField
            name="display_name"
            label={intl.formatMessage(messages.displayName)}
            description={intl.formatMessage(messages.displayNameHint)}
            defaultValue={user.display_name}
            isRequired
            maxLength={130}
            errorMessage={fieldErrors(request.error, 'display_name')}
          />
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(messages.language)}</span>
            <select name="locale" defaultValue={user.locale} className="native-field__select">
              <option value="fr">{intl.formatMessage(commonMessages.french)}</option>
              <option value="en">{intl.formatMessage(commonMessages.english)}</option>
            </select>
          </label>
          <div>
            <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(messages.saving)} data-testid="profile-save">
              {intl.formatMessage(messages.save)}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
