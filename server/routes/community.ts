import { createCollection, deleteCollection, listCollections, reorderCollections, updateCollection } from '../commands/community/collections.js';
import { createSpace, deleteSpace, getSpace, listSpaces, reorderSpaces, updateSpace } from '../commands/community/spaces.js';
import { addMember, importAllMembers, listAvailableMembers, listMembers, removeAllMembers, removeMember, updateMember } from '../commands/community/members.js';
import type { PageRequest } from '../commands/trainingLearners/paging.js';
import { publicUrlOf } from '../http/publicUrl.js';
import type { HandlerContext, HandlerMap, OperationId } from '../openapi/handler.js';
import { viewerOf } from '../policies/community.js';

/**
 * The community (#13). Every operation serves the team (back-office session) and, where x-roles lists CUSTOMER,
 * learners (their learner-area session): viewerOf decides who acts and refuses a store whose community is off.
 */
/** The page a list operation asks for (Page and PerPage parameters), with its public URL for the links. */
function pageOf<K extends OperationId>(ctx: HandlerContext<K>): PageRequest {
  const query = ctx.query as { page?: number; per_page?: number };
  return { page: query.page ?? 1, perPage: query.per_page ?? 20, url: publicUrlOf(ctx.services.config, ctx.request) };
}

export const communityHandlers: HandlerMap = {
  async listCollections(ctx) {
    return { status: 200, body: { data: await listCollections(ctx.services, viewerOf(ctx)) } };
  },
  async createCollection(ctx) {
    return { status: 201, body: await createCollection(ctx.services, viewerOf(ctx), ctx.body) };
  },
  async reorderCollections(ctx) {
    return { status: 200, body: { data: await reorderCollections(ctx.services, viewerOf(ctx), ctx.body) } };
  },
  async updateCollection(ctx) {
    return { status: 200, body: await updateCollection(ctx.services, viewerOf(ctx), ctx.params.collectionUuid, ctx.body) };
  },
  async deleteCollection(ctx) {
    await deleteCollection(ctx.services, viewerOf(ctx), ctx.params.collectionUuid);
    return { status: 204 };
  },

  async listSpaces(ctx) {
    return { status: 200, body: { data: await listSpaces(ctx.services, viewerOf(ctx)) } };
  },
  async createSpace(ctx) {
    return { status: 201, body: await createSpace(ctx.services, viewerOf(ctx), ctx.body) };
  },
  async reorderSpaces(ctx) {
    return { status: 200, body: { data: await reorderSpaces(ctx.services, viewerOf(ctx), ctx.body) } };
  },
  async getSpace(ctx) {
    return { status: 200, body: await getSpace(ctx.services, viewerOf(ctx), ctx.params.groupUuid) };
  },
  async updateSpace(ctx) {
    return { status: 200, body: await updateSpace(ctx.services, viewerOf(ctx), ctx.params.groupUuid, ctx.body) };
  },
  async deleteSpace(ctx) {
    await deleteSpace(ctx.services, viewerOf(ctx), ctx.params.groupUuid);
    return { status: 204 };
  },

  async listMembers(ctx) {
    return { status: 200, body: await listMembers(ctx.services, viewerOf(ctx), ctx.params.groupUuid, ctx.query, pageOf(ctx)) };
  },
  async addMember(ctx) {
    return { status: 201, body: await addMember(ctx.services, viewerOf(ctx), ctx.params.groupUuid, ctx.body) };
  },
  async listAvailableMembers(ctx) {
    return { status: 200, body: await listAvailableMembers(ctx.services, viewerOf(ctx), ctx.params.groupUuid, ctx.query, pageOf(ctx)) };
  },
  async importAllMembers(ctx) {
    return { status: 200, body: await importAllMembers(ctx.services, viewerOf(ctx), ctx.params.groupUuid) };
  },
  async removeAllMembers(ctx) {
    await removeAllMembers(ctx.services, viewerOf(ctx), ctx.params.groupUuid);
    return { status: 204 };
  },
  async updateMember(ctx) {
    return { status: 200, body: await updateMember(ctx.services, viewerOf(ctx), ctx.params.memberUuid, ctx.body) };
  },
  async removeMember(ctx) {
    await removeMember(ctx.services, viewerOf(ctx), ctx.params.memberUuid);
    return { status: 204 };
  },
};
