import { and, eq, inArray } from 'drizzle-orm';
import { slugify } from '../commands/catalogue/scope.js';
import type { Database } from './client.js';
import { bundleTrainings, bundles, paymentSchedules, trainings } from './schema.js';

export interface BundleSeedInput {
  storeId: string;
  /** The demo trainings (DEMO_IDS.trainings in seed.ts), whose names the packs below describe. */
  trainingIds: { photo: string; light: string; styling: string };
  now: Date;
}

interface DemoBundle {
  name: string;
  summary: string;
  description: string;
  status: 'PUBLISHED' | 'DRAFT';
  trainings: (keyof BundleSeedInput['trainingIds'])[];
  /** One-time price in euros; none for a pack still being prepared. */
  price?: number;
  daysAgo: number;
}

/**
 * The demo packs, made of the demo catalogue's food-photography trainings: one on sale (cheaper than its two
 * trainings bought apart, 149 € + 89 €) and one draft, so the list shows two statuses and can be reordered.
 */
const DEMO_BUNDLES: DemoBundle[] = [
  {
    name: 'Pack photo culinaire : les bases et la lumière',
    summary: 'Les fondamentaux de la photo culinaire et la maîtrise de la lumière naturelle, à prix réduit.',
    description:
      '<p>Deux formations complémentaires pour passer de la photo de plat prise sur le vif à une image travaillée.</p>' +
      '<p>Commencez par les fondamentaux, puis apprenez à lire et à façonner la lumière de votre fenêtre.</p>',
    status: 'PUBLISHED',
    trainings: ['photo', 'light'],
    price: 199,
    daysAgo: 120,
  },
  {
    name: 'Pack stylisme et composition',
    summary: 'Pour aller plus loin : composer, styliser et mettre en scène vos plats.',
    description: '<p>Le stylisme culinaire avancé, précédé des fondamentaux pour celles et ceux qui débutent.</p>',
    status: 'DRAFT',
    trainings: ['photo', 'styling'],
    daysAgo: 10,
  },
];

/**
 * Seeds the demo packs inside the demo seed's transaction, after the catalogue. A pack whose trainings are
 * not all in the store is skipped quietly: a demo without the catalogue simply has fewer packs.
 */
export async function seedBundles(db: Database, input: BundleSeedInput) {
  const wanted = Object.values(input.trainingIds);
  const present = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.storeId, input.storeId), inArray(trainings.id, wanted)));
  const has = new Set(present.map((row) => row.id));
  const demo = DEMO_BUNDLES.filter((b) => b.trainings.every((key) => has.has(input.trainingIds[key])));
  if (!demo.length) return;

  const at = (daysAgo: number) => new Date(input.now.getTime() - daysAgo * 86_400_000);
  const rows = await db
    .insert(bundles)
    .values(
      demo.map((b, order) => ({
        storeId: input.storeId,
        slug: slugify(b.name),
        name: b.name,
        summary: b.summary,
        description: b.description,
        status: b.status,
        order,
        seoData: { title: b.name, description: b.summary },
        createdAt: at(b.daysAgo),
        updatedAt: at(Math.max(0, b.daysAgo - 1)),
      })),
    )
    .returning({ id: bundles.id });

  await db.insert(bundleTrainings).values(
    demo.flatMap((b, index) => b.trainings.map((key, position) => ({ bundleId: rows[index]!.id, trainingId: input.trainingIds[key], position }))),
  );
  const prices = demo.flatMap((b, index) => (b.price === undefined ? [] : [{ bundleId: rows[index]!.id, type: 'ONE_TIME' as const, price: b.price }]));
  if (prices.length) await db.insert(paymentSchedules).values(prices);
}
