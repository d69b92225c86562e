import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvidedPromise } from '../support/notProvided';

export type TeamInvitation = components['schemas']['TeamInvitation'];
export type TeamSeats = components['schemas']['TeamSeats'];
export type InvitedRole = components['schemas']['CreateTeamInvitationBody']['role'];
export interface InvitationList {
  data: TeamInvitation[];
  seats: TeamSeats;
}

/** What the page last did, for its status message. */
export type InvitationNotice = 'created' | 'resent' | 'updated' | 'deleted';

export interface TeamInvitationsContext {
  invitations: TeamInvitation[];
  seats: TeamSeats | null;
  /** The invite dialog's fields. */
  email: string;
  role: InvitedRole;
  /** The dialog's own problem before any call: an address that is not one. */
  problem: 'email' | null;
  /** The invitation a resend, role change or deletion is about. */
  target: string | null;
  targetRole: InvitedRole | null;
  failure: Failure | null;
  notice: InvitationNotice | null;
}

export type TeamInvitationsEvent =
  | { type: 'RETRY' }
  /** Opens the invite dialog (only with a seat left: at 0 the page offers paid seats instead). */
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'EDIT'; email?: string; role?: InvitedRole }
  | { type: 'SUBMIT' }
  | { type: 'RESEND'; uuid: string }
  | { type: 'SET_ROLE'; uuid: string; role: InvitedRole }
  /** Asks to cancel an invitation: a confirmation first. */
  | { type: 'DELETE'; uuid: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface RoleChange {
  uuid: string;
  role: InvitedRole;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

/**
 * The invitations of the team page (/parametres/equipe, issue 15): the list with the seats, the invite dialog,
 * and each invitation's resend, role change and cancellation (confirmed). Every success reloads the list.
 *
 *   loading ──done──> idle | ──error──> failed ──RETRY──> loading
 *   idle ─OPEN (a seat left)─> inviting ─EDIT─> inviting (problem cleared)
 *                                 ├─CLOSE─> idle
 *                                 └─SUBMIT─┬─ not an address ─> inviting, problem 'email'
 *                                          └─> creating ──done──> loading (notice created) | error ─> inviting (failure)
 *   idle ─RESEND { uuid }─> resending ──done──> loading (resent) | error ─> idle (failure)
 *   idle ─SET_ROLE { uuid, role }─> updating ──done──> loading (updated) | error ─> idle (failure)
 *   idle ─DELETE { uuid }─> confirmingDelete ─CONFIRM─> deleting ──done──> loading (deleted) | error ─> confirmingDelete (failure)
 *                                            └─CANCEL─> idle
 */
export const teamInvitationsMachine = setup({
  types: {} as { context: TeamInvitationsContext; events: TeamInvitationsEvent },
  actors: {
    load: notProvidedPromise<InvitationList, void>('teamInvitations', 'load'),
    create: notProvidedPromise<TeamInvitation, { email: string; role: InvitedRole }>('teamInvitations', 'create'),
    resend: notProvidedPromise<TeamInvitation, { uuid: string }>('teamInvitations', 'resend'),
    update: notProvidedPromise<TeamInvitation, RoleChange>('teamInvitations', 'update'),
    remove: notProvidedPromise<void, { uuid: string }>('teamInvitations', 'remove'),
  },
  actions: {
    keepFailure: assign({ failure: ({ event }) => (event as unknown as { error: Failure }).error }),
  },
  guards: {
    hasSeat: ({ context }) => (context.seats?.left ?? 0) > 0,
    isAddress: ({ context }) => isEmailAddress(context.email),
    isOpen: ({ context, event }) => 'uuid' in event && context.invitations.some((i) => i.uuid === event.uuid),
  },
}).createMachine({
  id: 'teamInvitations',
  context: { invitations: [], seats: null, email: '', role: 'TEACHER', problem: null, target: null, targetRole: null, failure: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'idle', actions: assign({ invitations: ({ event }) => event.output.data, seats: ({ event }) => event.output.seats }) },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ failure: null }) } },
    },
    idle: {
      on: {
        OPEN: { guard: 'hasSeat', target: 'inviting', actions: assign({ email: '', role: 'TEACHER', problem: null, failure: null, notice: null }) },
        RESEND: { guard: 'isOpen', target: 'resending', actions: assign({ target: ({ event }) => event.uuid, failure: null, notice: null }) },
        SET_ROLE: {
          guard: 'isOpen',
          target: 'updating',
          actions: assign({ target: ({ event }) => event.uuid, targetRole: ({ event }) => event.role, failure: null, notice: null }),
        },
        DELETE: { guard: 'isOpen', target: 'confirmingDelete', actions: assign({ target: ({ event }) => event.uuid, failure: null, notice: null }) },
      },
    },
    inviting: {
      on: {
        EDIT: {
          actions: assign({
            email: ({ context, event }) => event.email ?? context.email,
            role: ({ context, event }) => event.role ?? context.role,
            problem: null,
          }),
        },
        SUBMIT: [{ guard: 'isAddress', target: 'creating' }, { actions: assign({ problem: 'email' }) }],
        CLOSE: { target: 'idle', actions: assign({ failure: null, problem: null }) },
      },
    },
    creating: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ email: context.email.trim(), role: context.role }),
        onDone: { target: 'loading', actions: assign({ notice: 'created' }) },
        onError: { target: 'inviting', actions: 'keepFailure' },
      },
    },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ uuid: context.target ?? '' }),
        onDone: { target: 'loading', actions: assign({ notice: 'resent', target: null }) },
        onError: { target: 'idle', actions: ['keepFailure', assign({ target: null })] },
      },
    },
    updating: {
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context }) => ({ uuid: context.target ?? '', role: context.targetRole ?? 'TEACHER' }),
        onDone: { target: 'loading', actions: assign({ notice: 'updated', target: null, targetRole: null }) },
        onError: { target: 'idle', actions: ['keepFailure', assign({ target: null, targetRole: null })] },
      },
    },
    confirmingDelete: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'idle', actions: assign({ target: null, failure: null }) },
      },
    },
    deleting: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ uuid: context.target ?? '' }),
        onDone: { target: 'loading', actions: assign({ notice: 'deleted', target: null }) },
        onError: { target: 'confirmingDelete', actions: 'keepFailure' },
      },
    },
  },
});
