import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TrainingItemType } from '../../../machines/itemCreation/itemTypes';
import type { AuthContext } from '../../../server/auth/session';
import { createItem } from '../../../server/commands/trainingItems/create';
import { duplicateItem } from '../../../server/commands/trainingItems/duplicate';
import { checkItemTypes } from '../../../server/commands/trainingItems/planGate';
import { outlineOrderErrors } from '../../../server/commands/trainingItems/reorder';
import { stores, trainingItems, trainings, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

const PLANS = ['PERCENT', 'PERK', 'PRO', 'EXPERT'] as const;
type Plan = (typeof PLANS)[number];

/** Spec section 6, written out as a table: which plans may add each item type. */
const ALLOWED: Record<TrainingItemType, readonly Plan[]> = {
  SECTION: PLANS,
  GENERIC: PLANS,
  VIDEO: PLANS,
  QUIZ: PLANS,
  TASKS: ['PERK', 'PRO', 'EXPERT'],
  ASSIGNMENT: ['PRO', 'EXPERT'],
  SCORM: ['EXPERT'],
};

const refusal = (run: () => unknown): HttpError | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
};

describe('checkItemTypes (plan gating of item types)', () => {
  const cases = (Object.entries(ALLOWED) as [TrainingItemType, readonly Plan[]][]).flatMap(([type, allowed]) =>
    PLANS.map((plan) => [type, plan, allowed.includes(plan)] as const),
  );
  it.each(cases)('%s on %s: allowed = %s', (type, plan, allowed) => {
    const error = refusal(() => checkItemTypes([type], { plan, isPlatformAdmin: false }));
    if (allowed) expect(error).toBeNull();
    else expect([error?.status, error?.code]).toEqual([403, 'PLAN_REQUIRED']);
  });

  it('lets the platform admin pass on every plan, as x-plans do', () => {
    for (const plan of PLANS) expect(refusal(() => checkItemTypes(['SCORM', 'ASSIGNMENT', 'TASKS'], { plan, isPlatformAdmin: true }))).toBeNull();
  });

  it('refuses a set as soon as one type is locked', () => {
    expect(refusal(() => checkItemTypes(['SECTION', 'GENERIC', 'ASSIGNMENT'], { plan: 'PERK', isPlatformAdmin: false }))?.status).toBe(403);
  });
});

describe('commands on stores of every plan', () => {
  let env: Awaited<ReturnType<typeof testServices>>;
  const auths = {} as Record<Plan, AuthContext>;
  beforeAll(async () => {
    env = await testServices();
    for (const plan of PLANS) {
      const [store] = await env.services.db.insert(stores).values({ subdomain: `plan-${plan.toLowerCase()}`, plan }).returning();
      const [user] = await env.services.db
        .insert(users)
        .values({ storeId: store!.id, email: `${plan}@plans.test`, passwordHash: 'x', firstname: 'Test', role: 'OWNER' })
        .returning();
      auths[plan] = { store: store!, user: user!, sessionId: 'unit' };
    }
  }, 60_000);
  afterAll(() => env.close());

  // Positions are unique per store (trainings_store_position_unique).
  let position = 0;
  async function trainingFor(plan: Plan) {
    const [row] = await env.services.db.insert(trainings).values({ storeId: auths[plan].store.id, slug: `t-${Math.random()}`, name: 't', position: position++ }).returning();
    return row!.id;
  }

  it.each(PLANS)('createItem on %s creates exactly the JSON types its plan includes', async (plan) => {
    const training = await trainingFor(plan);
    const section = await createItem(env.services, auths[plan], training, { type: 'SECTION', name: 'Chapitre', draft: true });
    for (const type of ['GENERIC', 'VIDEO', 'QUIZ', 'TASKS', 'ASSIGNMENT'] as const) {
      const created = await createItem(env.services, auths[plan], training, { type, name: type, parent_id: section.id, draft: true }).then(
        () => true,
        (error: HttpError) => (error.code === 'PLAN_REQUIRED' ? false : Promise.reject(error)),
      );
      expect(created, `${type} on ${plan}`).toBe(ALLOWED[type].includes(plan));
    }
  });

  it('duplicateItem refuses to copy a section holding a type the plan no longer includes', async () => {
    // A store that held ASSIGNMENT items on PRO, then moved to PERK: it keeps them but cannot make more.
    const training = await trainingFor('PERK');
    const [section] = await env.services.db.insert(trainingItems).values({ trainingId: training, type: 'SECTION', name: 'Chapitre' }).returning();
    await env.services.db.insert(trainingItems).values({ trainingId: training, type: 'ASSIGNMENT', name: 'Devoir', parentId: section!.id });
    const error = await duplicateItem(env.services, auths.PERK, training, section!.id, undefined).catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('PLAN_REQUIRED');
    const rows = await env.services.db.select().from(trainingItems).where(eq(trainingItems.trainingId, training));
    expect(rows).toHaveLength(2);
    // The same copy is fine on PRO.
    const proTraining = await trainingFor('PRO');
    const [proSection] = await env.services.db.insert(trainingItems).values({ trainingId: proTraining, type: 'SECTION', name: 'Chapitre' }).returning();
    await env.services.db.insert(trainingItems).values({ trainingId: proTraining, type: 'ASSIGNMENT', name: 'Devoir', parentId: proSection!.id });
    const copy = await duplicateItem(env.services, auths.PRO, proTraining, proSection!.id, undefined);
    expect(copy.children.map((c) => c.type)).toEqual(['ASSIGNMENT']);
  });
});

describe('outlineOrderErrors', () => {
  const current = [
    { id: 1, type: 'SECTION' as const, parentId: null, position: 0 },
    { id: 2, type: 'GENERIC' as const, parentId: 1, position: 0 },
    { id: 3, type: 'SECTION' as const, parentId: null, position: 1 },
  ];
  it('accepts a move of an item to another section', () => {
    expect(
      outlineOrderErrors(current, [
        { id: 3, parent_id: null, position: 0 },
        { id: 1, parent_id: null, position: 1 },
        { id: 2, parent_id: 3, position: 0 },
      ]),
    ).toEqual({});
  });

  it('names the entry whose parent is wrong, and the positions rule once', () => {
    const errors = outlineOrderErrors(current, [
      { id: 1, parent_id: null, position: 0 },
      { id: 3, parent_id: 1, position: 1 },
      { id: 2, parent_id: 2, position: 3 },
    ]);
    expect(Object.keys(errors).sort()).toEqual(['items', 'items.1.parent_id', 'items.2.parent_id']);
  });
});
