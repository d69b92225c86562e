import { useEffect, useMemo, type ReactNode } from 'react';
import { connectivityMachine } from '../../machines/connectivity/connectivity.machine';
import { createInspectedActorContext } from './inspector';

/** The app-wide connectivity actor: offline banner, network-lost and pop-up-blocked dialogs. */
export const ConnectivityActor = createInspectedActorContext(connectivityMachine);

export function ConnectivityProvider({ children }: { children: ReactNode }) {
  const logic = useMemo(() => connectivityMachine.provide({ actions: { reload: () => window.location.reload() } }), []);
  return (
    <ConnectivityActor.Provider logic={logic} options={{ input: { online: navigator.onLine } }}>
      <OnlineBridge />
      {children}
    </ConnectivityActor.Provider>
  );
}

/** The browser's online/offline events become machine events. */
function OnlineBridge() {
  const actor = ConnectivityActor.useActorRef();
  useEffect(() => {
    const offline = () => actor.send({ type: 'WENT_OFFLINE' });
    const online = () => actor.send({ type: 'WENT_ONLINE' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [actor]);
  return null;
}
