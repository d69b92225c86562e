import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityApp, type CommunityApp } from './communitySupport';

/** Community collections and spaces (#13): the demo store is PRO with its community on (server/db/seedCommunity.ts). */
let c: CommunityApp;
let owner: string;
let admin: string;
let teacher: string;
let analyst: string;
let platform: string;
let lea: string;

beforeAll(async () => {
  c = await communityApp();
  ({ owner, admin, teacher, analyst, platform } = await c.teamTokens());
  lea = await c.learnerLogin('demo', await c.learnerEmail(c.ids.customers[0]));
}, 60_000);
afterAll(() => c?.close());

const spaceBody = (extra: Record<string, unknown> = {}) => ({ name: 'Espace test', type: 'CARD', state: 'VISIBLE', ...extra });

describe('collections', () => {
  it('lists the seeded collection with the spaces the caller may see, for the team and for learners', async () => {
    const team = await c.op('listCollections', 'GET', '/community/collections', owner);
    expect(team.status).toBe(200);
    const start = team.body.data.find((col: { name: string }) => col.name === 'Bien démarrer');
    expect(start.groups).toContain(c.ids.groups.news);
    const learner = await c.op('listCollections', 'GET', '/community/collections', lea);
    expect(learner.status, learner.text).toBe(200);
    expect(learner.body.data.find((col: { name: string }) => col.name === 'Bien démarrer').groups).toContain(c.ids.groups.news);
  });

  it('creates (store admins), cleans the description, renames, and deleting keeps its spaces standalone', async () => {
    const created = await c.op('createCollection', 'POST', '/community/collections', admin, { name: ' Parcours ', description: '<p>Hello<script>alert(1)</script></p>' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Parcours', description: '<p>Hello</p>', groups: [] });
    const space = await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ collection: created.body.uuid }));
    expect(space.status, space.text).toBe(201);
    expect(space.body.collection).toBe(created.body.uuid);
    const renamed = await c.op('updateCollection', 'PUT', `/community/collections/${created.body.uuid}`, owner, { name: 'Parcours 2' });
    expect(renamed.body).toMatchObject({ name: 'Parcours 2', groups: [space.body.uuid] });
    expect((await c.op('deleteCollection', 'DELETE', `/community/collections/${created.body.uuid}`, owner)).status).toBe(204);
    const after = await c.op('getSpace', 'GET', `/community/groups/${space.body.uuid}`, owner);
    expect(after.status).toBe(200);
    expect(after.body.collection).toBeNull();
  });

  it('refuses teachers, analysts and learners their management (403), and names over 100 (422)', async () => {
    for (const token of [teacher, analyst]) expect((await c.op('createCollection', 'POST', '/community/collections', token, { name: 'Non' })).status).toBe(403);
    expect((await c.op('createCollection', 'POST', '/community/collections', lea, { name: 'Non' })).status).toBe(403);
    expect((await c.op('createCollection', 'POST', '/community/collections', owner, { name: 'x'.repeat(101) })).status).toBe(422);
  });

  it('reorders in one go, and another store’s collection is unknown (404)', async () => {
    const a = (await c.op('createCollection', 'POST', '/community/collections', owner, { name: 'A' })).body.uuid;
    const b = (await c.op('createCollection', 'POST', '/community/collections', owner, { name: 'B' })).body.uuid;
    const reordered = await c.op('reorderCollections', 'PUT', '/community/collections', owner, { collections: [{ uuid: a, position: 50 }, { uuid: b, position: 49 }] });
    expect(reordered.status, reordered.text).toBe(200);
    const names = reordered.body.data.map((col: { name: string }) => col.name);
    expect(names.indexOf('B')).toBeLessThan(names.indexOf('A'));
    const other = await c.otherStore();
    const theirs = (await c.op('createCollection', 'POST', '/community/collections', other.token, { name: 'Ailleurs' })).body.uuid;
    expect((await c.op('updateCollection', 'PUT', `/community/collections/${theirs}`, owner, { name: 'Pris' })).status).toBe(404);
    expect((await c.op('deleteCollection', 'DELETE', `/community/collections/${theirs}`, owner)).status).toBe(404);
    expect((await c.op('reorderCollections', 'PUT', '/community/collections', owner, { collections: [{ uuid: theirs, position: 0 }] })).status).toBe(404);
  });
});

describe('spaces', () => {
  it('creates with the defaults of a PRO store (DRAFT, CARD, auto-add ALL) and the creator as OWNER member', async () => {
    const created = await c.op('createSpace', 'POST', '/community/groups', owner, { name: 'Défauts', type: 'CARD', state: 'DRAFT', description: '<p onclick="x()">Bonjour</p>' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Défauts',
      description: '<p>Bonjour</p>',
      type: 'CARD',
      state: 'DRAFT',
      global: true,
      trainings: [],
      settings: { readonly: false, show_members: true, default_post_sort: 'PUBLISHED_DESC' },
      is_accessible: true,
      member: { role: 'OWNER', type: 'USER' },
      owner: { type: 'USER' },
    });
    // Auto-add ALL: the demo learners who have an account joined at once.
    expect(created.body.members_count).toBeGreaterThan(1);
  });

  it('keeps the EXPERT options for EXPERT stores (403 PLAN_REQUIRED on PRO); platform admins pass', async () => {
    for (const extra of [{ state: 'PRIVATE' }, { type: 'LIST' }, { global: false }, { global: false, trainings: [c.ids.trainings.photo] }, { settings: { readonly: true } }]) {
      const refused = await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody(extra));
      expect(refused.status, JSON.stringify(extra)).toBe(403);
      expect(refused.body.code).toBe('PLAN_REQUIRED');
    }
    const expert = await c.op('createSpace', 'POST', '/community/groups', platform, spaceBody({ state: 'PRIVATE', type: 'LIST', global: false, trainings: [c.ids.trainings.photo], settings: { readonly: true } }));
    expect(expert.status, expert.text).toBe(201);
    expect(expert.body).toMatchObject({ state: 'PRIVATE', type: 'LIST', global: false, trainings: [c.ids.trainings.photo], settings: { readonly: true } });
    // A PRO store edits such a space as long as it turns no EXPERT option on.
    expect((await c.op('updateSpace', 'PUT', `/community/groups/${expert.body.uuid}`, owner, { name: 'Renommé' })).status).toBe(200);
    expect((await c.op('updateSpace', 'PUT', `/community/groups/${expert.body.uuid}`, owner, { global: true })).status).toBe(200);
    expect((await c.op('updateSpace', 'PUT', `/community/groups/${expert.body.uuid}`, owner, { global: false })).body.code).toBe('PLAN_REQUIRED');
  });

  it('fixes the display mode after creation and checks sizes (422)', async () => {
    const space = (await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody())).body.uuid;
    expect((await c.op('updateSpace', 'PUT', `/community/groups/${space}`, owner, { type: 'LIST' })).status).toBe(422);
    expect((await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ name: 'x'.repeat(129) }))).status).toBe(422);
    expect((await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ description: 'x'.repeat(5001) }))).status).toBe(422);
    expect((await c.op('createSpace', 'POST', '/community/groups', owner, { name: 'Sans mode', state: 'DRAFT' })).status).toBe(422);
    const other = await c.otherStore();
    const theirCollection = (await c.op('createCollection', 'POST', '/community/collections', other.token, { name: 'Ailleurs' })).body.uuid;
    const answer = await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ collection: theirCollection }));
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['collection']);
  });

  it('adds the learners of its trainings when created, also those enrolled before it existed (EXPERT store)', async () => {
    await c.setStore({ plan: 'EXPERT' });
    try {
      const created = await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ global: false, trainings: [c.ids.trainings.photo] }));
      expect(created.status, created.text).toBe(201);
      const members = await c.op('listMembers', 'GET', `/community/groups/${created.body.uuid}/members?per_page=100`, owner);
      const learners = members.body.data.filter((m: { type: string }) => m.type === 'CUSTOMER');
      expect(learners.length).toBeGreaterThan(0);
      // The photo training's seeded learners: Léa among them, with her account.
      expect(learners.map((m: { type_uuid: string }) => m.type_uuid)).toContain(c.ids.customers[0]);
      const manual = await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ global: false }));
      expect(manual.body.members_count).toBe(1);
    } finally {
      await c.setStore({ plan: 'PRO' });
    }
  });

  it('reorders and moves spaces between collections; another store’s space is unknown (404)', async () => {
    const col = (await c.op('createCollection', 'POST', '/community/collections', owner, { name: 'Cible' })).body.uuid;
    const s1 = (await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ name: 'S1' }))).body.uuid;
    const s2 = (await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ name: 'S2' }))).body.uuid;
    const moved = await c.op('reorderSpaces', 'PUT', '/community/groups', owner, { groups: [{ uuid: s2, position: 0, collection: col }, { uuid: s1, position: 1, collection: col }] });
    expect(moved.status, moved.text).toBe(200);
    const collections = await c.op('listCollections', 'GET', '/community/collections', owner);
    expect(collections.body.data.find((x: { uuid: string }) => x.uuid === col).groups).toEqual([s2, s1]);
    const other = await c.otherStore();
    const theirs = (await c.op('createSpace', 'POST', '/community/groups', other.token, spaceBody())).body.uuid;
    expect((await c.op('getSpace', 'GET', `/community/groups/${theirs}`, owner)).status).toBe(404);
    expect((await c.op('updateSpace', 'PUT', `/community/groups/${theirs}`, owner, { name: 'Pris' })).status).toBe(404);
    expect((await c.op('deleteSpace', 'DELETE', `/community/groups/${theirs}`, owner)).status).toBe(404);
    expect((await c.op('reorderSpaces', 'PUT', '/community/groups', owner, { groups: [{ uuid: theirs, position: 0 }] })).status).toBe(404);
  });

  it('lists to learners the published spaces, never the drafts', async () => {
    const draft = (await c.op('createSpace', 'POST', '/community/groups', owner, spaceBody({ state: 'DRAFT', name: 'Brouillon' }))).body.uuid;
    const listed = await c.op('listSpaces', 'GET', '/community/groups', lea);
    expect(listed.status, listed.text).toBe(200);
    const uuids = listed.body.data.map((s: { uuid: string }) => s.uuid);
    expect(uuids).toContain(c.ids.groups.help);
    expect(uuids).not.toContain(draft);
    expect((await c.op('getSpace', 'GET', `/community/groups/${draft}`, lea)).status).toBe(404);
    expect((await c.op('getSpace', 'GET', `/community/groups/${c.ids.groups.help}`, lea)).body).toMatchObject({ is_accessible: true, member: { type: 'CUSTOMER' } });
  });
});

describe('the community switch and the plan', () => {
  it('answers 403 COMMUNITY_DISABLED while the store’s community is off, to the team and to learners', async () => {
    await c.setStore({ communityEnabled: false });
    try {
      for (const token of [owner, lea]) {
        const answer = await c.op('listSpaces', 'GET', '/community/groups', token);
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe('COMMUNITY_DISABLED');
      }
    } finally {
      await c.setStore({ communityEnabled: true });
    }
  });

  it('turns on through updateStore (PRO and above), and a store below PRO meets PLAN_REQUIRED', async () => {
    await c.setStore({ communityEnabled: false });
    const on = await c.op('updateStore', 'PUT', `/stores/${c.demo.id}`, owner, { community_options: { enabled: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body.community_options.enabled).toBe(true);
    expect((await c.op('listSpaces', 'GET', '/community/groups', owner)).status).toBe(200);
    const small = await c.otherStore('PERCENT');
    expect((await c.op('listSpaces', 'GET', '/community/groups', small.token)).body.code).toBe('PLAN_REQUIRED');
  });

  it('needs a session: 401 without one', async () => {
    expect((await c.op('listSpaces', 'GET', '/community/groups')).status).toBe(401);
  });
});
