import type { components } from '../../src/api/schema.gen.js';
import type { stores, users, userSwitches } from '../db/schema.js';
import { displayNameOf } from './user.js';

type Schemas = components['schemas'];
type StoreRow = typeof stores.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A store of the platform admin's operations page, with its owner (null when it has none left). */
export function presentAdminStore(store: StoreRow, owner: UserRow | null): Schemas['AdminStore'] {
  return {
    uuid: store.id,
    subdomain: store.subdomain,
    plan: store.plan,
    created_at: store.createdAt.toISOString(),
    enterprise_capabilities: store.enterpriseCapabilities,
    owner: owner ? { uuid: owner.id, email: owner.email, name: displayNameOf(owner) } : null,
  };
}

/** A row of the switch-to-a-user audit log. */
export function presentUserSwitch(row: typeof userSwitches.$inferSelect): Schemas['UserSwitch'] {
  return {
    uuid: row.id,
    created_at: row.createdAt.toISOString(),
    admin: { uuid: row.adminUserId, email: row.adminEmail },
    user: { uuid: row.targetUserId, email: row.targetEmail },
    store_uuid: row.targetStoreId,
    subdomain: row.targetSubdomain,
  };
}
