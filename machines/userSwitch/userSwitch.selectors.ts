import type { SnapshotFrom } from 'xstate';
import type { userSwitchMachine } from './userSwitch.machine';

type Snapshot = SnapshotFrom<typeof userSwitchMachine>;

/** What the operations page and the banner render. */
export function selectUserSwitchView(snapshot: Snapshot) {
  return {
    isSwitching: snapshot.matches('switching'),
    isSwitched: snapshot.matches('switched'),
    isReturning: snapshot.matches('returning'),
    /** The row whose button is busy. */
    busyUuid: snapshot.matches('switching') ? (snapshot.context.target?.uuid ?? null) : null,
    failure: snapshot.matches('idle') ? snapshot.context.failure : null,
  };
}
