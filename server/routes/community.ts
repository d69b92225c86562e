import { createCollection, deleteCollection, listCollections, reorderCollections, updateCollection } from '../commands/community/collections.js';
import { createSpace, deleteSpace, getSpace, listSpaces, reorderSpaces, updateSpace } from '../commands/community/spaces.js';
import { dismissAbuse, listSpaceAbuses, reportComment, reportPost } from '../commands/community/abuses.js';
import { createComment, deleteComment, listComments, subscribeComment, updateComment } from '../commands/community/comments.js';
import { createPost, deletePost, getPost, listPosts, subscribePost, updatePost } from '../commands/community/posts.js';
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

  async listPosts(ctx) {
    return { status: 200, body: await listPosts(ctx.services, viewerOf(ctx), ctx.params.groupUuid, ctx.query, pageOf(ctx)) };
  },
  async createPost(ctx) {
    return { status: 201, body: await createPost(ctx.services, viewerOf(ctx), ctx.params.groupUuid, ctx.body) };
  },
  async getPost(ctx) {
    return { status: 200, body: await getPost(ctx.services, viewerOf(ctx), ctx.params.postUuid) };
  },
  async updatePost(ctx) {
    return { status: 200, body: await updatePost(ctx.services, viewerOf(ctx), ctx.params.postUuid, ctx.body) };
  },
  async deletePost(ctx) {
    await deletePost(ctx.services, viewerOf(ctx), ctx.params.postUuid);
    return { status: 204 };
  },
  async subscribePost(ctx) {
    return { status: 200, body: await subscribePost(ctx.services, viewerOf(ctx), ctx.params.postUuid, true) };
  },
  async unsubscribePost(ctx) {
    return { status: 200, body: await subscribePost(ctx.services, viewerOf(ctx), ctx.params.postUuid, false) };
  },
  async reportPost(ctx) {
    return { status: 201, body: await reportPost(ctx.services, viewerOf(ctx), ctx.params.postUuid, ctx.body) };
  },

  async listComments(ctx) {
    return { status: 200, body: await listComments(ctx.services, viewerOf(ctx), ctx.params.postUuid, ctx.query.parent_uuid, pageOf(ctx)) };
  },
  async createComment(ctx) {
    return { status: 201, body: await createComment(ctx.services, viewerOf(ctx), ctx.params.postUuid, ctx.body) };
  },
  async updateComment(ctx) {
    return { status: 200, body: await updateComment(ctx.services, viewerOf(ctx), ctx.params.commentUuid, ctx.body) };
  },
  async deleteComment(ctx) {
    await deleteComment(ctx.services, viewerOf(ctx), ctx.params.commentUuid);
    return { status: 204 };
  },
  async subscribeComment(ctx) {
    return { status: 200, body: await subscribeComment(ctx.services, viewerOf(ctx), ctx.params.commentUuid, true) };
  },
  async unsubscribeComment(ctx) {
    return { status: 200, body: await subscribeComment(ctx.services, viewerOf(ctx), ctx.params.commentUuid, false) };
  },
  async reportComment(ctx) {
    return { status: 201, body: await reportComment(ctx.services, viewerOf(ctx), ctx.params.commentUuid, ctx.body) };
  },

  async listSpaceAbuses(ctx) {
    return { status: 200, body: await listSpaceAbuses(ctx.services, viewerOf(ctx), ctx.params.groupUuid, pageOf(ctx)) };
  },
  async dismissAbuse(ctx) {
    await dismissAbuse(ctx.services, viewerOf(ctx), ctx.params.abuseUuid);
    return { status: 204 };
  },
};
