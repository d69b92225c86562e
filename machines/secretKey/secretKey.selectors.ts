import type { SnapshotFrom } from 'xstate';
import type { secretKeyMachine } from './secretKey.machine';

/** What a key card shows. */
export const selectSecretKeyView = (snapshot: SnapshotFrom<typeof secretKeyMachine>) => ({
  secret: snapshot.context.secret,
  failure: snapshot.context.failure,
  generating: snapshot.matches('generating'),
  confirming: snapshot.matches('confirming') || snapshot.matches('revoking'),
  revoking: snapshot.matches('revoking'),
});
