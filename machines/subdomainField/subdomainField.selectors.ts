import type { SnapshotFrom } from 'xstate';
import type { subdomainFieldMachine } from './subdomainField.machine';

type Snapshot = SnapshotFrom<typeof subdomainFieldMachine>;

export type SubdomainStatus = 'unchanged' | 'invalid' | 'pending' | 'available' | 'taken' | 'checkFailed' | 'saving' | 'saved' | 'saveFailed';

/** What the general settings' subdomain field shows. */
export function selectSubdomainView(snapshot: Snapshot) {
  const status: SubdomainStatus = snapshot.matches('debouncing') || snapshot.matches('checking') ? 'pending' : (snapshot.value as SubdomainStatus);
  return {
    text: snapshot.context.text,
    saved: snapshot.context.saved,
    status,
    failure: snapshot.context.failure,
    canSave: snapshot.can({ type: 'SAVE' }),
    canRetry: snapshot.can({ type: 'RETRY' }),
    busy: status === 'saving',
  };
}
