import { getAssignment, listAssignments } from '../commands/assignments/assignments.js';
import { createAssignmentComment, listAssignmentComments, validateAssignment } from '../commands/assignments/review.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/** The review of an ASSIGNMENT item's submissions; every command reaches the item through the caller's store. */
export const assignmentHandlers: HandlerMap = {
  async listAssignments(ctx) {
    const { trainingUuid, itemId } = ctx.params;
    const body = await listAssignments(ctx.services, scopeOf(ctx).id, trainingUuid, itemId, ctx.query.status, pageRequest(ctx));
    return { status: 200, body };
  },

  async getAssignment(ctx) {
    const { trainingUuid, itemId, assignmentId } = ctx.params;
    return { status: 200, body: await getAssignment(ctx.services, scopeOf(ctx).id, trainingUuid, itemId, assignmentId) };
  },

  async validateAssignment(ctx) {
    const { trainingUuid, itemId, assignmentId } = ctx.params;
    const { store, user } = signedIn(ctx);
    return { status: 200, body: await validateAssignment(ctx.services, store.id, user.id, trainingUuid, itemId, assignmentId, ctx.body) };
  },

  async listAssignmentComments(ctx) {
    const { trainingUuid, itemId, assignmentId } = ctx.params;
    return { status: 200, body: await listAssignmentComments(ctx.services, scopeOf(ctx).id, trainingUuid, itemId, assignmentId) };
  },

  async createAssignmentComment(ctx) {
    const { trainingUuid, itemId, assignmentId } = ctx.params;
    const { store, user } = signedIn(ctx);
    const body = await createAssignmentComment(ctx.services, store.id, user.id, trainingUuid, itemId, assignmentId, ctx.body.content);
    return { status: 201, body };
  },
};
