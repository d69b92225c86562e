import { listTeamDirectory, listTeamUsers } from '../commands/team.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';

/** The caller's team: these operations take no store in the path, the session names it. */
export const teamHandlers: HandlerMap = {
  async listTeamUsers(ctx) {
    return { status: 200, body: { data: await listTeamUsers(ctx.services, scopeOf(ctx).id) } };
  },

  async listTeamDirectory(ctx) {
    return { status: 200, body: { data: await listTeamDirectory(ctx.services, scopeOf(ctx).id) } };
  },
};
