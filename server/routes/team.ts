import { switchToUser } from '../commands/admin/switches.js';
import { listTeamDirectory, listTeamUsers, removeTeamUser, updateTeamUser } from '../commands/team.js';
import {
  acceptTeamInvitation,
  createTeamInvitation,
  deleteTeamInvitation,
  getTeamInvitationByToken,
  listTeamInvitations,
  resendTeamInvitation,
  updateTeamInvitation,
} from '../commands/teamInvitations.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';

/** The caller's team: these operations take no store in the path, the session names it (policies/team.ts decides who manages whom). */
export const teamHandlers: HandlerMap = {
  async listTeamUsers(ctx) {
    return { status: 200, body: { data: await listTeamUsers(ctx.services, scopeOf(ctx).id) } };
  },

  async listTeamDirectory(ctx) {
    return { status: 200, body: { data: await listTeamDirectory(ctx.services, scopeOf(ctx).id) } };
  },

  async updateTeamUser(ctx) {
    return { status: 200, body: await updateTeamUser(ctx.services, signedIn(ctx), ctx.params.userUuid, ctx.body.role) };
  },

  async removeTeamUser(ctx) {
    await removeTeamUser(ctx.services, signedIn(ctx), ctx.params.userUuid);
    return { status: 204 };
  },

  async switchToUser(ctx) {
    const auth = signedIn(ctx);
    const admin = auth.user;
    const session = await switchToUser(ctx.services, auth, ctx.params.userUuid);
    ctx.request.log.warn({ admin: admin.id, as: session.user.uuid }, 'platform admin switched to a user');
    return { status: 200, body: session };
  },

  async listTeamInvitations(ctx) {
    return { status: 200, body: await listTeamInvitations(ctx.services, scopeOf(ctx)) };
  },

  async createTeamInvitation(ctx) {
    return { status: 201, body: await createTeamInvitation(ctx.services, signedIn(ctx), ctx.body) };
  },

  async updateTeamInvitation(ctx) {
    return { status: 200, body: await updateTeamInvitation(ctx.services, signedIn(ctx), ctx.params.invitationUuid, ctx.body) };
  },

  async deleteTeamInvitation(ctx) {
    await deleteTeamInvitation(ctx.services, signedIn(ctx), ctx.params.invitationUuid);
    return { status: 204 };
  },

  async resendTeamInvitation(ctx) {
    return { status: 200, body: await resendTeamInvitation(ctx.services, signedIn(ctx), ctx.params.invitationUuid) };
  },

  async getTeamInvitationByToken(ctx) {
    return { status: 200, body: await getTeamInvitationByToken(ctx.services, ctx.query.token) };
  },

  async acceptTeamInvitation(ctx) {
    return { status: 201, body: await acceptTeamInvitation(ctx.services, ctx.body, ctx.request.ip) };
  },
};
