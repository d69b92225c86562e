import type { SnapshotFrom } from 'xstate';
import type { requestMachine } from './request.machine';

export const selectRequestView = (snapshot: SnapshotFrom<typeof requestMachine>) => ({
  isSubmitting: snapshot.matches('submitting'),
  hasSucceeded: snapshot.matches('succeeded'),
  error: snapshot.context.error,
  message: snapshot.context.message,
});
