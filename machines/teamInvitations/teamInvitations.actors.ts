import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { InvitationList, InvitedRole, RoleChange, TeamInvitation } from './teamInvitations.machine';

/** The calls the invitations need; the app supplies them from src/api/teamApi.ts. */
export interface TeamInvitationsApi {
  list(signal: AbortSignal): Promise<InvitationList>;
  create(input: { email: string; role: InvitedRole }, signal: AbortSignal): Promise<TeamInvitation>;
  resend(uuid: string, signal: AbortSignal): Promise<TeamInvitation>;
  update(uuid: string, role: InvitedRole, signal: AbortSignal): Promise<TeamInvitation>;
  remove(uuid: string, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `teamInvitationsMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createTeamInvitationsActors(api: TeamInvitationsApi) {
  return {
    load: fromPromise<InvitationList, void>(({ signal }) => settleUnlessAborted(signal, api.list(signal))),
    create: fromPromise<TeamInvitation, { email: string; role: InvitedRole }>(({ input, signal }) => settleUnlessAborted(signal, api.create(input, signal))),
    resend: fromPromise<TeamInvitation, { uuid: string }>(({ input, signal }) => settleUnlessAborted(signal, api.resend(input.uuid, signal))),
    update: fromPromise<TeamInvitation, RoleChange>(({ input, signal }) => settleUnlessAborted(signal, api.update(input.uuid, input.role, signal))),
    remove: fromPromise<void, { uuid: string }>(({ input, signal }) => settleUnlessAborted(signal, api.remove(input.uuid, signal).then(() => undefined))),
  };
}
