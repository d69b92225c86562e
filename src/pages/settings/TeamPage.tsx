import { useMemo, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { createTeamInvitationsActors } from '../../../machines/teamInvitations/teamInvitations.actors';
import { teamInvitationsMachine, type InvitedRole } from '../../../machines/teamInvitations/teamInvitations.machine';
import { selectTeamInvitationsView } from '../../../machines/teamInvitations/teamInvitations.selectors';
import {
  createTeamInvitation,
  deleteTeamInvitation,
  listTeamInvitations,
  refreshTeamMembers,
  removeTeamMember,
  resendTeamInvitation,
  teamMembersQuery,
  updateTeamInvitation,
  updateTeamMember,
  type TeamMember,
} from '../../api/teamApi';
import { AuthActor } from '../../app/auth';
import { useInspectedMachine } from '../../app/inspector';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog, Modal } from '../../components/ui/Dialog';
import { Form, FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';
import { Avatar } from '../../components/Avatar';
import { roleMessages } from './roleMessages';
import '../pages.css';
import './team.css';

type Role = TeamMember['role'];
const INVITED_ROLES: InvitedRole[] = ['ADMIN', 'TEACHER', 'ANALYST', 'STAFF'];
/** The server's ranks (server/policies/team.ts), mirrored to show only what it allows. */
const RANK: Record<Role, number> = { OWNER: 3, ADMIN: 2, TEACHER: 1, ANALYST: 1, STAFF: 1 };


const m = defineMessages({
  title: { id: 'team.title', defaultMessage: 'Équipe' },
  lead: { id: 'team.lead', defaultMessage: 'Les personnes qui gèrent votre espace avec vous, et leur rôle.' },
  members: { id: 'team.members', defaultMessage: 'Membres' },
  invitations: { id: 'team.invitations', defaultMessage: 'Invitations' },
  invite: { id: 'team.invite', defaultMessage: 'Inviter un membre' },
  colName: { id: 'team.col.name', defaultMessage: 'Nom' },
  colEmail: { id: 'team.col.email', defaultMessage: 'E-mail' },
  colRole: { id: 'team.col.role', defaultMessage: 'Rôle' },
  colStatus: { id: 'team.col.status', defaultMessage: 'Statut' },
  colActions: { id: 'team.col.actions', defaultMessage: 'Actions' },
  you: { id: 'team.you', defaultMessage: '(vous)' },
  remove: { id: 'team.remove', defaultMessage: 'Retirer' },
  removeTitle: { id: 'team.removeTitle', defaultMessage: 'Retirer ce membre ?' },
  removing: { id: 'team.removing', defaultMessage: 'Retrait…' },
  removed: { id: 'team.removed', defaultMessage: 'Membre retiré de l’équipe.' },
  roleSaved: { id: 'team.roleSaved', defaultMessage: 'Rôle modifié.' },
  cancel: { id: 'team.cancel', defaultMessage: 'Annuler' },
  membersFailed: { id: 'team.membersFailed', defaultMessage: 'L’équipe n’a pas pu être chargée.' },
  invitationsFailed: { id: 'team.invitationsFailed', defaultMessage: 'Les invitations n’ont pas pu être chargées.' },
  noInvitation: { id: 'team.noInvitation', defaultMessage: 'Aucune invitation en cours.' },
  pending: { id: 'team.status.pending', defaultMessage: 'En attente' },
  expired: { id: 'team.status.expired', defaultMessage: 'Expirée' },
  accepted: { id: 'team.status.accepted', defaultMessage: 'Acceptée' },
  resend: { id: 'team.resend', defaultMessage: 'Renvoyer' },
  deleteInvitation: { id: 'team.deleteInvitation', defaultMessage: 'Annuler l’invitation' },
  deleteTitle: { id: 'team.deleteTitle', defaultMessage: 'Annuler cette invitation ?' },
  deleteConfirm: { id: 'team.deleteConfirm', defaultMessage: 'Annuler l’invitation' },
  keep: { id: 'team.keep', defaultMessage: 'Garder' },
  deleting: { id: 'team.deleting', defaultMessage: 'Annulation…' },
  noSeatTitle: { id: 'team.noSeatTitle', defaultMessage: 'Plus aucune place disponible' },
  noSeatBody: { id: 'team.noSeatBody', defaultMessage: 'Pour inviter quelqu’un, ajoutez des comptes utilisateurs payants à votre abonnement.' },
  buySeats: { id: 'team.buySeats', defaultMessage: 'Ajouter des comptes utilisateurs' },
  dialogTitle: { id: 'team.dialogTitle', defaultMessage: 'Inviter un membre' },
  email: { id: 'team.email', defaultMessage: 'Adresse e-mail' },
  role: { id: 'team.role', defaultMessage: 'Rôle' },
  send: { id: 'team.send', defaultMessage: 'Envoyer l’invitation' },
  sending: { id: 'team.sending', defaultMessage: 'Envoi…' },
  badEmail: { id: 'team.badEmail', defaultMessage: 'Saisissez une adresse e-mail valide.' },
  created: { id: 'team.notice.created', defaultMessage: 'Invitation envoyée.' },
  resent: { id: 'team.notice.resent', defaultMessage: 'Invitation renvoyée.' },
  updated: { id: 'team.notice.updated', defaultMessage: 'Rôle de l’invitation modifié.' },
  deleted: { id: 'team.notice.deleted', defaultMessage: 'Invitation annulée.' },
  close: { id: 'team.close', defaultMessage: 'Fermer' },
});
const mv = {
  seats: defineMessage<{ left: number; total: number }>({
    id: 'team.seats',
    defaultMessage: '{left, plural, =0 {Aucune place libre} one {# place libre} other {# places libres}} sur {total}',
  }),
  roleOf: defineMessage<{ name: string }>({ id: 'team.roleOf', defaultMessage: 'Rôle de {name}' }),
  removeLabel: defineMessage<{ name: string }>({ id: 'team.removeLabel', defaultMessage: 'Retirer {name}' }),
  removeBody: defineMessage<{ name: string }>({
    id: 'team.removeBody',
    defaultMessage: '{name} n’aura plus accès à votre espace. Ce qu’il ou elle a écrit reste, signé « Membre supprimé ».',
  }),
  expires: defineMessage<{ date: string }>({ id: 'team.expires', defaultMessage: 'Expire le {date}' }),
  deleteBody: defineMessage<{ email: string }>({ id: 'team.deleteBody', defaultMessage: 'Le lien envoyé à {email} ne fonctionnera plus.' }),
  invitationRoleOf: defineMessage<{ email: string }>({ id: 'team.invitationRoleOf', defaultMessage: 'Rôle proposé à {email}' }),
  resendLabel: defineMessage<{ email: string }>({ id: 'team.resendLabel', defaultMessage: 'Renvoyer l’invitation à {email}' }),
  deleteLabel: defineMessage<{ email: string }>({ id: 'team.deleteLabel', defaultMessage: 'Annuler l’invitation de {email}' }),
};

/** /parametres/equipe: the members (role change, removal) and the invitations (a machine) of the store. */
export function TeamPage() {
  const intl = useIntl();
  return (
    <div className="page team-page" data-testid="team-page">
      <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
      <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      <Members />
      <Invitations />
    </div>
  );
}

function RoleSelect({ label, value, onChange, isDisabled, testId }: { label: string; value: InvitedRole; onChange: (role: InvitedRole) => void; isDisabled?: boolean; testId?: string }) {
  const intl = useIntl();
  return (
    <select aria-label={label} className="native-field__select team-role-select" value={value} disabled={isDisabled} onChange={(e) => onChange(e.target.value as InvitedRole)} data-testid={testId}>
      {INVITED_ROLES.map((role) => (
        <option key={role} value={role}>
          {intl.formatMessage(roleMessages[role])}
        </option>
      ))}
    </select>
  );
}

function Members() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const me = AuthActor.useSelector((s) => s.context.user);
  const members = useQuery(teamMembersQuery());
  const myRank = me?.is_admin ? RANK.OWNER : RANK[me?.role ?? 'STAFF'];
  const manageable = (member: TeamMember) => member.role !== 'OWNER' && member.uuid !== me?.uuid && RANK[member.role] < myRank;
  const roleChange = useRequest(async ({ uuid, role }: { uuid: string; role: InvitedRole }, signal) => {
    await updateTeamMember(uuid, role, signal);
    await refreshTeamMembers(queryClient);
    showToast({ title: intl.formatMessage(m.roleSaved), variant: 'success' });
  });
  const removal = useConfirmedDeletion<TeamMember>({
    remove: (member, signal) => removeTeamMember(member.uuid, signal),
    onDeleted: async () => {
      showToast({ title: intl.formatMessage(m.removed), variant: 'success' });
      await refreshTeamMembers(queryClient);
    },
  });

  return (
    <Card title={intl.formatMessage(m.members)}>
      {members.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : members.isError ? (
        <Banner variant="danger" title={intl.formatMessage(m.membersFailed)} action={<Button variant="secondary" onPress={() => void members.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
      ) : (
        <div className="stack">
          <FormError>{failureText(intl, roleChange.error)}</FormError>
          <div className="table-scroll">
            <table className="data-table team-table" aria-label={intl.formatMessage(m.members)}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.colName)}</th>
                  <th scope="col">{intl.formatMessage(m.colEmail)}</th>
                  <th scope="col">{intl.formatMessage(m.colRole)}</th>
                  <th scope="col">{intl.formatMessage(m.colActions)}</th>
                </tr>
              </thead>
              <tbody>
                {members.data.data.map((member) => (
                  <tr key={member.uuid} data-testid="team-member" data-email={member.email}>
                    <td>
                      <span className="team-person">
                        <Avatar name={member.display_name} picture={member.picture} size={32} />
                        <span>
                          {member.display_name} {member.uuid === me?.uuid ? <span className="muted">{intl.formatMessage(m.you)}</span> : null}
                        </span>
                      </span>
                    </td>
                    <td>{member.email}</td>
                    <td>
                      {manageable(member) ? (
                        <RoleSelect
                          label={intl.formatMessage(mv.roleOf, { name: member.display_name })}
                          value={member.role as InvitedRole}
                          isDisabled={roleChange.isSubmitting}
                          onChange={(role) => roleChange.submit({ uuid: member.uuid, role })}
                          testId="team-member-role"
                        />
                      ) : (
                        intl.formatMessage(roleMessages[member.role])
                      )}
                    </td>
                    <td>
                      {manageable(member) && (
                        <Button variant="ghost" size="sm" onPress={() => removal.ask(member)} aria-label={intl.formatMessage(mv.removeLabel, { name: member.display_name })} data-testid="team-member-remove">
                          {intl.formatMessage(m.remove)}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <DeleteConfirmDialog
        deletion={removal}
        title={intl.formatMessage(m.removeTitle)}
        confirmLabel={intl.formatMessage(m.remove)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.removing)}
        data-testid="team-remove-dialog"
      >
        {(member) => <p>{intl.formatMessage(mv.removeBody, { name: member.display_name })}</p>}
      </DeleteConfirmDialog>
    </Card>
  );
}

const NOTICES = { created: m.created, resent: m.resent, updated: m.updated, deleted: m.deleted } as const;
const STATUS = { PENDING: m.pending, EXPIRED: m.expired, ACCEPTED: m.accepted } as const;

function Invitations() {
  const intl = useIntl();
  const machine = useMemo(
    () =>
      teamInvitationsMachine.provide({
        actors: createTeamInvitationsActors({
          list: (signal) => listTeamInvitations(signal),
          create: (input, signal) => createTeamInvitation(input, signal),
          resend: (uuid, signal) => resendTeamInvitation(uuid, signal),
          update: (uuid, role, signal) => updateTeamInvitation(uuid, role, signal),
          remove: (uuid, signal) => deleteTeamInvitation(uuid, signal),
        }),
      }),
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine);
  const view = selectTeamInvitationsView(snapshot);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <Card title={intl.formatMessage(m.invitations)}>
      <div className="stack" data-testid="team-invitations">
        {view.isLoading ? (
          <div className="loading-state">
            <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
          </div>
        ) : view.loadFailed ? (
          <Banner variant="danger" title={intl.formatMessage(m.invitationsFailed)} action={<Button variant="secondary" onPress={() => send({ type: 'RETRY' })}>{intl.formatMessage(commonMessages.retry)}</Button>} />
        ) : (
          <>
            <div className="team-seats">
              {view.seats && (
                <p className="muted" data-testid="team-seats">
                  {intl.formatMessage(mv.seats, { left: view.seats.left, total: view.seats.total })}
                </p>
              )}
              {!view.noSeatLeft && (
                <Button onPress={() => send({ type: 'OPEN' })} data-testid="team-invite-open">
                  {intl.formatMessage(m.invite)}
                </Button>
              )}
            </div>
            {view.noSeatLeft && (
              <Banner variant="info" title={intl.formatMessage(m.noSeatTitle)} action={<TextLink href="/abonnement?onglet=vous">{intl.formatMessage(m.buySeats)}</TextLink>} data-testid="team-no-seat">
                {intl.formatMessage(m.noSeatBody)}
              </Banner>
            )}
            {view.notice && (
              <Banner variant="success" role="status">
                {intl.formatMessage(NOTICES[view.notice])}
              </Banner>
            )}
            {!view.dialogOpen && !view.confirmingDelete && <FormError>{failureText(intl, view.failure)}</FormError>}
            {view.invitations.length === 0 ? (
              <p className="muted" data-testid="team-invitations-empty">
                {intl.formatMessage(m.noInvitation)}
              </p>
            ) : (
              <div className="table-scroll">
                <table className="data-table team-table" aria-label={intl.formatMessage(m.invitations)}>
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(m.colEmail)}</th>
                      <th scope="col">{intl.formatMessage(m.colRole)}</th>
                      <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                      <th scope="col">{intl.formatMessage(m.colActions)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.invitations.map((invitation) => (
                      <tr key={invitation.uuid} data-testid="team-invitation" data-email={invitation.email}>
                        <td>{invitation.email}</td>
                        <td>
                          <RoleSelect
                            label={intl.formatMessage(mv.invitationRoleOf, { email: invitation.email })}
                            value={invitation.role as InvitedRole}
                            isDisabled={view.busy !== null}
                            onChange={(role) => send({ type: 'SET_ROLE', uuid: invitation.uuid, role })}
                          />
                        </td>
                        <td>
                          <span className={`team-status team-status--${invitation.status.toLowerCase()}`}>{intl.formatMessage(STATUS[invitation.status])}</span>
                          {invitation.status === 'PENDING' && <span className="muted team-expiry"> · {intl.formatMessage(mv.expires, { date: date(invitation.expires_at) })}</span>}
                        </td>
                        <td className="team-actions">
                          <Button variant="secondary" size="sm" isDisabled={view.busy !== null} onPress={() => send({ type: 'RESEND', uuid: invitation.uuid })} aria-label={intl.formatMessage(mv.resendLabel, { email: invitation.email })}>
                            {intl.formatMessage(m.resend)}
                          </Button>
                          <Button variant="ghost" size="sm" isDisabled={view.busy !== null} onPress={() => send({ type: 'DELETE', uuid: invitation.uuid })} aria-label={intl.formatMessage(mv.deleteLabel, { email: invitation.email })}>
                            {intl.formatMessage(m.deleteInvitation)}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>

      <Modal isOpen={view.dialogOpen} onOpenChange={(open) => !open && !view.isCreating && send({ type: 'CLOSE' })} title={intl.formatMessage(m.dialogTitle)} closeLabel={intl.formatMessage(m.close)} size="sm">
        <Form className="stack" onSubmit={onSubmit} data-testid="team-invite-dialog">
          <FormError>{failureText(intl, view.failure, ['email', 'role'])}</FormError>
          <TextField
            label={intl.formatMessage(m.email)}
            type="email"
            value={view.email}
            onChange={(email) => send({ type: 'EDIT', email })}
            isRequired
            autoFocus
            errorMessage={view.problem === 'email' ? intl.formatMessage(m.badEmail) : fieldErrors(view.failure, 'email')}
            data-testid="team-invite-email"
          />
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(m.role)}</span>
            <RoleSelect label={intl.formatMessage(m.role)} value={view.role} onChange={(role) => send({ type: 'EDIT', role })} testId="team-invite-role" />
          </label>
          <div className="form-actions">
            <Button type="submit" isPending={view.isCreating} pendingLabel={intl.formatMessage(m.sending)} data-testid="team-invite-send">
              {intl.formatMessage(m.send)}
            </Button>
          </div>
        </Form>
      </Modal>

      <ConfirmDialog
        isOpen={view.confirmingDelete !== null}
        onOpenChange={(open) => !open && send({ type: 'CANCEL' })}
        title={intl.formatMessage(m.deleteTitle)}
        confirmLabel={intl.formatMessage(m.deleteConfirm)}
        cancelLabel={intl.formatMessage(m.keep)}
        variant="danger"
        isPending={view.isDeleting}
        pendingLabel={intl.formatMessage(m.deleting)}
        closeOnConfirm={false}
        onConfirm={() => send({ type: 'CONFIRM' })}
      >
        <div className="stack">
          <p>{view.confirmingDelete ? intl.formatMessage(mv.deleteBody, { email: view.confirmingDelete.email }) : null}</p>
          <FormError>{failureText(intl, view.failure)}</FormError>
        </div>
      </ConfirmDialog>
    </Card>
  );
}
