import { customers, users, type communityCollections, type communityComments, type communityMembers, type communityPosts, type communitySpaces } from '../db/schema.js';
import type { components } from '../../src/api/schema.gen.js';
import { customerDisplayName } from './customer.js';
import { presentUserRef } from './user.js';

type Schemas = components['schemas'];
export type AuthorBody = Schemas['Author'];

/**
 * The columns that name a person of the community (a team user or a learner), selected flat: drizzle 0.45 nulls
 * a nested object of a left join only when every column is null, which these ids decide.
 */
export const personColumns = {
  userUuid: users.id,
  userFirstname: users.firstname,
  userLastname: users.lastname,
  userDisplayName: users.displayName,
  userPicture: users.picture,
  customerUuid: customers.id,
  customerEmail: customers.email,
  customerFirstname: customers.firstname,
  customerLastname: customers.lastname,
  customerPicture: customers.picture,
};

export type PersonFields = {
  userUuid: string | null;
  userFirstname: string | null;
  userLastname: string | null;
  userDisplayName: string | null;
  userPicture: string | null;
  customerUuid: string | null;
  customerEmail: string | null;
  customerFirstname: string | null;
  customerLastname: string | null;
  customerPicture: string | null;
};

/** Who wrote it, or null once they were deleted (the client shows "Membre supprimé"). */
export function presentPerson(row: PersonFields): AuthorBody | null {
  if (row.userUuid) {
    return {
      type: 'USER',
      ...presentUserRef({ id: row.userUuid, firstname: row.userFirstname ?? '', lastname: row.userLastname, displayName: row.userDisplayName, picture: row.userPicture }),
    };
  }
  if (row.customerUuid) {
    return {
      type: 'CUSTOMER',
      uuid: row.customerUuid,
      display_name: customerDisplayName({ email: row.customerEmail ?? '', firstname: row.customerFirstname, lastname: row.customerLastname }),
      picture: row.customerPicture,
    };
  }
  return null;
}

export function presentCollection(row: typeof communityCollections.$inferSelect, groups: string[]): Schemas['Collection'] {
  return { uuid: row.id, name: row.name, description: row.description, position: row.position, groups };
}

export function presentMember(row: typeof communityMembers.$inferSelect, person: AuthorBody | null): Schemas['Member'] {
  return {
    uuid: row.id,
    group_uuid: row.spaceId,
    role: row.role,
    type: row.userId ? 'USER' : 'CUSTOMER',
    type_uuid: (row.userId ?? row.customerId)!,
    display_name: person?.display_name ?? '',
    picture: person?.picture ?? null,
    email_notifications: row.emailNotifications,
    joined_at: row.joinedAt.toISOString(),
  };
}

export interface SpaceFacts {
  trainings: string[];
  postsCount: number;
  membersCount: number;
  member: Schemas['Member'] | null;
  owner: AuthorBody | null;
  isAccessible: boolean;
}

export function presentSpace(row: typeof communitySpaces.$inferSelect, facts: SpaceFacts): Schemas['Space'] {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    collection: row.collectionId,
    position: row.position,
    type: row.type,
    state: row.state,
    global: row.global,
    trainings: facts.trainings,
    settings: { readonly: row.readonly, show_members: row.showMembers, default_post_sort: row.defaultPostSort },
    is_accessible: facts.isAccessible,
    pinned: row.pinned,
    posts_count: Math.max(0, facts.postsCount),
    members_count: Math.max(0, facts.membersCount),
    member: facts.member,
    owner: facts.owner,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPost(row: typeof communityPosts.$inferSelect, owner: AuthorBody | null, subscribed: boolean): Schemas['Post'] {
  return {
    uuid: row.id,
    group_uuid: row.spaceId,
    content: row.content,
    excerpt: row.excerpt,
    published_at: row.publishedAt.toISOString(),
    owner,
    comments_count: Math.max(0, row.commentsCount),
    pinned: row.pinned,
    subscribed,
    settings: { readonly: row.readonly },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentComment(
  row: typeof communityComments.$inferSelect,
  facts: { owner: AuthorBody | null; subscribed: boolean; childrenCount: number; children: Schemas['Comment'][] },
): Schemas['Comment'] {
  return {
    uuid: row.id,
    post_uuid: row.postId,
    content: row.content,
    owner: facts.owner,
    parent: row.parentId,
    children: facts.children,
    children_count: Math.max(0, facts.childrenCount),
    subscribed: facts.subscribed,
    settings: { readonly: row.readonly },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
