import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { storeUploadApi } from '../../api/uploadApi';
import { deleteMe, supportInfoQuery, updateMe, type DeleteMeBody, type ProfileUpdate } from '../../api/usersApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { Avatar } from '../../components/Avatar';
import { PasswordInput } from '../../components/PasswordInput';
import { FileUploadField } from '../../components/upload/FileUploadField';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { commonMessages } from '../../i18n/commonMessages';
import '../pages.css';
import '../settings/team.css';

type QuitReason = DeleteMeBody['cancel_reason'];
const REASONS: QuitReason[] = ['TOO_EXPENSIVE', 'MISSING_FEATURE', 'TOO_COMPLEX', 'NOT_USING', 'OTHER_TOOL', 'PROJECT_ENDED', 'OTHER'];
const reasonMessages: Record<QuitReason, { id: string; defaultMessage: string }> = defineMessages({
  TOO_EXPENSIVE: { id: 'account.reason.tooExpensive', defaultMessage: 'C’est trop cher' },
  MISSING_FEATURE: { id: 'account.reason.missingFeature', defaultMessage: 'Il manque une fonctionnalité' },
  TOO_COMPLEX: { id: 'account.reason.tooComplex', defaultMessage: 'C’est trop compliqué' },
  NOT_USING: { id: 'account.reason.notUsing', defaultMessage: 'Je ne l’utilise pas' },
  OTHER_TOOL: { id: 'account.reason.otherTool', defaultMessage: 'J’utilise un autre outil' },
  PROJECT_ENDED: { id: 'account.reason.projectEnded', defaultMessage: 'Mon projet est terminé' },
  OTHER: { id: 'account.reason.other', defaultMessage: 'Autre raison' },
});


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
  avatar: { id: 'account.avatar', defaultMessage: 'Photo de profil' },
  avatarHint: { id: 'account.avatarHint', defaultMessage: 'Sans photo, un avatar est choisi d’après la première lettre de votre nom.' },
  avatarSaved: { id: 'account.avatarSaved', defaultMessage: 'Photo de profil enregistrée.' },
  support: { id: 'account.support', defaultMessage: 'Besoin d’aide ?' },
  supportBody: { id: 'account.supportBody', defaultMessage: 'Écrivez à notre équipe de support :' },
  supportNone: { id: 'account.supportNone', defaultMessage: 'Aucune adresse de support n’est configurée sur cette plateforme.' },
  deleteTitle: { id: 'account.deleteTitle', defaultMessage: 'Supprimer mon compte' },
  deleteBodyOwner: {
    id: 'account.deleteBodyOwner',
    defaultMessage: 'Vous êtes propriétaire : votre espace sera supprimé avec ses formations, ses apprenants, ses ventes et toute votre équipe. Cette action est définitive.',
  },
  deleteBodyMember: { id: 'account.deleteBodyMember', defaultMessage: 'Votre compte sera supprimé et vous n’aurez plus accès à cet espace. Cette action est définitive.' },
  deleteOpen: { id: 'account.deleteOpen', defaultMessage: 'Supprimer mon compte…' },
  deleteConfirm: { id: 'account.deleteConfirm', defaultMessage: 'Supprimer définitivement' },
  deleting: { id: 'account.deleting', defaultMessage: 'Suppression…' },
  cancel: { id: 'account.cancel', defaultMessage: 'Annuler' },
  reason: { id: 'account.reason', defaultMessage: 'Pourquoi partez-vous ?' },
  details: { id: 'account.details', defaultMessage: 'Un mot de plus (facultatif)' },
});

export function AccountPage() {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const user = AuthActor.useSelector((s) => s.context.user);
  const request = useRequest(async (body: ProfileUpdate, signal) => {
    const updated = await updateMe(body, signal);
    auth.send({ type: 'USER_UPDATED', user: updated });
  });
  const avatar = useRequest(async (body: ProfileUpdate, signal) => {
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
  const saveAvatar = (picture: string | null) => avatar.submit({ picture });

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
      <Card title={intl.formatMessage(messages.avatar)}>
        <div className="account-avatar" data-testid="account-avatar">
          <Avatar name={user.display_name} picture={user.picture} size={72} />
          <div className="stack">
            {avatar.hasSucceeded && (
              <Banner variant="success" role="status">
                {intl.formatMessage(messages.avatarSaved)}
              </Banner>
            )}
            <FormError>{failureText(intl, avatar.error)}</FormError>
            <FileUploadField
              uploadApi={storeUploadApi(user.store.uuid, 'AVATAR')}
              type="IMAGE"
              value={user.picture}
              onChange={saveAvatar}
              label={intl.formatMessage(messages.avatar)}
              isLabelHidden
              description={intl.formatMessage(messages.avatarHint)}
              showStorage={false}
            />
          </div>
        </div>
      </Card>
      <SupportCard />
      <DeleteAccountCard isOwner={user.role === 'OWNER'} />
    </>
  );
}

/** The platform's support address (GET /users/me/support), or a note that none is configured (404). */
function SupportCard() {
  const intl = useIntl();
  const support = useQuery(supportInfoQuery());
  if (support.isPending) return null;
  return (
    <Card title={intl.formatMessage(messages.support)}>
      {support.data ? (
        <p data-testid="account-support">
          {intl.formatMessage(messages.supportBody)} <a href={`mailto:${support.data.email}`}>{support.data.email}</a>
        </p>
      ) : (
        <p className="muted">{intl.formatMessage(messages.supportNone)}</p>
      )}
    </Card>
  );
}

/** Account deletion: password, reason and an optional word; the server deletes and the session ends (logout). */
function DeleteAccountCard({ isOwner }: { isOwner: boolean }) {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState<QuitReason>('NOT_USING');
  const [details, setDetails] = useState('');
  const removal = useRequest(async (body: DeleteMeBody, signal) => {
    await deleteMe(body, signal);
    setOpen(false);
    auth.send({ type: 'LOGOUT' });
  });
  const confirm = () => removal.submit({ password, cancel_reason: reason, ...(details.trim() ? { cancel_additional_text: details.trim() } : {}) });
  return (
    <Card title={intl.formatMessage(messages.deleteTitle)}>
      <div className="stack">
        <p>{intl.formatMessage(isOwner ? messages.deleteBodyOwner : messages.deleteBodyMember)}</p>
        <div>
          <Button variant="danger" onPress={() => setOpen(true)} data-testid="account-delete-open">
            {intl.formatMessage(messages.deleteOpen)}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) removal.reset();
        }}
        title={intl.formatMessage(messages.deleteTitle)}
        confirmLabel={intl.formatMessage(messages.deleteConfirm)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        variant="danger"
        isPending={removal.isSubmitting}
        pendingLabel={intl.formatMessage(messages.deleting)}
        closeOnConfirm={false}
        onConfirm={confirm}
      >
        <div className="stack" data-testid="account-delete-dialog">
          <p>{intl.formatMessage(isOwner ? messages.deleteBodyOwner : messages.deleteBodyMember)}</p>
          <FormError>{failureText(intl, removal.error, ['password', 'cancel_reason', 'cancel_additional_text'])}</FormError>
          <PasswordInput label={intl.formatMessage(commonMessages.password)} value={password} onChange={setPassword} isRequired autoComplete="current-password" errorMessage={fieldErrors(removal.error, 'password')} />
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(messages.reason)}</span>
            <select className="native-field__select" value={reason} onChange={(e) => setReason(e.target.value as QuitReason)}>
              {REASONS.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage(reasonMessages[value])}
                </option>
              ))}
            </select>
          </label>
          <TextAreaField label={intl.formatMessage(messages.details)} value={details} onChange={setDetails} maxLength={2000} rows={3} />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
