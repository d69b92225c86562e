import { and, asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { eurosOf, centsOf } from '../../../shared/pricing.js';
import type { StoreRow } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import { bundles, customers, sales, trainings, transactions } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { sweepExpiredHolds } from './holds.js';

type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export type SaleRow = typeof sales.$inferSelect;
type CheckoutOrder = components['schemas']['CheckoutOrder'];

/** The answer of checkout and getCheckoutOrder. `paymentUrl` is known at checkout only (providers' pages expire). */
export async function presentOrder(db: Db, sale: SaleRow, paymentUrl: string | null = null): Promise<CheckoutOrder> {
  const [product] = sale.trainingId
    ? await db.select({ name: trainings.name }).from(trainings).where(eq(trainings.id, sale.trainingId))
    : sale.bundleId
      ? await db.select({ name: bundles.name }).from(bundles).where(eq(bundles.id, sale.bundleId))
      : [];
  const payments = await db
    .select({ amount: transactions.amount, status: transactions.status, dueAt: transactions.dueAt })
    .from(transactions)
    .where(eq(transactions.saleId, sale.id))
    .orderBy(asc(transactions.installmentNumber), asc(transactions.id));
  const [customer] = await db.select({ activatedAt: customers.activatedAt }).from(customers).where(eq(customers.id, sale.customerId));
  return {
    uuid: sale.id,
    status: sale.status,
    buyable: {
      type: sale.bundleId ? 'BUNDLE' : 'TRAINING',
      uuid: (sale.bundleId ?? sale.trainingId)!,
      name: product?.name ?? '',
    },
    total: eurosOf(centsOf(sale.amount)),
    payments: payments.length
      ? payments.map((p) => ({ amount: eurosOf(centsOf(p.amount)), status: p.status, due_at: p.dueAt?.toISOString() ?? null }))
      : [{ amount: sale.amount, status: sale.status, due_at: null }],
    payment_method: sale.paymentMethod as CheckoutOrder['payment_method'],
    payment_url: paymentUrl,
    account_activation_required: !customer?.activatedAt,
    ...(sale.provider === 'TEST' ? { test_mode: true } : {}),
    created_at: sale.createdAt.toISOString(),
  };
}

/** An order of this school, by its uuid (another school's answers 404). */
export async function findOrder(db: Db, store: StoreRow, uuid: string): Promise<SaleRow> {
  const [sale] = await db.select().from(sales).where(and(eq(sales.id, uuid), eq(sales.storeId, store.id)));
  if (!sale || (!sale.trainingId && !sale.bundleId)) throw notFound();
  return sale;
}

/** GET …/orders/{uuid}: the order, its expired hold given up first (so a tab left open reads ABANDONED). */
export async function getCheckoutOrder(services: Services, store: StoreRow, uuid: string) {
  const sale = await findOrder(services.db, store, uuid);
  if (sale.status === 'DRAFT' && sale.holdsUntil && sale.holdsUntil.getTime() <= services.clock().getTime()) {
    await sweepExpiredHolds(services, { saleId: sale.id });
    return presentOrder(services.db, await findOrder(services.db, store, uuid));
  }
  return presentOrder(services.db, sale);
}
