import type { FormEvent } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { queryClient } from '../../api/queryClient';
import { acceptTeamInvitation, teamInvitationPreviewQuery, type TeamInvitationPreview } from '../../api/teamApi';
import { tokenStorage } from '../../api/tokenStorage';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { PasswordInput } from '../../components/PasswordInput';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { useLocale } from '../../i18n/LocaleProvider';
import { roleMessages } from '../settings/roleMessages';
import { authMessages } from './authMessages';

const m = defineMessages({
  title: { id: 'invitation.title', defaultMessage: 'Rejoindre une équipe' },
  checking: { id: 'invitation.checking', defaultMessage: 'Vérification de l’invitation…' },
  unknown: { id: 'invitation.unknown', defaultMessage: 'Ce lien d’invitation est inconnu. Vérifiez que vous avez copié le lien entier, ou demandez une nouvelle invitation.' },
  expired: { id: 'invitation.expired', defaultMessage: 'Cette invitation a expiré. Demandez à la personne qui vous a invité de vous la renvoyer.' },
  used: { id: 'invitation.used', defaultMessage: 'Cette invitation a déjà été utilisée. Connectez-vous avec votre compte.' },
  newAccount: { id: 'invitation.newAccount', defaultMessage: 'Créez votre compte pour rejoindre l’équipe.' },
  existingAccount: { id: 'invitation.existingAccount', defaultMessage: 'Un compte existe déjà avec cette adresse : saisissez son mot de passe pour rejoindre l’équipe.' },
  join: { id: 'invitation.join', defaultMessage: 'Rejoindre l’équipe' },
  joining: { id: 'invitation.joining', defaultMessage: 'Connexion…' },
  lastname: { id: 'invitation.lastname', defaultMessage: 'Nom' },
});
const mv = {
  lead: defineMessage<{ inviter: string; school: string; role: string }>({
    id: 'invitation.lead',
    defaultMessage: '{inviter} vous invite à rejoindre l’équipe de {school} en tant que {role}.',
  }),
};

/** /inscription/invitation?token=…: reads the invitation, then joins the team with a new account or an existing one. */
export function AcceptInvitationPage() {
  // Guest pages render outside the signed-in layouts' query provider: this one reads through the app's client.
  return (
    <QueryClientProvider client={queryClient}>
      <InvitationCard />
    </QueryClientProvider>
  );
}

function InvitationCard() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const preview = useQuery({ ...teamInvitationPreviewQuery(token), enabled: token !== '' });
  return (
    <section className="auth-card" aria-labelledby="invitation-title" aria-busy={preview.isFetching}>
      <h1 id="invitation-title">{intl.formatMessage(m.title)}</h1>
      {token === '' || preview.isError ? (
        <Banner variant="danger" data-testid="invitation-unknown">
          {intl.formatMessage(m.unknown)}
        </Banner>
      ) : preview.isPending ? (
        <div className="auth-card__center">
          <Spinner aria-label={intl.formatMessage(m.checking)} />
          <p>{intl.formatMessage(m.checking)}</p>
        </div>
      ) : preview.data.status === 'EXPIRED' ? (
        <Banner variant="warning" data-testid="invitation-expired">
          {intl.formatMessage(m.expired)}
        </Banner>
      ) : preview.data.status === 'ACCEPTED' ? (
        <>
          <Banner variant="info" data-testid="invitation-used">
            {intl.formatMessage(m.used)}
          </Banner>
          <TextLink href="/connexion">{intl.formatMessage(authMessages.signIn)}</TextLink>
        </>
      ) : (
        <JoinForm token={token} invitation={preview.data} />
      )}
    </section>
  );
}

function JoinForm({ token, invitation }: { token: string; invitation: TeamInvitationPreview }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const auth = AuthActor.useActorRef();
  const request = useRequest(async (body: Parameters<typeof acceptTeamInvitation>[0], signal) => {
    const session = await acceptTeamInvitation(body, signal);
    // The new session is used like one opened in another tab: the auth machine reads the user and goes home.
    tokenStorage.set(session.token);
    auth.send({ type: 'TOKEN_CHANGED', present: true });
  });
  const existing = invitation.account_exists;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    request.submit(
      existing
        ? { token, password }
        : { token, password, firstname: String(data.get('firstname') ?? '').trim(), lastname: String(data.get('lastname') ?? '').trim(), locale },
    );
  };
  const lead = intl.formatMessage(mv.lead, {
    inviter: invitation.invited_by?.display_name ?? invitation.school.name,
    school: invitation.school.name,
    role: intl.formatMessage(roleMessages[invitation.role]),
  });
  return (
    <>
      <p className="auth-card__lead" data-testid="invitation-lead">
        {lead}
      </p>
      <p>{intl.formatMessage(existing ? m.existingAccount : m.newAccount)}</p>
      <Form className="auth-card__form" onSubmit={onSubmit} data-testid="invitation-form">
        <FormError>{failureText(intl, request.error, ['firstname', 'lastname', 'password'])}</FormError>
        <TextField label={intl.formatMessage(commonMessages.email)} value={invitation.email} isReadOnly />
        {!existing && (
          <>
            <TextField name="firstname" autoComplete="given-name" label={intl.formatMessage(authMessages.firstname)} isRequired maxLength={64} errorMessage={fieldErrors(request.error, 'firstname')} />
            <TextField name="lastname" autoComplete="family-name" label={intl.formatMessage(m.lastname)} maxLength={64} errorMessage={fieldErrors(request.error, 'lastname')} />
          </>
        )}
        <PasswordInput
          name="password"
          autoComplete={existing ? 'current-password' : 'new-password'}
          label={intl.formatMessage(commonMessages.password)}
          description={existing ? undefined : intl.formatMessage(authMessages.passwordHint)}
          isRequired
          minLength={8}
          maxLength={128}
          errorMessage={fieldErrors(request.error, 'password')}
        />
        <Button type="submit" fullWidth isPending={request.isSubmitting || request.hasSucceeded} pendingLabel={intl.formatMessage(m.joining)} data-testid="invitation-submit">
          {intl.formatMessage(m.join)}
        </Button>
      </Form>
    </>
  );
}
