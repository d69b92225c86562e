import type { SnapshotFrom } from 'xstate';
import type { teamInvitationsMachine } from './teamInvitations.machine';

type Snapshot = SnapshotFrom<typeof teamInvitationsMachine>;

/** The view-model of the team page's invitations. */
export const selectTeamInvitationsView = (snapshot: Snapshot) => ({
  isLoading: snapshot.matches('loading') && snapshot.context.seats === null,
  loadFailed: snapshot.matches('failed'),
  invitations: snapshot.context.invitations,
  seats: snapshot.context.seats,
  noSeatLeft: snapshot.context.seats !== null && snapshot.context.seats.left === 0,
  dialogOpen: snapshot.matches('inviting') || snapshot.matches('creating'),
  isCreating: snapshot.matches('creating'),
  email: snapshot.context.email,
  role: snapshot.context.role,
  problem: snapshot.context.problem,
  /** The invitation a call is running for (its buttons are busy). */
  busy: snapshot.matches('resending') || snapshot.matches('updating') || snapshot.matches('deleting') ? snapshot.context.target : null,
  confirmingDelete: snapshot.matches('confirmingDelete') || snapshot.matches('deleting') ? snapshot.context.invitations.find((i) => i.uuid === snapshot.context.target) ?? null : null,
  isDeleting: snapshot.matches('deleting'),
  failure: snapshot.matches('failed') ? null : snapshot.context.failure,
  notice: snapshot.matches('idle') ? snapshot.context.notice : null,
});
