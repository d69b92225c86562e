import { describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login } from './client';

/*
 * The demo seed gives owner@demo.test 23 notifications (6 unread, one from a deleted member),
 * admin@demo.test 4 (1 unread) and teacher@demo.test 4 (2 unread, the assignments); the others have none. Other files run at the same time and may mark any demo account's
 * notifications read (contract-wide calls every operation as every role), so read states are only
 * compared relatively here; exact counts are pinned in tests/unit/server/notifications.test.ts.
 */

const LIST = '/users/me/notifications';
const listPage = async (token: string, query = '') => {
  const answer = await api('GET', `${LIST}${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  expectContract('listNotifications', answer);
  return answer;
};

describe('GET /users/me/notifications', () => {
  it('pages newest first, 20 a page, with full links built from the URL called', async () => {
    const token = await login('owner@demo.test');
    const first = await listPage(token, '?locale=fr&page=1');
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 20, last_page: 2 });
    expect(first.body.meta.total).toBeGreaterThan(20);
    expect(first.body.meta.total_unread).toBeLessThanOrEqual(first.body.meta.total);
    expect(first.body.links).toEqual({ next: `${baseUrl()}/api/v1${LIST}?locale=fr&page=2`, prev: null });

    const second = await listPage(token, `?page=2`);
    expect(second.body.meta.current_page).toBe(2);
    expect(second.body.data.length).toBe(second.body.meta.total - 20);
    expect(second.body.links).toEqual({ next: null, prev: `${baseUrl()}/api/v1${LIST}?page=1` });

    const all = [...first.body.data, ...second.body.data] as { id: number; created_at: string }[];
    const times = all.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
  });

  it('answers page 1 without a page parameter, and an empty page past the end', async () => {
    const token = await login('owner@demo.test');
    const plain = await listPage(token);
    expect(plain.body.meta.current_page).toBe(1);
    expect(plain.body.links.next).toBe(`${baseUrl()}/api/v1${LIST}?page=2`);
    const beyond = await listPage(token, '?page=7');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.links).toEqual({ next: null, prev: `${baseUrl()}/api/v1${LIST}?page=2` });
  });

  it("answers data as JSON text a link can be built from, and names a deleted actor 'Membre supprimé'", async () => {
    const token = await login('owner@demo.test');
    const pages = [await listPage(token), await listPage(token, '?page=2')];
    const all = pages.flatMap((page) => page.body.data as { type: string; data: string; text: string }[]);
    const keys = ['group', 'post', 'uuid', 'training_uuid', 'training_item_id', 'assignment_id'];
    keys.push('customer_uuid', 'affiliate_uuid', 'entity_uuid', 'email');
    for (const notification of all) {
      const data = JSON.parse(notification.data) as Record<string, unknown>;
      expect(Object.keys(data).length, notification.type).toBeGreaterThan(0);
      for (const key of Object.keys(data)) expect(keys).toContain(key);
      expect(notification.text).not.toContain('{actor}');
    }
    expect(all.some((n) => n.type === 'COMMUNITY_POST_CREATED' && JSON.parse(n.data).group && JSON.parse(n.data).post)).toBe(true);
    expect(all.filter((n) => n.text.startsWith('Membre supprimé '))).toHaveLength(1);
    expect(all.some((n) => n.text.startsWith('Thomas Démo '))).toBe(true);
  });

  it('answers an empty list to a user without notifications', async () => {
    const answer = await listPage(await login('analyst@demo.test'));
    expect(answer.body).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1, total_unread: 0 },
      links: { next: null, prev: null },
    });
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('answers 422 on page=%s', async (page) => {
    const answer = await api('GET', `${LIST}?page=${page}`, { token: await login('owner@demo.test') });
    expect(answer.status).toBe(422);
    expectContract('listNotifications', answer);
    expect(answer.body.errors.page).toBeInstanceOf(Array);
  });

  it('answers 401 without a session', async () => {
    const answer = await api('GET', LIST);
    expect(answer.status).toBe(401);
    expectContract('listNotifications', answer);
  });
});

describe('PUT /users/me/notifications/{id}', () => {
  it('marks one read, lowering total_unread, and keeps read_at when marked again', async () => {
    const token = await login('owner@demo.test');
    const before = await listPage(token);
    const target = before.body.data.find((n: { read_at: string | null }) => n.read_at === null) ?? before.body.data[0];
    const wasUnread = target.read_at === null;

    const read = await api('PUT', `${LIST}/${target.id}`, { token });
    expect(read.status).toBe(200);
    expectContract('markNotificationRead', read);
    expect(read.body).toMatchObject({ id: target.id, type: target.type, data: target.data, text: target.text });
    expect(read.body.read_at).not.toBeNull();

    const after = await listPage(token);
    expect(after.body.meta.total_unread).toBeLessThanOrEqual(before.body.meta.total_unread - (wasUnread ? 1 : 0));
    expect(after.body.data.find((n: { id: number }) => n.id === target.id).read_at).toBe(read.body.read_at);

    const again = await api('PUT', `${LIST}/${target.id}`, { token });
    expect(again.status).toBe(200);
    expectContract('markNotificationRead', again);
    expect(again.body.read_at).toBe(read.body.read_at);
  });

  it("answers 404 for another user's notification exactly as for an unknown one", async () => {
    const owners = (await listPage(await login('owner@demo.test'))).body.data as { id: number }[];
    const admin = await login('admin@demo.test');
    const admins = new Set(((await listPage(admin)).body.data as { id: number }[]).map((n) => n.id));
    const foreign = owners.find((n) => !admins.has(n.id))!;

    const answers = [
      await api('PUT', `${LIST}/${foreign.id}`, { token: admin }),
      await api('PUT', `${LIST}/2147483647`, { token: admin }),
      // Beyond a PostgreSQL integer: still "not found", not a database error.
      await api('PUT', `${LIST}/99999999999`, { token: admin }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(404);
      expectContract('markNotificationRead', answer);
    }
    expect(answers[0]!.body).toEqual(answers[1]!.body);
  });

  it.each(['abc', '0', '-3', '1.5'])('answers 422 on the id %s', async (id) => {
    const answer = await api('PUT', `${LIST}/${id}`, { token: await login('admin@demo.test') });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.notificationId).toBeInstanceOf(Array);
  });
});

describe('PUT /users/me/notifications/read', () => {
  it('marks every notification of the caller read, and no one else', async () => {
    const admin = await login('admin@demo.test');
    const answer = await api('PUT', `${LIST}/read`, { token: admin });
    expect(answer.status).toBe(200);
    expectContract('markAllNotificationsRead', answer);
    expect(answer.body).toEqual({ total_unread: 0 });

    const after = await listPage(admin);
    expect(after.body.meta.total_unread).toBe(0);
    expect(after.body.meta.total).toBeGreaterThan(0);
    expect(after.body.data.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
  });

  it('answers total_unread 0 to a user without notifications', async () => {
    const answer = await api('PUT', `${LIST}/read`, { token: await login('analyst@demo.test') });
    expect(answer.status).toBe(200);
    expectContract('markAllNotificationsRead', answer);
    expect(answer.body).toEqual({ total_unread: 0 });
  });
});
