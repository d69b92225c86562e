import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, notifications, users } from '../../server/db/schema';
import { communityApp, type CommunityApp } from './communitySupport';

/** Posts, comments, reports, subscriptions and notifications of the community (#13). */
let c: CommunityApp;
let owner: string;
let teacher: string;
let analyst: string;
let lea: string;
let space: string;
let teacherId: string;

beforeAll(async () => {
  c = await communityApp();
  ({ owner, teacher, analyst } = await c.teamTokens());
  lea = await c.learnerLogin('demo', await c.learnerEmail(c.ids.customers[0]));
  space = (await c.op('createSpace', 'POST', '/community/groups', owner, { name: 'Discussions', type: 'CARD', state: 'VISIBLE' })).body.uuid;
  // Team members who are not store admins open a space's content as its members.
  const [teacherRow] = await c.db.select().from(users).where(eq(users.email, 'teacher@demo.test'));
  teacherId = teacherRow!.id;
  expect((await c.op('addMember', 'POST', `/community/groups/${space}/members`, owner, { type: 'USER', type_uuid: teacherId })).status).toBe(201);
}, 60_000);
afterAll(() => c?.close());

// The test clock stands still unless moved: one second between writes gives them an order.
const post = async (token: string, content: string, extra: Record<string, unknown> = {}) => {
  c.env.advance(1000);
  const answer = await c.op('createPost', 'POST', `/community/groups/${space}/posts`, token, { content, ...extra });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const comment = async (token: string, postUuid: string, content: string, parent_uuid?: string) => {
  c.env.advance(1000);
  const answer = await c.op('createComment', 'POST', `/community/posts/${postUuid}/comments`, token, parent_uuid ? { content, parent_uuid } : { content });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const count = async (postUuid: string) => (await c.db.select().from(communityPosts).where(eq(communityPosts.id, postUuid)))[0]!.commentsCount;

describe('posts', () => {
  it('publishes cleaned rich text with an excerpt, the author subscribed; empty text is refused (422)', async () => {
    const created = await post(lea, '<p>Bonjour <strong>à tous</strong><script>x()</script></p>');
    expect(created).toMatchObject({ content: '<p>Bonjour <strong>à tous</strong></p>', excerpt: 'Bonjour à tous', subscribed: true, comments_count: 0, owner: { type: 'CUSTOMER' } });
    expect((await c.op('createPost', 'POST', `/community/groups/${space}/posts`, lea, { content: '<p> </p>' })).status).toBe(422);
  });

  it('lists pinned first, sorts, searches and pages', async () => {
    await post(owner, '<p>Épinglé</p>', { pinned: true });
    await post(owner, '<p>Ancien sujet</p>', { published_at: '2026-01-01T10:00:00Z' });
    const fresh = await post(teacher, '<p>Sujet récent</p>');
    const desc = await c.op('listPosts', 'GET', `/community/groups/${space}/posts`, lea);
    expect(desc.body.data[0].excerpt).toBe('Épinglé');
    expect(desc.body.data.at(-1).excerpt).toBe('Ancien sujet');
    const asc = await c.op('listPosts', 'GET', `/community/groups/${space}/posts?sort=PUBLISHED_ASC`, lea);
    expect(asc.body.data.map((p: { excerpt: string }) => p.excerpt).slice(0, 2)).toEqual(['Épinglé', 'Ancien sujet']);
    await comment(lea, (await post(owner, '<p>Vieux mais commenté</p>', { published_at: '2026-02-01T10:00:00Z' })).uuid, 'Relance');
    const active = await c.op('listPosts', 'GET', `/community/groups/${space}/posts?sort=LAST_COMMENTED`, lea);
    expect(active.body.data[1].excerpt).toBe('Vieux mais commenté');
    const found = await c.op('listPosts', 'GET', `/community/groups/${space}/posts?q=r%C3%A9cent`, lea);
    expect(found.body.data.map((p: { uuid: string }) => p.uuid)).toEqual([fresh.uuid]);
    const paged = await c.op('listPosts', 'GET', `/community/groups/${space}/posts?per_page=2&page=2`, lea);
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 2 });
    expect(paged.body.data).toHaveLength(2);
  });

  it('shows a scheduled post to its author and managers only', async () => {
    const later = await post(teacher, '<p>Programmé</p>', { published_at: '2027-01-01T10:00:00Z' });
    expect((await c.op('getPost', 'GET', `/community/posts/${later.uuid}`, lea)).status).toBe(404);
    expect((await c.op('getPost', 'GET', `/community/posts/${later.uuid}`, teacher)).status).toBe(200);
    const managers = await c.op('listPosts', 'GET', `/community/groups/${space}/posts?per_page=100`, owner);
    expect(managers.body.data.map((p: { uuid: string }) => p.uuid)).toContain(later.uuid);
    const learners = await c.op('listPosts', 'GET', `/community/groups/${space}/posts?per_page=100`, lea);
    expect(learners.body.data.map((p: { uuid: string }) => p.uuid)).not.toContain(later.uuid);
  });

  it('keeps pinning and read-only for managers, edits for the author, and publishing in a read-only space for managers', async () => {
    const mine = await post(lea, '<p>À moi</p>');
    expect((await c.op('updatePost', 'PUT', `/community/posts/${mine.uuid}`, lea, { pinned: true })).status).toBe(403);
    expect((await c.op('updatePost', 'PUT', `/community/posts/${mine.uuid}`, owner, { content: '<p>Pas à toi</p>' })).status).toBe(403);
    expect((await c.op('updatePost', 'PUT', `/community/posts/${mine.uuid}`, lea, { content: '<p>Corrigé</p>' })).body.excerpt).toBe('Corrigé');
    expect((await c.op('updatePost', 'PUT', `/community/posts/${mine.uuid}`, owner, { settings: { readonly: true } })).body.settings.readonly).toBe(true);
    expect((await c.op('createComment', 'POST', `/community/posts/${mine.uuid}/comments`, lea, { content: 'Réponse' })).status).toBe(403);
    await c.setStore({ plan: 'EXPERT' });
    try {
      expect((await c.op('updateSpace', 'PUT', `/community/groups/${space}`, owner, { settings: { readonly: true } })).status).toBe(200);
      expect((await c.op('createPost', 'POST', `/community/groups/${space}/posts`, lea, { content: 'Non' })).body.code).toBe('SPACE_READONLY');
      const byOwner = await post(owner, '<p>Annonce</p>');
      // Members may still reply in a read-only space.
      await comment(lea, byOwner.uuid, 'Merci');
      await c.op('updateSpace', 'PUT', `/community/groups/${space}`, owner, { settings: { readonly: false } });
    } finally {
      await c.setStore({ plan: 'PRO' });
    }
    expect((await c.op('createPost', 'POST', `/community/groups/${space}/posts`, analyst, { content: 'Lecture seule' })).status).toBe(403);
  });
});

describe('comments', () => {
  it('threads replies, pages them, and a delete drops the count by the replies plus one', async () => {
    const topic = await post(owner, '<p>Fil</p>');
    const first = await comment(lea, topic.uuid, 'Premier');
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await comment(teacher, topic.uuid, `Réponse ${i}`, first.uuid));
    await comment(lea, topic.uuid, 'Réponse à la réponse', replies[0].uuid);
    await comment(owner, topic.uuid, 'Second');
    const list = await c.op('listComments', 'GET', `/community/posts/${topic.uuid}/comments`, lea);
    expect(list.body.data.map((x: { content: string }) => x.content)).toEqual(['Premier', 'Second']);
    expect(list.body.data[0].children_count).toBe(5);
    expect(list.body.data[0].children.map((x: { content: string }) => x.content)).toEqual(['Réponse 0', 'Réponse 1', 'Réponse 2']);
    const page2 = await c.op('listComments', 'GET', `/community/posts/${topic.uuid}/comments?parent_uuid=${first.uuid}&per_page=3&page=2`, lea);
    expect(page2.body.data.map((x: { content: string }) => x.content)).toEqual(['Réponse 3', 'Réponse 4']);
    expect(await count(topic.uuid)).toBe(8);
    expect((await c.op('deleteComment', 'DELETE', `/community/comments/${first.uuid}`, teacher)).status).toBe(403);
    expect((await c.op('deleteComment', 'DELETE', `/community/comments/${first.uuid}`, lea)).status).toBe(204);
    expect(await count(topic.uuid)).toBe(1);
    expect((await c.op('getPost', 'GET', `/community/posts/${topic.uuid}`, lea)).body.comments_count).toBe(1);
  });

  it('keeps the count exact under simultaneous creates and deletes (never below 0)', async () => {
    const topic = await post(owner, '<p>Concurrence</p>');
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => comment(i % 2 ? lea : owner, topic.uuid, `C${i}`)));
    expect(await count(topic.uuid)).toBe(12);
    const parent = made[0];
    await Promise.all([comment(lea, topic.uuid, 'R1', parent.uuid), comment(owner, topic.uuid, 'R2', parent.uuid)]);
    // The same thread deleted twice at once, with other deletes and creates beside it.
    const answers = await Promise.all([
      c.op('deleteComment', 'DELETE', `/community/comments/${parent.uuid}`, owner),
      c.op('deleteComment', 'DELETE', `/community/comments/${parent.uuid}`, owner),
      c.op('deleteComment', 'DELETE', `/community/comments/${made[1].uuid}`, owner),
      c.op('createComment', 'POST', `/community/posts/${topic.uuid}/comments`, lea, { content: 'Pendant ce temps' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 204, 204, 404]);
    expect(await count(topic.uuid)).toBe(12 + 2 - 3 - 1 + 1);
    const listed = await c.op('listComments', 'GET', `/community/posts/${topic.uuid}/comments?per_page=100`, owner);
    expect(listed.body.meta.total).toBe(await count(topic.uuid));
  });
});

describe('reports, subscriptions and notifications', () => {
  it('reports once per person (409), lists for managers, dismisses; notifies the admins', async () => {
    const topic = await post(teacher, '<p>Signalable</p>');
    const reply = await comment(teacher, topic.uuid, 'Commentaire');
    const reported = await c.op('reportPost', 'POST', `/community/posts/${topic.uuid}/abuses`, lea, { reason: 'SPAM', comment: 'Pub' });
    expect(reported.status, reported.text).toBe(201);
    expect(reported.body).toMatchObject({ target: 'GROUP_POST', target_uuid: topic.uuid, reason: 'SPAM', excerpt: 'Signalable', reporter: { type: 'CUSTOMER' } });
    expect((await c.op('reportPost', 'POST', `/community/posts/${topic.uuid}/abuses`, lea, { reason: 'HATE' })).status).toBe(409);
    c.env.advance(1000);
    expect((await c.op('reportComment', 'POST', `/community/comments/${reply.uuid}/abuses`, lea, { reason: 'HATE' })).status).toBe(201);
    expect((await c.op('listSpaceAbuses', 'GET', `/community/groups/${space}/abuses`, lea)).status).toBe(403);
    const listed = await c.op('listSpaceAbuses', 'GET', `/community/groups/${space}/abuses`, owner);
    expect(listed.body.data.map((a: { target: string }) => a.target).slice(0, 2)).toEqual(['GROUP_COMMENT', 'GROUP_POST']);
    expect((await c.op('dismissAbuse', 'DELETE', `/community/abuses/${reported.body.uuid}`, lea)).status).toBe(403);
    expect((await c.op('dismissAbuse', 'DELETE', `/community/abuses/${reported.body.uuid}`, owner)).status).toBe(204);
    const notes = await c.db.select().from(notifications).where(and(eq(notifications.type, 'COMMUNITY_ABUSE_REPORTED')));
    expect(notes.some((n) => n.data.post === topic.uuid)).toBe(true);
  });

  it('notifies the subscribers of a post and of a comment, and the space’s members of a new post', async () => {
    const mine = (type: string) => c.db.select().from(notifications).where(and(eq(notifications.userId, teacherId), eq(notifications.type, type)));
    const topic = await post(teacher, '<p>Suivi</p>');
    await comment(lea, topic.uuid, 'Réponse de Léa');
    expect((await mine('COMMUNITY_COMMENT_CREATED')).some((n) => n.data.post === topic.uuid)).toBe(true);
    const unsubscribed = await c.op('unsubscribePost', 'DELETE', `/community/posts/${topic.uuid}/subscription`, teacher);
    expect(unsubscribed.body.subscribed).toBe(false);
    expect((await c.op('subscribePost', 'POST', `/community/posts/${topic.uuid}/subscription`, lea)).body.subscribed).toBe(true);
    const byOwner = await comment(owner, topic.uuid, 'Un avis');
    expect((await c.op('unsubscribeComment', 'DELETE', `/community/comments/${byOwner.uuid}/subscription`, owner)).body.subscribed).toBe(false);
    expect((await c.op('subscribeComment', 'POST', `/community/comments/${byOwner.uuid}/subscription`, teacher)).body.subscribed).toBe(true);
    const before = (await mine('COMMUNITY_COMMENT_CREATED')).length;
    await comment(lea, topic.uuid, 'Réponse au commentaire', byOwner.uuid);
    expect((await mine('COMMUNITY_COMMENT_CREATED')).length).toBe(before + 1);
    // A new post in a space the teacher is a member of, notifications on.
    await post(lea, '<p>Nouveau sujet</p>');
    expect((await mine('COMMUNITY_POST_CREATED')).some((n) => n.data.group === space)).toBe(true);
  });
});
