import { and, asc, eq } from 'drizzle-orm';
import { issueInvoice } from '../commands/invoices/issue.js';
import type { Database } from './client.js';
import { learnerKeys } from './learnerKeys.js';
import {
  customerConnections,
  customerTrainings,
  customers,
  discountCodeBuyables,
  discountCodes,
  itemProgress,
  paymentSchedules,
  sales,
  trainingComments,
  trainingItems,
  trainings,
  transactions,
} from './schema.js';

/** A learner the demo notifications already name (seed.ts gives their ids, names and addresses). */
export interface NamedCustomer {
  id: string;
  name: string;
  email: string;
}

export interface LearnersSeedInput {
  storeId: string;
  trainingIds: { photo: string; light: string };
  named: readonly NamedCustomer[];
  teacher: string;
  /** The team member deleted at the end of the demo seed: her comment then reads "Membre supprimé". */
  former: string;
  now: Date;
  /** The demo password's hash: every learner who activated their account signs in to the learner area with it. */
  passwordHash: string;
}

type Enrolment = typeof customerTrainings.$inferInsert;

/**
 * One demo learner of the published training. `done` is how many of its published items they completed;
 * `sale` what they paid (none when the team added them); `hoursAgo` when they enrolled.
 */
interface DemoLearner {
  name: string;
  hoursAgo: number;
  done: number;
  /** `paid` instalments of an instalment sale were paid (one a month from the purchase), the others are INCOMING. */
  sale?: { amount: number; discount?: { code: string; amount: number }; instalments?: { count: number; paid: number }; method: 'CARD' | 'PAYPAL' };
  enrolment?: Pick<Enrolment, 'enrollmentType' | 'customerType' | 'blockedReason' | 'bypassDrip'> & { expiresInDays?: number };
  /** An abandoned cart: a checkout started and left, not a learner. */
  abandoned?: boolean;
}

const DAY_H = 24;
const card = (amount: number) => ({ amount, method: 'CARD' as const });

/**
 * The first six names are those of the demo notifications (their ids come from seed.ts), so that "Léa Martin
 * a acheté …" two hours ago is a real sale of a real learner. Prices are the training's: 149 € at once or
 * three instalments of 52 € (156 € in all: two such sales are still being paid, their later instalments INCOMING).
 */
function demoLearners(named: readonly NamedCustomer[]): DemoLearner[] {
  const n = (i: number) => named[i]?.name ?? '';
  return [
    { name: n(0), hoursAgo: 2, done: 0, sale: card(149) },
    { name: n(1), hoursAgo: 52 * DAY_H, done: 7, sale: { amount: 149, method: 'PAYPAL' } },
    { name: n(2), hoursAgo: 45 * DAY_H, done: 5, sale: { amount: 156, instalments: { count: 3, paid: 2 }, method: 'CARD' } },
    { name: n(3), hoursAgo: 38 * DAY_H, done: 2, enrolment: { enrollmentType: 'BY_TEACHER' } },
    { name: n(4), hoursAgo: 30 * DAY_H, done: 4, sale: { amount: 134.1, discount: { code: 'BIENVENUE10', amount: 14.9 }, method: 'CARD' } },
    {
      name: n(5),
      hoursAgo: 25 * DAY_H,
      done: 1,
      sale: card(149),
      enrolment: { enrollmentType: 'CLASSIC', customerType: 'BLOCKED', blockedReason: 'BY_TEACHER' },
    },
    { name: 'Inès Fontaine', hoursAgo: 20 * DAY_H, done: 3, sale: { amount: 156, instalments: { count: 3, paid: 1 }, method: 'CARD' } },
    { name: 'Maxime Lefèvre', hoursAgo: 14 * DAY_H, done: 1, enrolment: { enrollmentType: 'BY_TEACHER', bypassDrip: true, expiresInDays: 90 } },
    { name: 'Sarah Roux', hoursAgo: 9 * DAY_H, done: 2, sale: { amount: 149, method: 'PAYPAL' } },
    { name: 'Julien Mercier', hoursAgo: 6 * DAY_H, done: 1, sale: card(149) },
    { name: 'Emma Garnier', hoursAgo: 3 * DAY_H, done: 0, sale: card(149) },
    { name: 'Théo Faure', hoursAgo: 26, done: 0, enrolment: { enrollmentType: 'BY_TEACHER', expiresInDays: 30 } },
    { name: 'Clara Petitjean', hoursAgo: 4 * DAY_H, done: 0, abandoned: true },
  ];
}

const emailOf = (name: string) =>
  `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, '.')}@example.com`;

/**
 * Learners of the published demo training "Photographie culinaire : les fondamentaux" over the last 60 days:
 * varied progress (one completed, one blocked, one abandoned cart), PAID sales at its price, connections,
 * and three lesson comments with one team reply. Progress and item progress agree (done / published items).
 * Runs after the catalogue seed; without the demo trainings (another catalogue) it does nothing.
 */
export async function seedLearners(db: Database, input: LearnersSeedInput) {
  const [training] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.id, input.trainingIds.photo), eq(trainings.storeId, input.storeId)))
    .limit(1);
  if (!training) return;
  const items = await publishedItems(db, training.id);
  if (!items.length) return;

  const at = (hoursAgo: number) => new Date(input.now.getTime() - hoursAgo * 3_600_000);
  const learners = demoLearners(input.named);
  const inserted = await db
    .insert(customers)
    .values(
      learners.map((l, i) => {
        const [firstname, ...rest] = l.name.split(' ');
        const classic = !l.enrolment || l.enrolment.enrollmentType === 'CLASSIC';
        return {
          ...(input.named[i] ? { id: input.named[i]!.id } : {}),
          storeId: input.storeId,
          email: input.named[i]?.email ?? emailOf(l.name),
          firstname: firstname ?? null,
          lastname: rest.join(' ') || null,
          // A buyer sets a password at checkout; a learner added by the team has not activated yet.
          activatedAt: classic && !l.abandoned ? at(l.hoursAgo) : null,
          passwordHash: classic && !l.abandoned ? input.passwordHash : null,
          createdAt: at(l.hoursAgo + 0.2),
        };
      }),
    )
    .returning();
  // RETURNING order is not promised: match rows back by address.
  const people = learners.map((l, i) => inserted.find((row) => row.email === (input.named[i]?.email ?? emailOf(l.name)))!);

  /** When a learner completed their k-th item: evenly spread between enrolment and now. */
  const completionOf = (l: DemoLearner, k: number) => at(l.hoursAgo - (l.hoursAgo / (l.done + 1)) * k);

  // Visits: one on enrolment day, then one every few days while the learner progresses.
  const visitsOf = (l: DemoLearner) =>
    l.abandoned ? [] : Array.from({ length: 1 + l.done }, (_, v) => at(Math.max(0.5, l.hoursAgo - (v * l.hoursAgo) / (l.done + 1) - 1)));

  const enrolled = await db
    .insert(customerTrainings)
    .values(
      learners.map((l, i) => {
        const visits = visitsOf(l);
        const done = Math.min(l.done, items.length);
        return {
          ...learnerKeys(people[i]!.id),
          trainingId: training.id,
          customerType: l.abandoned ? ('ABANDONED_CART' as const) : ('STUDENT' as const),
          enrollmentType: 'CLASSIC' as const,
          ...l.enrolment,
          progress: Math.round((done / items.length) * 10_000) / 100,
          enrolledAt: at(l.hoursAgo),
          expiresAt: l.enrolment?.expiresInDays ? new Date(at(l.hoursAgo).getTime() + l.enrolment.expiresInDays * DAY_H * 3_600_000) : null,
          // Completing the training is completing its last item.
          completedAt: done === items.length ? completionOf(l, done) : null,
          lastConnectionAt: visits.at(-1) ?? null,
        };
      }),
    )
    .returning();
  const enrolments = people.map((person) => enrolled.find((row) => row.customerId === person.id)!);

  for (const [i, l] of learners.entries()) {
    const last = visitsOf(l).at(-1);
    if (last) await db.update(customers).set({ lastConnectionAt: last }).where(eq(customers.id, people[i]!.id));
  }

  const progress = learners.flatMap((l, i) => {
    const rows: (typeof itemProgress.$inferInsert)[] = items.slice(0, l.done).map((item, k) => ({
      customerTrainingId: enrolments[i]!.id,
      trainingItemId: item.id,
      timeSpent: 420 + ((i * 7 + k * 13) % 9) * 95,
      score: item.type === 'QUIZ' ? 60 + ((i * 11) % 35) : null,
      completedAt: completionOf(l, k + 1),
      updatedAt: completionOf(l, k + 1),
    }));
    // The item they are on: started, not finished.
    const current = items[l.done];
    if (current && !l.abandoned && l.done > 0) rows.push({ customerTrainingId: enrolments[i]!.id, trainingItemId: current.id, timeSpent: 180, updatedAt: at(1) });
    return rows;
  });
  if (progress.length) await db.insert(itemProgress).values(progress);

  const visits = learners.flatMap((l, i) => visitsOf(l).map((when) => ({ customerId: people[i]!.id, trainingId: training.id, at: when })));
  if (visits.length) await db.insert(customerConnections).values(visits);

  const [once, instalments] = await Promise.all(
    (['ONE_TIME', 'INSTALLMENTS'] as const).map((type) =>
      db
        .select({ id: paymentSchedules.id })
        .from(paymentSchedules)
        .where(and(eq(paymentSchedules.trainingId, training.id), eq(paymentSchedules.type, type)))
        .limit(1),
    ),
  );
  const schedules = { once: once?.[0]?.id, instalments: instalments?.[0]?.id };
  const paid = learners.flatMap((l, i) =>
    l.sale
      ? [
          {
            storeId: input.storeId,
            customerId: people[i]!.id,
            trainingId: training.id,
            amount: l.sale.amount,
            discountAmount: l.sale.discount?.amount ?? 0,
            discountCode: l.sale.discount?.code ?? null,
            paymentMethod: l.sale.method,
            paymentScheduleType: l.sale.instalments ? ('INSTALLMENTS' as const) : ('ONE_TIME' as const),
            paymentScheduleId: (l.sale.instalments ? schedules.instalments : schedules.once) ?? null,
            installmentsCount: l.sale.instalments?.count ?? null,
            status: l.sale.instalments && l.sale.instalments.paid < l.sale.instalments.count ? ('IN_PROGRESS' as const) : ('PAID' as const),
            createdAt: at(l.hoursAgo + 0.1),
            paidAt: at(l.hoursAgo + 0.05),
          },
        ]
      : [],
  );
  const abandoned = learners.flatMap((l, i) =>
    l.abandoned
      ? [{ storeId: input.storeId, customerId: people[i]!.id, trainingId: training.id, amount: 149, paymentMethod: 'CARD', status: 'ABANDONED' as const, createdAt: at(l.hoursAgo) }]
      : [],
  );
  const written = await db.insert(sales).values([...paid, ...abandoned]).returning();
  const payments = await db
    .insert(transactions)
    .values(
      written.flatMap((sale) => {
        const l = learners[people.findIndex((person) => person.id === sale.customerId)]!;
        return paymentsOf(sale, l.sale?.instalments);
      }),
    )
    .returning();
  // Each payment taken has its invoice, numbered in the order they were paid, as applyPaymentEvent writes them.
  const taken = payments.filter((payment) => payment.status === 'PAID' && payment.paidAt).sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime() || a.id - b.id);
  for (const payment of taken) await issueInvoice(db, written.find((sale) => sale.id === payment.saleId)!, payment, payment.paidAt!);
  await seedDiscountCodes(db, input, written.filter((sale) => sale.discountCode));

  await seedComments(db, input, training.id, items, people);
}

const MONTH_MS = 30 * DAY_H * 3_600_000;

/**
 * The payments of a demo sale, as checkout and applyPaymentEvent write them: one for a one-time payment (its
 * outcome is the sale's), one per instalment otherwise, a month apart from the purchase, the first `paid` PAID and
 * the others INCOMING on their due date.
 */
function paymentsOf(sale: typeof sales.$inferSelect, instalments?: { count: number; paid: number }): (typeof transactions.$inferInsert)[] {
  const base = { saleId: sale.id, storeId: sale.storeId, customerId: sale.customerId, paymentScheduleId: sale.paymentScheduleId, createdAt: sale.createdAt };
  const method = sale.paymentMethod as 'CARD' | 'PAYPAL';
  if (!instalments) {
    return [{ ...base, amount: sale.amount, status: sale.status, paymentMethod: method, dueAt: sale.createdAt, paidAt: sale.paidAt }];
  }
  const share = Math.round((sale.amount / instalments.count) * 100) / 100;
  return Array.from({ length: instalments.count }, (_, k) => {
    const due = new Date(sale.createdAt.getTime() + k * MONTH_MS);
    const isPaid = k < instalments.paid;
    // The last instalment takes the rounding's cents, so the payments add up to the sale.
    const amount = k === instalments.count - 1 ? Math.round((sale.amount - share * (instalments.count - 1)) * 100) / 100 : share;
    return { ...base, installmentNumber: k + 1, amount, status: isPaid ? 'PAID' : 'INCOMING', paymentMethod: method, dueAt: due, paidAt: isPaid ? new Date(due.getTime() + 60_000) : null };
  });
}

/**
 * Two promo codes of the demo store: BIENVENUE10 (10 % on everything, unlimited; one demo sale used it) and
 * LUMIERE20 (20 € off "Maîtriser la lumière naturelle", 5 uses, for the next 60 days).
 */
async function seedDiscountCodes(db: Database, input: LearnersSeedInput, withCode: { discountCode: string | null }[]) {
  const codes = await db
    .insert(discountCodes)
    .values([
      {
        storeId: input.storeId,
        code: 'BIENVENUE10',
        type: 'PERCENTAGE',
        value: 10,
        usesCount: withCode.filter((sale) => sale.discountCode === 'BIENVENUE10').length,
        createdAt: new Date(input.now.getTime() - 60 * DAY_H * 3_600_000),
      },
      {
        storeId: input.storeId,
        code: 'LUMIERE20',
        type: 'AMOUNT',
        value: 20,
        maxUses: 5,
        startsAt: new Date(input.now.getTime() - DAY_H * 3_600_000),
        endsAt: new Date(input.now.getTime() + 60 * DAY_H * 3_600_000),
        createdAt: new Date(input.now.getTime() - DAY_H * 3_600_000),
      },
    ])
    .returning();
  const limited = codes.find((code) => code.code === 'LUMIERE20');
  const [light] = await db.select({ id: trainings.id }).from(trainings).where(and(eq(trainings.id, input.trainingIds.light), eq(trainings.storeId, input.storeId)));
  if (limited && light) await db.insert(discountCodeBuyables).values({ discountCodeId: limited.id, trainingId: light.id });
}

/** The training's published items (not chapters) in outline order, as a learner goes through them. */
async function publishedItems(db: Database, trainingId: string) {
  const rows = await db
    .select({ id: trainingItems.id, type: trainingItems.type, parentId: trainingItems.parentId, position: trainingItems.position, draft: trainingItems.draft })
    .from(trainingItems)
    .where(eq(trainingItems.trainingId, trainingId))
    .orderBy(asc(trainingItems.position), asc(trainingItems.id));
  const sections = rows.filter((r) => r.type === 'SECTION' && !r.draft);
  return sections.flatMap((s) => rows.filter((r) => r.parentId === s.id && !r.draft && r.type !== 'SECTION'));
}

/**
 * Three learners' comments under lessons of the training, one answered by the teacher; and, under a lesson
 * of "Maîtriser la lumière naturelle", the comment of the team member who has since left (the demo
 * notification of 26 hours ago points at it), which reads "Membre supprimé".
 */
async function seedComments(
  db: Database,
  input: LearnersSeedInput,
  trainingId: string,
  items: { id: number }[],
  people: { id: string; firstname: string | null }[],
) {
  const at = (hoursAgo: number) => new Date(input.now.getTime() - hoursAgo * 3_600_000);
  const by = (firstname: string) => people.find((p) => p.firstname === firstname)?.id ?? null;
  const lesson = (index: number) => items[Math.min(index, items.length - 1)]!.id;

  const [question] = await db
    .insert(trainingComments)
    .values({
      trainingId,
      trainingItemId: lesson(3),
      customerId: by('Manon'),
      content: "Est-ce qu'une lampe de cuisine peut suffire le soir, ou faut-il absolument attendre la lumière du jour ?",
      createdAt: at(20 * DAY_H),
    })
    .returning();
  await db.insert(trainingComments).values([
    {
      trainingId,
      trainingItemId: lesson(3),
      parentId: question!.id,
      userId: input.teacher,
      content:
        "Bonne question Manon ! Une lampe peut dépanner, mais sa lumière est souvent trop chaude et trop dure. Placez-la sur le côté, derrière un papier calque, et corrigez la balance des blancs : on voit ça en détail dans le dernier chapitre.",
      createdAt: at(19 * DAY_H),
    },
    {
      trainingId,
      trainingItemId: lesson(4),
      customerId: by('Chloé'),
      content: "Merci pour la vidéo ! L'astuce du cadrage à 45° a complètement changé mes photos de gâteaux.",
      createdAt: at(8 * DAY_H),
    },
    {
      trainingId,
      trainingItemId: lesson(0),
      customerId: by('Inès'),
      content: 'Hâte de commencer, le programme est très clair. Est-ce qu’on peut suivre la formation avec un simple smartphone ?',
      createdAt: at(19 * DAY_H + 5),
    },
  ]);

  const [light] = await db
    .select({ id: trainingItems.id })
    .from(trainingItems)
    .where(and(eq(trainingItems.trainingId, input.trainingIds.light), eq(trainingItems.id, 12)))
    .limit(1);
  if (light) {
    await db.insert(trainingComments).values({
      trainingId: input.trainingIds.light,
      trainingItemId: light.id,
      userId: input.former,
      content: "Petit rappel : pensez à couper le plafonnier quand vous travaillez à la fenêtre, il ajoute une dominante jaune.",
      createdAt: at(26),
    });
  }
}
