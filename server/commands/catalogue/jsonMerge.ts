import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column || patch` for a jsonb settings column: the keys of `patch` replace the stored ones, the others stay.
 * Done by PostgreSQL inside the UPDATE, so two requests changing different keys at the same moment both keep
 * their change (reading the row, merging in Node and writing it back would lose one of them).
 */
export function mergedJson(column: AnyColumn, patch: object): SQL {
  return sql`${column} || ${JSON.stringify(patch)}::jsonb`;
}
