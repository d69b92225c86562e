import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../../server/auth/session';
import { registerTrainer } from '../../../server/commands/registerTrainer';
import { stores, users } from '../../../server/db/schema';
import { tableWritesOf, writtenTables } from '../../../server/db/tableWrites';
import { testServices } from './testServices';

describe('writtenTables: the tables a statement may change rows of', () => {
  const tables = (text: string) => {
    const written = writtenTables(text);
    return written === 'all' ? 'all' : [...written].sort();
  };

  it('reads updates, deletions and upserts, quoted or not, schema or not; reads and plain inserts change nothing', () => {
    expect(tables('update "users" set "role" = $1 where "users"."id" = $2')).toEqual(['users']);
    expect(tables('delete from "sessions" where "sessions"."id" = $1')).toEqual(['sessions']);
    expect(tables('DELETE FROM public.api_keys WHERE id = $1')).toEqual(['api_keys']);
    expect(tables('with moved as (update "stores" set plan = $1 returning id) select * from moved')).toEqual(['stores']);
    expect(tables('insert into "users" ("id") values ($1) on conflict ("id") do update set "role" = excluded."role"')).toEqual(['users']);
    expect(tables('insert into "sessions" ("token_hash") values ($1)')).toEqual([]);
    expect(tables('insert into "stores" ("subdomain") values ($1) on conflict ("subdomain") do nothing returning *')).toEqual([]);
    expect(tables('select "users"."updated_at", "stores".* from "users" join "stores" on true for update')).toEqual([]);
    expect(tables('update "trainings" set position = v.ord from (values ($1::uuid, $2::int)) as v(id, ord) where "trainings"."id" = v.id')).toEqual(['trainings']);
  });

  it('answers "all" for what it cannot read: TRUNCATE, DDL, DO blocks', () => {
    expect(tables('truncate "trainings" cascade')).toBe('all');
    expect(tables('alter table "users" add column "x" int')).toBe('all');
    expect(tables('do $$ begin perform 1; end $$')).toBe('all');
  });
});

describe('resolveSession keeps callers until a write may change them (PGlite)', () => {
  let env: Awaited<ReturnType<typeof testServices>>;
  let token: string;
  let storeId: string;
  let userId: string;
  const resolve = () => resolveSession(env.services, `Bearer ${token}`);

  beforeAll(async () => {
    env = await testServices();
    const session = await registerTrainer(env.services, { email: 'cache@example.test', password: 'password-123', firstname: 'Cache' });
    token = session.token;
    storeId = session.user.store.uuid;
    userId = session.user.uuid;
  }, 60_000);
  afterAll(() => env.close());

  it('is watched on PGlite', () => {
    expect(tableWritesOf(env.services.db)).toBeDefined();
  });

  it('sees a store or user change on the next lookup, made alone or in a transaction', async () => {
    expect((await resolve())!.store.plan).toBe('PERCENT');
    await env.services.db.update(stores).set({ plan: 'PRO' }).where(eq(stores.id, storeId));
    expect((await resolve())!.store.plan).toBe('PRO');
    await env.services.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'ADMIN' }).where(eq(users.id, userId));
    });
    expect((await resolve())!.user.role).toBe('ADMIN');
    // A transaction rolled back leaves the caller as it was.
    await env.services.db
      .transaction(async (tx) => {
        await tx.update(users).set({ role: 'STAFF' }).where(eq(users.id, userId));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await resolve())!.user.role).toBe('ADMIN');
    await env.services.db.update(users).set({ role: 'OWNER' }).where(eq(users.id, userId));
    expect((await resolve())!.user.role).toBe('OWNER');
  });

  it('gives every request its own copy of the caller', async () => {
    const first = await resolve();
    first!.user.role = 'STAFF';
    first!.store.plan = 'DISCOVERY' as never;
    const second = await resolve();
    expect(second!.user.role).toBe('OWNER');
    expect(second!.store.plan).not.toBe('DISCOVERY');
  });
});
