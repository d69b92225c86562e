import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { communityApp, type CommunityApp } from './communitySupport';

/**
 * Authorization matrix of the community (#13): every operation × every kind of person (owner, admin, teacher,
 * learner member, learner non-member) × every space state (DRAFT, VISIBLE, PRIVATE). The spaces, posts and
 * comments are made by the platform admin (passes the EXPERT gate; neither the owner nor the admin created them).
 * Rules: managers (store admins) see and manage everything; a DRAFT space exists for nobody else (404); a VISIBLE
 * one is seen by all, opened by members; a PRIVATE one exists for its members only; non-managers get 403 on
 * management; learners get 403 on the team's own operations (x-roles without CUSTOMER).
 */
const KINDS = ['owner', 'admin', 'teacher', 'member', 'outsider'] as const;
const STATES = ['DRAFT', 'VISIBLE', 'PRIVATE'] as const;
type Kind = (typeof KINDS)[number];
type State = (typeof STATES)[number];

let c: CommunityApp;
const tokens = {} as Record<Kind | 'platform', string>;
const spaces = {} as Record<State, string>;
const posts = {} as Record<State, string>;
const comments = {} as Record<State, string>;
let memberId: string;

const manager = (kind: Kind) => kind === 'owner' || kind === 'admin';
const learner = (kind: Kind) => kind === 'member' || kind === 'outsider';
const sees = (kind: Kind, state: State) => manager(kind) || (state === 'VISIBLE' ? true : state === 'PRIVATE' ? kind === 'member' : false);
const opens = (kind: Kind, state: State) => manager(kind) || (kind === 'member' && state !== 'DRAFT');

/** What each kind of rule answers when it does not answer `ok`. */
const RULES = {
  /** Seeing the space is enough. */
  see: (kind: Kind, state: State, ok: number) => (sees(kind, state) ? ok : 404),
  /** Its content: members and managers. */
  content: (kind: Kind, state: State, ok: number) => (!sees(kind, state) ? 404 : opens(kind, state) ? ok : 403),
  /** Moderation on a content operation learners share (pin, close answers, delete others' posts). */
  moderate: (kind: Kind, state: State, ok: number) => (!sees(kind, state) ? 404 : !opens(kind, state) ? 403 : manager(kind) ? ok : 403),
  /** Membership management learners share (remove a member): the space must be seen. */
  manageShared: (kind: Kind, state: State, ok: number) => (!sees(kind, state) ? 404 : manager(kind) ? ok : 403),
  /** The team's own operations (x-roles without CUSTOMER): learners 403 whatever the space. */
  manage: (kind: Kind, state: State, ok: number) => (learner(kind) ? 403 : !sees(kind, state) ? 404 : manager(kind) ? ok : 403),
  /** One's own membership only: managers too get 403 for someone else's. */
  own: (kind: Kind, state: State) => (!sees(kind, state) ? 404 : 403),
};

interface Case {
  op: string;
  method: string;
  rule: keyof typeof RULES;
  ok: number;
  /** The path and body, given the space's state; may make a fresh target (deletes). */
  target: (state: State) => Promise<{ path: string; body?: unknown }>;
}

const asPlatform = async (op: string, method: string, path: string, body?: unknown) => {
  const answer = await c.op(op, method, path, tokens.platform, body);
  expect(answer.status, `${op}: ${answer.text}`).toBeLessThan(300);
  return answer.body;
};
const freshPost = async (state: State) => (await asPlatform('createPost', 'POST', `/community/groups/${spaces[state]}/posts`, { content: '<p>Cible</p>' })).uuid as string;
const freshComment = async (state: State) => (await asPlatform('createComment', 'POST', `/community/posts/${posts[state]}/comments`, { content: 'Cible' })).uuid as string;
const freshCustomer = async () =>
  (await c.db.insert(customers).values({ storeId: c.demo.id, email: `m-${randomUUID().slice(0, 8)}@example.test`, firstname: 'Membre' }).returning())[0]!.id;
const freshMember = async (state: State) =>
  (await asPlatform('addMember', 'POST', `/community/groups/${spaces[state]}/members`, { type: 'CUSTOMER', type_uuid: await freshCustomer() })).uuid as string;
const freshSpace = async (state: State) => {
  const uuid = (await asPlatform('createSpace', 'POST', '/community/groups', { name: `Jetable ${state}`, type: 'CARD', state, global: false })).uuid as string;
  await asPlatform('addMember', 'POST', `/community/groups/${uuid}/members`, { type: 'CUSTOMER', type_uuid: c.ids.customers[0] });
  return uuid;
};

const CASES: Case[] = [
  { op: 'getSpace', method: 'GET', rule: 'see', ok: 200, target: async (s) => ({ path: `/community/groups/${spaces[s]}` }) },
  { op: 'updateSpace', method: 'PUT', rule: 'manage', ok: 200, target: async (s) => ({ path: `/community/groups/${spaces[s]}`, body: { name: `Espace ${s}` } }) },
  { op: 'deleteSpace', method: 'DELETE', rule: 'manage', ok: 204, target: async (s) => ({ path: `/community/groups/${await freshSpace(s)}` }) },
  { op: 'listMembers', method: 'GET', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/groups/${spaces[s]}/members` }) },
  { op: 'addMember', method: 'POST', rule: 'manage', ok: 201, target: async (s) => ({ path: `/community/groups/${spaces[s]}/members`, body: { type: 'CUSTOMER', type_uuid: await freshCustomer() } }) },
  { op: 'listAvailableMembers', method: 'GET', rule: 'manage', ok: 200, target: async (s) => ({ path: `/community/groups/${spaces[s]}/members/available` }) },
  { op: 'importAllMembers', method: 'POST', rule: 'manage', ok: 200, target: async (s) => ({ path: `/community/groups/${await freshSpace(s)}/members/all` }) },
  { op: 'removeAllMembers', method: 'DELETE', rule: 'manage', ok: 204, target: async (s) => ({ path: `/community/groups/${await freshSpace(s)}/members/all` }) },
  { op: 'removeMember', method: 'DELETE', rule: 'manageShared', ok: 204, target: async (s) => ({ path: `/community/members/${await freshMember(s)}` }) },
  { op: 'updateMember', method: 'PUT', rule: 'own', ok: 200, target: async (s) => ({ path: `/community/members/${await freshMember(s)}`, body: { email_notifications: false } }) },
  { op: 'listSpaceAbuses', method: 'GET', rule: 'manage', ok: 200, target: async (s) => ({ path: `/community/groups/${spaces[s]}/abuses` }) },
  {
    op: 'dismissAbuse',
    method: 'DELETE',
    rule: 'manage',
    ok: 204,
    target: async (s) => ({ path: `/community/abuses/${(await asPlatform('reportPost', 'POST', `/community/posts/${await freshPost(s)}/abuses`, { reason: 'SPAM' })).uuid}` }),
  },
  { op: 'listPosts', method: 'GET', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/groups/${spaces[s]}/posts` }) },
  { op: 'createPost', method: 'POST', rule: 'content', ok: 201, target: async (s) => ({ path: `/community/groups/${spaces[s]}/posts`, body: { content: '<p>Bonjour</p>' } }) },
  { op: 'getPost', method: 'GET', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/posts/${posts[s]}` }) },
  { op: 'updatePost', method: 'PUT', rule: 'moderate', ok: 200, target: async (s) => ({ path: `/community/posts/${await freshPost(s)}`, body: { pinned: true } }) },
  { op: 'deletePost', method: 'DELETE', rule: 'moderate', ok: 204, target: async (s) => ({ path: `/community/posts/${await freshPost(s)}` }) },
  { op: 'subscribePost', method: 'POST', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/posts/${posts[s]}/subscription` }) },
  { op: 'unsubscribePost', method: 'DELETE', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/posts/${posts[s]}/subscription` }) },
  { op: 'reportPost', method: 'POST', rule: 'content', ok: 201, target: async (s) => ({ path: `/community/posts/${await freshPost(s)}/abuses`, body: { reason: 'HATE' } }) },
  { op: 'listComments', method: 'GET', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/posts/${posts[s]}/comments` }) },
  { op: 'createComment', method: 'POST', rule: 'content', ok: 201, target: async (s) => ({ path: `/community/posts/${posts[s]}/comments`, body: { content: 'Réponse' } }) },
  { op: 'updateComment', method: 'PUT', rule: 'moderate', ok: 200, target: async (s) => ({ path: `/community/comments/${await freshComment(s)}`, body: { settings: { readonly: true } } }) },
  { op: 'deleteComment', method: 'DELETE', rule: 'moderate', ok: 204, target: async (s) => ({ path: `/community/comments/${await freshComment(s)}` }) },
  { op: 'subscribeComment', method: 'POST', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/comments/${comments[s]}/subscription` }) },
  { op: 'unsubscribeComment', method: 'DELETE', rule: 'content', ok: 200, target: async (s) => ({ path: `/community/comments/${comments[s]}/subscription` }) },
  { op: 'reportComment', method: 'POST', rule: 'content', ok: 201, target: async (s) => ({ path: `/community/comments/${await freshComment(s)}/abuses`, body: { reason: 'VIOLENCE' } }) },
];

beforeAll(async () => {
  c = await communityApp();
  const team = await c.teamTokens();
  Object.assign(tokens, { owner: team.owner, admin: team.admin, teacher: team.teacher, platform: team.platform });
  tokens.member = await c.learnerLogin('demo', await c.learnerEmail(c.ids.customers[0]));
  tokens.outsider = (await c.newLearner('demo')).token;
  for (const state of STATES) {
    // Manual add (global false): only the member joins, so the outsider stays outside.
    spaces[state] = (await asPlatform('createSpace', 'POST', '/community/groups', { name: `Espace ${state}`, type: 'CARD', state, global: false })).uuid;
    await asPlatform('addMember', 'POST', `/community/groups/${spaces[state]}/members`, { type: 'CUSTOMER', type_uuid: c.ids.customers[0] });
    posts[state] = await freshPost(state);
    comments[state] = await freshComment(state);
  }
  memberId = c.ids.customers[0];
}, 120_000);
afterAll(() => c?.close());

describe('every space operation × person × state', () => {
  for (const testCase of CASES) {
    it(testCase.op, async () => {
      const seen: string[] = [];
      for (const state of STATES) {
        for (const kind of KINDS) {
          const { path, body } = await testCase.target(state);
          const answer = await c.op(testCase.op, testCase.method, path, tokens[kind], body);
          const expected = RULES[testCase.rule](kind, state, testCase.ok);
          if (answer.status !== expected) seen.push(`${kind} × ${state}: ${answer.status} (expected ${expected}) ${answer.text.slice(0, 120)}`);
        }
      }
      expect(seen).toEqual([]);
    });
  }
});

describe('store-wide operations × person', () => {
  it('lists to each person exactly the spaces they may see', async () => {
    for (const kind of KINDS) {
      const answer = await c.op('listSpaces', 'GET', '/community/groups', tokens[kind]);
      expect(answer.status).toBe(200);
      const listed = answer.body.data.map((s: { uuid: string }) => s.uuid);
      for (const state of STATES) expect(listed.includes(spaces[state]), `${kind} × ${state}`).toBe(sees(kind, state));
      const open = answer.body.data.filter((s: { uuid: string; is_accessible: boolean }) => Object.values(spaces).includes(s.uuid) && s.is_accessible).length;
      expect(open, kind).toBe(STATES.filter((state) => opens(kind, state)).length);
    }
    expect(memberId).toBe(c.ids.customers[0]);
  });

  it('collections and space creation: store admins manage, the teacher and learners get 403; all may list', async () => {
    for (const kind of KINDS) {
      expect((await c.op('listCollections', 'GET', '/community/collections', tokens[kind])).status).toBe(200);
      const created = await c.op('createCollection', 'POST', '/community/collections', tokens[kind], { name: `Col ${kind}` });
      expect(created.status, kind).toBe(manager(kind) ? 201 : 403);
      const space = await c.op('createSpace', 'POST', '/community/groups', tokens[kind], { name: `S ${kind}`, type: 'CARD', state: 'DRAFT' });
      expect(space.status, kind).toBe(manager(kind) ? 201 : 403);
    }
    const theirs = (await asPlatform('createCollection', 'POST', '/community/collections', { name: 'De la plateforme' })).uuid;
    for (const kind of KINDS) {
      const expected = manager(kind) ? [200, 200, 204] : [403, 403, 403];
      const update = await c.op('updateCollection', 'PUT', `/community/collections/${theirs}`, tokens[kind], { name: 'Renommée' });
      const reorder = await c.op('reorderCollections', 'PUT', '/community/collections', tokens[kind], { collections: [{ uuid: theirs, position: 9 }] });
      const reorderSpaces = await c.op('reorderSpaces', 'PUT', '/community/groups', tokens[kind], { groups: [{ uuid: spaces.VISIBLE, position: 0 }] });
      expect([update.status, reorder.status, reorderSpaces.status === 200 ? 200 : reorderSpaces.status], kind).toEqual(expected.slice(0, 2).concat(manager(kind) ? 200 : 403));
    }
    for (const kind of ['teacher', 'member'] as const) expect((await c.op('deleteCollection', 'DELETE', `/community/collections/${theirs}`, tokens[kind])).status).toBe(403);
    expect((await c.op('deleteCollection', 'DELETE', `/community/collections/${theirs}`, tokens.admin)).status).toBe(204);
  });
});
