import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivity.machine';

type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;

/** The offline banner shows while this is true. */
export const selectIsOffline = (snapshot: ConnectivitySnapshot) => snapshot.matches({ link: 'offline' });
export const selectIsNetworkLostOpen = (snapshot: ConnectivitySnapshot) => snapshot.matches({ dialog: 'networkLost' });
export const selectIsPopupBlockedOpen = (snapshot: ConnectivitySnapshot) => snapshot.matches({ popup: 'popupBlocked' });

/** The view-model of the shell's connectivity alerts. */
export const selectConnectivityView = (snapshot: ConnectivitySnapshot) => ({
  isOffline: selectIsOffline(snapshot),
  isNetworkLostOpen: selectIsNetworkLostOpen(snapshot),
  isPopupBlockedOpen: selectIsPopupBlockedOpen(snapshot),
});
