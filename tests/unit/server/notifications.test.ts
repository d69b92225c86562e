import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_PER_PAGE,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
} from '../../../server/commands/notifications';
import { listPagesBySlug } from '../../../server/commands/pages';
import { SITE_PAGES, seedSitePages } from '../../../server/db/seed';
import { notifications, pages, stores, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
beforeAll(async () => {
  env = await testServices();
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'notif-test' }).returning();
  storeId = store!.id;
});
afterAll(() => env.close());

let seq = 0;
async function createUser(fields: { firstname: string; lastname?: string | null; displayName?: string | null }) {
  const [user] = await env.services.db
    .insert(users)
    .values({ storeId, email: `user-${++seq}@example.test`, passwordHash: 'x', role: 'TEACHER', ...fields })
    .returning();
  return user!;
}

const URL_PAGE_1 = new URL('http://app.test/api/v1/users/me/notifications?page=1&locale=fr');
const list = (userId: string, page = 1) => listNotifications(env.services, userId, { page, url: URL_PAGE_1 });

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

describe('listNotifications', () => {
  it('pages 20 at a time, newest first, with full links that keep the other query parameters', async () => {
    const recipient = await createUser({ firstname: 'Rita' });
    const actor = await createUser({ firstname: 'Théo', lastname: 'Durand' });
    for (let i = 1; i <= 25; i++) {
      await notify(env.services, {
        userId: recipient.id,
        type: 'COMMUNITY_POST_CREATED',
        actorUserId: actor.id,
        template: `{actor} a publié le message ${i}`,
        data: { group: 'g', post: `p${i}` },
      });
      env.advance(60_000);
    }

    const first = await list(recipient.id);
    expect(first.data).toHaveLength(NOTIFICATIONS_PER_PAGE);
    expect(first.data[0]!.text).toBe('Théo Durand a publié le message 25');
    expect(first.data.at(-1)!.text).toBe('Théo Durand a publié le message 6');
    expect(first.meta).toEqual({ current_page: 1, per_page: 20, total: 25, last_page: 2, total_unread: 25 });
    expect(first.links).toEqual({ next: 'http://app.test/api/v1/users/me/notifications?page=2&locale=fr', prev: null });

    const second = await list(recipient.id, 2);
    expect(second.data.map((n) => n.text)).toEqual([5, 4, 3, 2, 1].map((i) => `Théo Durand a publié le message ${i}`));
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2 });
    expect(second.links).toEqual({ next: null, prev: 'http://app.test/api/v1/users/me/notifications?page=1&locale=fr' });

    // Past the end: nothing, and "previous" leads back to the last page rather than another empty one.
    const beyond = await list(recipient.id, 9);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 9, total: 25, last_page: 2 });
    expect(beyond.links).toEqual({ next: null, prev: 'http://app.test/api/v1/users/me/notifications?page=2&locale=fr' });
  });

  it('orders notifications of the same instant by id, newest first', async () => {
    const recipient = await createUser({ firstname: 'Ida' });
    for (const word of ['un', 'deux', 'trois']) {
      await notify(env.services, { userId: recipient.id, type: 'SALE_CREATED', template: `Vente ${word}` });
    }
    expect((await list(recipient.id)).data.map((n) => n.text)).toEqual(['Vente trois', 'Vente deux', 'Vente un']);
  });

  it('answers an empty first page for a user without notifications', async () => {
    const lonely = await createUser({ firstname: 'Solo' });
    expect(await list(lonely.id)).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1, total_unread: 0 },
      links: { next: null, prev: null },
    });
  });

  it('answers data as JSON text with the keys of the event', async () => {
    const recipient = await createUser({ firstname: 'Data' });
    const data = { training_uuid: 't-1', training_item_id: 12, assignment_id: 7, customer_uuid: 'c-1', email: 'lea@example.com' };
    await notify(env.services, { userId: recipient.id, type: 'ASSIGNMENT_SUBMITTED', template: 'Léa a rendu un devoir', data });
    const [notification] = (await list(recipient.id)).data;
    expect(typeof notification!.data).toBe('string');
    expect(JSON.parse(notification!.data)).toEqual(data);
    expect(notification).toMatchObject({ type: 'ASSIGNMENT_SUBMITTED', text: 'Léa a rendu un devoir', read_at: null });
  });
});

describe('the actor in the text', () => {
  it("uses the actor's current name, prefers display_name, and reads 'Membre supprimé' once the actor is deleted", async () => {
    const recipient = await createUser({ firstname: 'Olga' });
    const actor = await createUser({ firstname: 'Marc', lastname: 'Petit' });
    await notify(env.services, {
      userId: recipient.id,
      type: 'COMMUNITY_COMMENT_CREATED',
      actorUserId: actor.id,
      template: '{actor} a commenté la publication de {actor}',
      data: { group: 'g', post: 'p', uuid: 'c' },
    });
    const text = async () => (await list(recipient.id)).data[0]!.text;
    expect(await text()).toBe('Marc Petit a commenté la publication de Marc Petit');

    await env.services.db.update(users).set({ displayName: 'Marco' }).where(eq(users.id, actor.id));
    expect(await text()).toBe('Marco a commenté la publication de Marco');

    await env.services.db.delete(users).where(eq(users.id, actor.id));
    expect(await text()).toBe('Membre supprimé a commenté la publication de Membre supprimé');
    const [row] = await env.services.db.select().from(notifications).where(eq(notifications.userId, recipient.id));
    expect(row!.actorUserId).toBeNull();
  });

  it('leaves a sentence without {actor} alone, and refuses {actor} without an actor', async () => {
    const recipient = await createUser({ firstname: 'Nina' });
    const template = 'Nouvelle vente : Léa Martin a acheté « Photo »';
    await notify(env.services, { userId: recipient.id, type: 'SALE_CREATED', template });
    expect((await list(recipient.id)).data[0]!.text).toBe(template);
    const unnamed = notify(env.services, { userId: recipient.id, type: 'SALE_CREATED', template: '{actor} a acheté' });
    await expect(unnamed).rejects.toThrow(/actorUserId/);
  });

  it('deletes the notifications of a deleted recipient', async () => {
    const recipient = await createUser({ firstname: 'Gone' });
    await notify(env.services, { userId: recipient.id, type: 'SALE_CREATED', template: 'Vente' });
    await env.services.db.delete(users).where(eq(users.id, recipient.id));
    expect(await env.services.db.select().from(notifications).where(eq(notifications.userId, recipient.id))).toEqual([]);
  });
});

describe('markNotificationRead and markAllNotificationsRead', () => {
  it('marks one read, decrementing total_unread, and keeps the first read_at when marked again', async () => {
    const recipient = await createUser({ firstname: 'Lou' });
    const a = await notify(env.services, { userId: recipient.id, type: 'SALE_CREATED', template: 'Vente A' });
    await notify(env.services, { userId: recipient.id, type: 'SALE_CREATED', template: 'Vente B' });
    expect((await list(recipient.id)).meta.total_unread).toBe(2);

    const read = await markNotificationRead(env.services, recipient.id, a.id);
    expect(read).toMatchObject({ id: a.id, text: 'Vente A', read_at: env.services.clock().toISOString() });
    expect((await list(recipient.id)).meta.total_unread).toBe(1);

    env.advance(3_600_000);
    const again = await markNotificationRead(env.services, recipient.id, a.id);
    expect(again.read_at).toBe(read.read_at);
    expect((await list(recipient.id)).meta.total_unread).toBe(1);
  });

  it("answers 404 for another user's notification, alike an unknown id, and leaves it unread", async () => {
    const owner = await createUser({ firstname: 'Ana' });
    const intruder = await createUser({ firstname: 'Ivo' });
    const theirs = await notify(env.services, { userId: owner.id, type: 'SALE_CREATED', template: 'Vente privée' });
    const foreign = await failure(markNotificationRead(env.services, intruder.id, theirs.id));
    const unknown = await failure(markNotificationRead(env.services, intruder.id, 2_147_483_647));
    const outOfRange = await failure(markNotificationRead(env.services, intruder.id, 99_999_999_999));
    for (const error of [foreign, unknown, outOfRange]) expect(error.status).toBe(404);
    expect([foreign.code, foreign.message]).toEqual([unknown.code, unknown.message]);
    expect((await list(owner.id)).data[0]!.read_at).toBeNull();
  });

  it("marks all of the caller's notifications read and no one else's", async () => {
    const me = await createUser({ firstname: 'Moi' });
    const other = await createUser({ firstname: 'Autre' });
    for (const userId of [me.id, me.id, me.id, other.id]) {
      await notify(env.services, { userId, type: 'SALE_CREATED', template: 'Vente' });
    }
    await markNotificationRead(env.services, me.id, (await list(me.id)).data[0]!.id);
    expect(await markAllNotificationsRead(env.services, me.id)).toEqual({ total_unread: 0 });
    const mine = await list(me.id);
    expect(mine.meta.total_unread).toBe(0);
    expect(mine.data.every((n) => n.read_at !== null)).toBe(true);
    expect((await list(other.id)).meta.total_unread).toBe(1);
  });
});

describe('site pages', () => {
  it('seeds the pages once, whatever the number of starts, and finds them by slug', async () => {
    await seedSitePages(env.services.db);
    await seedSitePages(env.services.db);
    expect(await env.services.db.select().from(pages)).toHaveLength(SITE_PAGES.length);
    for (const { slug, title } of SITE_PAGES) {
      const { data } = await listPagesBySlug(env.services, slug);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ slug, title: { rendered: title } });
      expect(data[0]!.content.rendered).toMatch(/^<h2>/);
      expect(data[0]!.content.rendered).not.toMatch(/<script|on\w+=/i);
    }
    expect(await listPagesBySlug(env.services, 'cgv-2019')).toEqual({ data: [] });
  });

  it('leaves pages an operator has edited alone', async () => {
    await env.services.db.update(pages).set({ contentHtml: '<p>Version de l’exploitant</p>' }).where(eq(pages.slug, 'mentions-legales'));
    await seedSitePages(env.services.db);
    expect((await listPagesBySlug(env.services, 'mentions-legales')).data[0]!.content.rendered).toBe('<p>Version de l’exploitant</p>');
  });
});
