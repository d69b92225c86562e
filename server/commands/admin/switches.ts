import { count, desc } from 'drizzle-orm';
import { openSession, type AuthContext } from '../../auth/session.js';
import { userSwitches, type users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentUserSwitch } from '../../presenters/admin.js';
import { presentUser } from '../../presenters/user.js';
import type { Services } from '../../services.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { assertBrowserSession } from '../apiKeys.js';
import { findUserById } from '../users.js';

/**
 * PUT /users/switch/{uuid} (platform admins, x-roles PLATFORM_ADMIN): a session as that user, in any store, for
 * support; the admin's own session stays (the app keeps it for the way back). The session and its audit row
 * (user_switches) are written in one transaction: no session without its row. A platform admin is not switched
 * into (404), so a switch never widens anyone's rights. Only from the admin's browser session: a personal API key
 * (an integration's credential) must not mint sessions as anyone on the platform (403).
 */
export async function switchToUser(services: Services, auth: Pick<AuthContext, 'apiKeyId'> & { user: typeof users.$inferSelect }, userUuid: string) {
  assertBrowserSession(auth, messages.switchNeedsSession);
  const admin = auth.user;
  const row = await findUserById(services, userUuid);
  if (!row || row.user.isAdmin) throw notFound();
  const session = await services.db.transaction(async (tx) => {
    await tx.insert(userSwitches).values({
      adminUserId: admin.id,
      adminEmail: admin.email,
      targetUserId: row.user.id,
      targetEmail: row.user.email,
      targetStoreId: row.store.id,
      targetSubdomain: row.store.subdomain,
      createdAt: services.clock(),
    });
    return openSession({ ...services, db: tx }, row.user.id, false);
  });
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user: presentUser(row.user, row.store, row.userAccountCount) };
}

/** GET /admin/switches: the audit log, newest first (user_switches_created_idx). */
export async function listUserSwitches(services: Services, page: PageRequest) {
  const [total] = await services.db.select({ n: count() }).from(userSwitches);
  const offset = offsetOf(page);
  const rows =
    offset < (total?.n ?? 0)
      ? await services.db.select().from(userSwitches).orderBy(desc(userSwitches.createdAt), desc(userSwitches.id)).limit(page.perPage).offset(offset)
      : [];
  return pageEnvelope(page, total?.n ?? 0, rows.map(presentUserSwitch));
}
