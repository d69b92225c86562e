import { and, eq, sql } from 'drizzle-orm';
import { bundles, trainings } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';

/**
 * Every catalogue row is reached through the caller's store: an id of another store answers 404, exactly
 * like an id that does not exist, so nobody learns what other stores hold. Platform admins act on their
 * own store here too (the binder's `{storeUuid}` exception does not apply to ids without a store in the path).
 */
export async function trainingOf(services: Pick<Services, 'db'>, storeId: string, trainingUuid: string) {
  const [row] = await services.db
    .select()
    .from(trainings)
    .where(and(eq(trainings.id, trainingUuid), eq(trainings.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function bundleOf(services: Services, storeId: string, bundleUuid: string) {
  const [row] = await services.db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, bundleUuid), eq(bundles.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** "Créer sa 1ʳᵉ formation : l'essentiel !" → "creer-sa-1re-formation-l-essentiel". Never empty. */
export function slugify(name: string, maxLength = 150): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'formation';
}

/**
 * A slug no other row of the store uses: the base, else base-2, base-3… One query reads the taken
 * candidates; a concurrent insert can still collide, which the unique index turns into an error the
 * caller retries or reports (409).
 */
export async function freeSlug(
  services: Services,
  table: typeof trainings | typeof bundles,
  storeId: string,
  base: string,
  exceptId?: string,
): Promise<string> {
  const rows = await services.db
    .select({ slug: table.slug })
    .from(table)
    .where(
      and(
        eq(table.storeId, storeId),
        sql`(${table.slug} = ${base} or ${table.slug} ~ ${`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[0-9]+$`})`,
        exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
