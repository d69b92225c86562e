import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Database } from './client.js';
import { stores, users } from './schema.js';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.test', firstname: 'Olivia', role: 'OWNER', isAdmin: false },
  { email: 'admin@demo.test', firstname: 'Adam', role: 'ADMIN', isAdmin: false },
  { email: 'teacher@demo.test', firstname: 'Thomas', role: 'TEACHER', isAdmin: false },
  { email: 'analyst@demo.test', firstname: 'Anna', role: 'ANALYST', isAdmin: false },
  { email: 'platform@demo.test', firstname: 'Paul', role: 'ADMIN', isAdmin: true },
] as const;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(stores);
  return (row?.n ?? 0) === 0;
}

/** The demo store (subdomain demo, plan PRO) with one user per role. Never run it in production. */
export async function seedDemo(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [store] = await tx.insert(stores).values({ subdomain: 'demo', plan: 'PRO', communityEnabled: true }).returning();
    const now = new Date();
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) => ({ ...a, storeId: store!.id, passwordHash, emailVerifiedAt: now, lastname: 'Démo' })),
    );
  });
}
