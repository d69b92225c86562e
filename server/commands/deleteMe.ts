import { eq } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import { verifyPassword } from '../auth/passwords.js';
import type { AuthContext } from '../auth/session.js';
import { forget, takeAttempt } from '../auth/throttle.js';
import { accountDeletions, stores, users } from '../db/schema.js';
import { invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';

type DeleteMeBody = components['schemas']['DeleteMeBody'];

/**
 * DELETE /users/me. The password is checked (throttled with password changes). A team member's account goes
 * alone (what they wrote stays, "Membre supprimé"). The OWNER's account takes its store with it: every row of the
 * store goes by cascade (trainings, customers, sales, invitations, the rest of the team) and its files are
 * deleted; no other store is touched. The reason is kept without the person (accountDeletions).
 */
export async function deleteMe(services: Services, auth: AuthContext, input: DeleteMeBody) {
  const key = `password:${auth.user.id}`;
  await takeAttempt(services, [{ key, limit: services.config.throttle.passwordChangePerUser }]);
  if (!(await verifyPassword(auth.user.passwordHash, input.password))) throw invalid({ password: [messages.wrongPassword] });
  await forget(services, key);
  const owner = auth.user.role === 'OWNER';
  await services.db.transaction(async (tx) => {
    await tx.insert(accountDeletions).values({
      role: auth.user.role,
      plan: auth.store.plan,
      reason: input.cancel_reason,
      additionalText: input.cancel_additional_text?.trim() || null,
    });
    if (owner) await tx.delete(stores).where(eq(stores.id, auth.store.id));
    else await tx.delete(users).where(eq(users.id, auth.user.id));
  });
  // Files after the rows: a failure here leaves unreachable files, never rows pointing at missing files.
  if (owner) {
    await services.storage.deletePrefix(`uploads/${auth.store.id}`);
    await services.storage.deletePrefix(`scorm/${auth.store.id}`);
  }
}
