import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

export type Collection = components['schemas']['Collection'];
export type Space = components['schemas']['Space'];
export type Post = components['schemas']['Post'];
export type Comment = components['schemas']['Comment'];
export type Member = components['schemas']['Member'];
export type MemberCandidate = components['schemas']['MemberCandidate'];
export type MemberType = components['schemas']['MemberType'];
export type AbuseReport = components['schemas']['AbuseReport'];
export type AbuseReason = components['schemas']['AbuseReason'];
export type PostSort = components['schemas']['PostSort'];
export type CreateSpaceBody = components['schemas']['CreateSpaceBody'];
export type UpdateSpaceBody = components['schemas']['UpdateSpaceBody'];
export type CreatePostBody = components['schemas']['CreatePostBody'];
export type ReorderSpacesBody = components['schemas']['ReorderSpacesBody'];
export type PostsQuery = NonNullable<operations['listPosts']['parameters']['query']>;

/** Posts and comments per page (the contract's per_page). */
export const POSTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
/** Members and reports per page. */
export const LIST_PAGE_SIZE = 50;

type Client = typeof api;

const groupPath = (groupUuid: string) => ({ params: { path: { groupUuid } } });
const postPath = (postUuid: string) => ({ params: { path: { postUuid } } });
const commentPath = (commentUuid: string) => ({ params: { path: { commentUuid } } });

/**
 * The community's calls, built over one client: the back office's (`communityApi`, the team's session) and the
 * learner area's (src/app/school community, the learner's session). The server answers both on the same paths
 * with the same rules (context USER or CUSTOMER), so the same pages serve both.
 */
export function communityApiFor(client: Client, hooks: typeof $api) {
  const queries = {
    /** GET /community/collections (position order). */
    collections: () => hooks.queryOptions('get', '/community/collections'),
    /** GET /community/groups: the spaces the caller may see (position order). */
    spaces: () => hooks.queryOptions('get', '/community/groups'),
    space: (groupUuid: string) => hooks.queryOptions('get', '/community/groups/{groupUuid}', groupPath(groupUuid)),
    posts: (groupUuid: string, query: PostsQuery) =>
      hooks.queryOptions('get', '/community/groups/{groupUuid}/posts', { params: { path: { groupUuid }, query: { per_page: POSTS_PAGE_SIZE, ...query } } }),
    post: (postUuid: string) => hooks.queryOptions('get', '/community/posts/{postUuid}', postPath(postUuid)),
    comments: (postUuid: string, page: number, parentUuid?: string) =>
      hooks.queryOptions('get', '/community/posts/{postUuid}/comments', {
        params: { path: { postUuid }, query: { page, per_page: COMMENTS_PAGE_SIZE, ...(parentUuid && { parent_uuid: parentUuid }) } },
      }),
    members: (groupUuid: string, page: number) =>
      hooks.queryOptions('get', '/community/groups/{groupUuid}/members', { params: { path: { groupUuid }, query: { page, per_page: LIST_PAGE_SIZE } } }),
    availableMembers: (groupUuid: string) =>
      hooks.queryOptions('get', '/community/groups/{groupUuid}/members/available', { params: { path: { groupUuid }, query: { page: 1, per_page: 100 } } }),
    abuses: (groupUuid: string, page: number) =>
      hooks.queryOptions('get', '/community/groups/{groupUuid}/abuses', { params: { path: { groupUuid }, query: { page, per_page: LIST_PAGE_SIZE } } }),
  };

  return {
    queries,
    /** Everything under /community (menus, spaces, posts): marked stale after a write that moves several. */
    refreshAll: (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[1] ?? '').startsWith('/community') }),
    /** The side menu's lists (collections and spaces). */
    refreshMenu: (queryClient: QueryClient) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queries.collections().queryKey }), queryClient.invalidateQueries({ queryKey: queries.spaces().queryKey })]),

    createCollection: (name: string, signal?: AbortSignal) => unwrap(client.POST('/community/collections', { body: { name }, signal })),
    updateCollection: (collectionUuid: string, body: components['schemas']['UpdateCollectionBody'], signal?: AbortSignal) =>
      unwrap(client.PUT('/community/collections/{collectionUuid}', { params: { path: { collectionUuid } }, body, signal })),
    /** Its spaces stay, standalone. */
    deleteCollection: (collectionUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/collections/{collectionUuid}', { params: { path: { collectionUuid } }, signal })),
    reorderCollections: (uuids: readonly string[], signal?: AbortSignal) =>
      unwrap(client.PUT('/community/collections', { body: { collections: uuids.map((uuid, position) => ({ uuid, position })) }, signal })),
    reorderSpaces: (groups: ReorderSpacesBody['groups'], signal?: AbortSignal) => unwrap(client.PUT('/community/groups', { body: { groups }, signal })),

    createSpace: (body: CreateSpaceBody, signal?: AbortSignal) => unwrap(client.POST('/community/groups', { body, signal })),
    updateSpace: (groupUuid: string, body: UpdateSpaceBody, signal?: AbortSignal) => unwrap(client.PUT('/community/groups/{groupUuid}', { ...groupPath(groupUuid), body, signal })),
    deleteSpace: (groupUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/groups/{groupUuid}', { ...groupPath(groupUuid), signal })),

    createPost: (groupUuid: string, body: CreatePostBody, signal?: AbortSignal) => unwrap(client.POST('/community/groups/{groupUuid}/posts', { ...groupPath(groupUuid), body, signal })),
    updatePost: (postUuid: string, body: components['schemas']['UpdatePostBody'], signal?: AbortSignal) =>
      unwrap(client.PUT('/community/posts/{postUuid}', { ...postPath(postUuid), body, signal })),
    deletePost: (postUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/posts/{postUuid}', { ...postPath(postUuid), signal })),
    reportPost: (postUuid: string, reason: AbuseReason, signal?: AbortSignal) =>
      unwrap(client.POST('/community/posts/{postUuid}/abuses', { ...postPath(postUuid), body: { reason }, signal })),
    setPostSubscription: (postUuid: string, on: boolean, signal?: AbortSignal) =>
      on
        ? unwrap(client.POST('/community/posts/{postUuid}/subscription', { ...postPath(postUuid), signal }))
        : unwrap(client.DELETE('/community/posts/{postUuid}/subscription', { ...postPath(postUuid), signal })),

    createComment: (postUuid: string, content: string, parentUuid: string | null, signal?: AbortSignal) =>
      unwrap(client.POST('/community/posts/{postUuid}/comments', { ...postPath(postUuid), body: { content, ...(parentUuid && { parent_uuid: parentUuid }) }, signal })),
    deleteComment: (commentUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/comments/{commentUuid}', { ...commentPath(commentUuid), signal })),
    reportComment: (commentUuid: string, reason: AbuseReason, signal?: AbortSignal) =>
      unwrap(client.POST('/community/comments/{commentUuid}/abuses', { ...commentPath(commentUuid), body: { reason }, signal })),
    setCommentSubscription: (commentUuid: string, on: boolean, signal?: AbortSignal) =>
      on
        ? unwrap(client.POST('/community/comments/{commentUuid}/subscription', { ...commentPath(commentUuid), signal }))
        : unwrap(client.DELETE('/community/comments/{commentUuid}/subscription', { ...commentPath(commentUuid), signal })),

    addMember: (groupUuid: string, type: MemberType, typeUuid: string, signal?: AbortSignal) =>
      unwrap(client.POST('/community/groups/{groupUuid}/members', { ...groupPath(groupUuid), body: { type, type_uuid: typeUuid }, signal })),
    removeMember: (memberUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/members/{memberUuid}', { params: { path: { memberUuid } }, signal })),
    importAllMembers: (groupUuid: string, signal?: AbortSignal) => unwrap(client.POST('/community/groups/{groupUuid}/members/all', { ...groupPath(groupUuid), signal })),
    removeAllMembers: (groupUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/groups/{groupUuid}/members/all', { ...groupPath(groupUuid), signal })),
    dismissAbuse: (abuseUuid: string, signal?: AbortSignal) => unwrap(client.DELETE('/community/abuses/{abuseUuid}', { params: { path: { abuseUuid } }, signal })),
  };
}

export type CommunityApi = ReturnType<typeof communityApiFor>;

/** The back office's community calls (the team's session). */
export const communityApi: CommunityApi = communityApiFor(api, $api);
