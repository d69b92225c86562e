import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS, withPreparedStatements } from '../../../server/db/pgliteStatements';

/**
 * The prepared path answers exactly what PGlite's own query() answers (rows, fields, counts, errors), runs a
 * repeated text under one name instead of planning it anew, and never runs inside another caller's transaction.
 */
describe('PGlite with prepared statements', () => {
  let raw: PGlite;
  let db: PGlite;
  const statementCount = async () => (await raw.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    raw = new PGlite();
    db = withPreparedStatements(raw);
    await raw.exec(`create table items (id int primary key, name text not null, price numeric, made timestamptz, tags text[]);
      insert into items select g, 'item ' || g, g * 1.5, '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 day', array['a', 'b'] from generate_series(1, 20) g;`);
  }, 60_000);
  afterAll(() => raw.close());

  it('answers what query() answers, in both row modes, from the second call of a text on (then prepared, once)', async () => {
    const text = 'select id, name, price, made, tags from items where id = $1 or name = $2 order by id';
    const before = await statementCount();
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await raw.query(text, [3, 'item 7'], { rowMode });
      for (let i = 0; i < 3; i++) expect(await db.query(text, [3, 'item 7'], { rowMode })).toEqual(expected);
    }
    expect(await statementCount()).toBe(before + 1);
  });

  it('passes null parameters and uses the caller’s parsers before PGlite’s', async () => {
    const text = 'select made from items where ($1::int is null or id = $1) order by id limit 2';
    const options = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `raw:${value}` } };
    const expected = await raw.query(text, [null], options);
    expect(String((expected.rows[0] as { made: string }).made)).toMatch(/^raw:/);
    await db.query(text, [null], options);
    expect(await db.query(text, [null], options)).toEqual(expected);
  });

  it('counts the rows a write touched, and answers RETURNING rows', async () => {
    const update = 'update items set price = price + $1 where id <= $2';
    await db.query(update, [0, 0]);
    expect(await db.query(update, [1, 4])).toMatchObject({ affectedRows: 4, command: 'UPDATE', rowCount: 4 });
    const insert = 'insert into items (id, name) values ($1, $2) returning id, name';
    await db.query(insert, [101, 'a']);
    expect(await db.query(insert, [102, 'b'])).toMatchObject({ rows: [{ id: 102, name: 'b' }], affectedRows: 1 });
  });

  it('throws PostgreSQL’s error with its code, and the statement keeps working afterwards', async () => {
    const insert = 'insert into items (id, name) values ($1, $2)';
    await db.query(insert, [201, 'x']);
    await db.query(insert, [202, 'y']);
    await expect(db.query(insert, [202, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(insert, [203, 'z'])).resolves.toMatchObject({ affectedRows: 1 });
  });

  it('leaves a text PostgreSQL cannot prepare to query(), which reports it as usual', async () => {
    const broken = 'selec 1';
    const plain = await raw.query(broken).catch((error: unknown) => error);
    for (let i = 0; i < 3; i++) await expect(db.query(broken)).rejects.toMatchObject({ code: (plain as { code: string }).code });
  });

  it('does not run a statement inside another caller’s transaction', async () => {
    const read = 'select name from items where id = $1';
    await db.query(read, [1]);
    await db.query(read, [1]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query(`update items set name = 'inside' where id = 1`);
      await held;
      await tx.rollback();
    });
    // Asked while the transaction is open: answered after it, so its uncommitted (then rolled back) write is never seen.
    const outside = db.query<{ name: string }>(read, [1]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ name: 'item 1' }]);
  });

  it('keeps at most MAX_STATEMENTS named statements, closing the least recently used', async () => {
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) {
      const text = `select ${i} as n, id from items where id = $1`;
      await db.query(text, [1]);
      expect((await db.query<{ n: number }>(text, [1])).rows).toEqual([{ n: i, id: 1 }]);
    }
    // One more crossing sends the pending closes.
    await db.query('select id from items where id = $1', [1]);
    await db.query('select id from items where id = $1', [1]);
    expect(await statementCount()).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});
