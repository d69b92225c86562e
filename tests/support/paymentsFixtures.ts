import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { customers, sales, stores, transactions } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import type { Services } from '../../server/services';
import { testServices } from '../unit/server/testServices';

/**
 * A sale waiting for its first payment, as checkout leaves it: DRAFT, the provider's checkout id kept, one
 * transaction per payment of the plan (the first DRAFT, the later ones INCOMING), for a new learner of the store.
 * The checkout operation is built elsewhere; the webhook tests need only its rows.
 */
export async function insertDraftSale(
  db: Database,
  input: { storeId: string; trainingId: string; provider: 'STRIPE' | 'PAYPAL'; providerRef: string | null; installmentsCents?: number[] },
) {
  const plan = input.installmentsCents ?? [14900];
  const [customer] = await db
    .insert(customers)
    .values({ storeId: input.storeId, email: `buyer-${randomUUID().slice(0, 8)}@example.test`, firstname: 'Inès', lastname: 'Petit' })
    .returning();
  const total = plan.reduce((sum, cents) => sum + cents, 0) / 100;
  const [sale] = await db
    .insert(sales)
    .values({
      storeId: input.storeId,
      customerId: customer!.id,
      trainingId: input.trainingId,
      amount: total,
      paymentMethod: input.provider === 'PAYPAL' ? 'PAYPAL' : 'CARD',
      paymentScheduleType: plan.length > 1 ? 'INSTALLMENTS' : 'ONE_TIME',
      status: 'DRAFT',
      installmentsCount: plan.length > 1 ? plan.length : null,
      provider: input.provider,
      providerRef: input.providerRef,
    })
    .returning();
  await db.insert(transactions).values(
    plan.map((cents, index) => ({
      saleId: sale!.id,
      storeId: input.storeId,
      customerId: customer!.id,
      installmentNumber: plan.length > 1 ? index + 1 : null,
      amount: cents / 100,
      status: index === 0 ? ('DRAFT' as const) : ('INCOMING' as const),
      paymentMethod: input.provider === 'PAYPAL' ? ('PAYPAL' as const) : ('CARD' as const),
      provider: input.provider,
    })),
  );
  return { sale: sale!, customer: customer! };
}

export async function saleState(db: Database, saleId: string) {
  const [sale] = await db.select().from(sales).where(eq(sales.id, saleId));
  const payments = await db.select().from(transactions).where(eq(transactions.saleId, saleId)).orderBy(transactions.id);
  return { status: sale!.status, payments: payments.map((p) => ({ number: p.installmentNumber, status: p.status, ref: p.providerRef })) };
}

export async function demoStore(db: Database) {
  const [store] = await db.select().from(stores).where(eq(stores.subdomain, 'demo'));
  return store!;
}

/** An answer of the in-process app in the shape tests/api/client.ts's expectContract reads. */
export async function inject(app: FastifyInstance, method: string, url: string, options: { token?: string; body?: unknown; payload?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.payload;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = JSON.stringify(options.body);
  }
  const answer = await app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers, payload });
  let body: unknown;
  try {
    body = answer.body ? JSON.parse(answer.body) : undefined;
  } catch {
    body = answer.body;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked against the contract instead
  return { status: answer.statusCode, body: body as any, text: answer.body, headers: new Headers(answer.headers as Record<string, string>) };
}

/**
 * The app in-process over its own seeded database, with the given provider settings: the tests write the DRAFT
 * sales checkout would write, and read what webhooks did. `login` answers a demo user's token.
 */
export async function paymentsApp(providers: Partial<Pick<Config, 'stripe' | 'paypal' | 'emailProviders' | 'ai'>>) {
  const env = await testServices();
  await seedDemo(env.services.db);
  const services: Services = { ...env.services, config: { ...env.services.config, ...providers } };
  const app = await buildApp(services, { logger: false });
  const login = async (email: string) => (await inject(app, 'POST', '/login', { body: { email, password: 'demo-password' } })).body.token as string;
  return {
    env,
    services,
    app,
    login,
    owner: await login('owner@demo.test'),
    storeId: (await demoStore(services.db)).id,
    close: async () => {
      await app.close();
      await env.close();
    },
  };
}
