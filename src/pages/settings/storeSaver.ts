import { useQueryClient } from '@tanstack/react-query';
import { onboardingQuery, updateStore, type StoreUpdate } from '../../api/storesApi';
import type { components } from '../../api/schema.gen';
import { AuthActor } from '../../app/auth';

type Store = components['schemas']['Store'];

/**
 * After a settings page changed the store (updateStore, updateStoreSeo, updateCompany): the app's user (the auth
 * machine) gets the new store when there is one, and the home checklist is read again.
 */
export function useStoreChanged() {
  const auth = AuthActor.useActorRef();
  const queryClient = useQueryClient();
  return async (store: Store | null) => {
    const user = auth.getSnapshot().context.user;
    if (user && store) auth.send({ type: 'USER_UPDATED', user: { ...user, store } });
    if (user) await queryClient.invalidateQueries({ queryKey: onboardingQuery(user.store.uuid).queryKey });
  };
}

/** Saves fields of the store (updateStore) and tells the app and the home checklist. */
export function useStoreSaver(store: Store) {
  const changed = useStoreChanged();
  return async (body: StoreUpdate, signal?: AbortSignal) => {
    const updated = await updateStore(store.uuid, body, signal);
    await changed(updated);
    return updated;
  };
}
