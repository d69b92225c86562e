import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { createUserSwitchActors } from '../../machines/userSwitch/userSwitch.actors';
import { userSwitchMachine, type SwitchTarget } from '../../machines/userSwitch/userSwitch.machine';
import { selectUserSwitchView } from '../../machines/userSwitch/userSwitch.selectors';
import { endSession, switchToUser } from '../api/adminApi';
import { queryClient } from '../api/queryClient';
import { adminTokenStorage, tokenStorage } from '../api/tokenStorage';
import { AuthActor } from './auth';
import { useInspectedMachine } from './inspector';

/** Is a platform admin's own session kept aside (this back office is a switched session)? */
export const isSwitchedSession = () => adminTokenStorage.get() !== null;

/**
 * The composition root of machines/userSwitch: the API, both tokens, the query cache, the auth actor and
 * navigation. `resumed`: the banner's instance, started while an admin's session is kept aside.
 */
export function useUserSwitch(resumed = false) {
  const navigate = useNavigate();
  const auth = AuthActor.useActorRef();
  const machine = useMemo(
    () =>
      userSwitchMachine.provide({
        actors: createUserSwitchActors({ switchToUser: (uuid, signal) => switchToUser(uuid, signal), endSwitchedSession: (signal) => endSession(signal) }),
        actions: {
          enterSession: (_, { token }) => {
            const own = tokenStorage.get();
            if (own) adminTokenStorage.set(own);
            tokenStorage.set(token);
            // Nothing read as the admin may show in the other user's pages.
            queryClient.clear();
            void navigate('/', { replace: true });
            auth.send({ type: 'TOKEN_CHANGED', present: true });
          },
          restoreAdmin: () => {
            const own = adminTokenStorage.get();
            adminTokenStorage.clear();
            if (own) tokenStorage.set(own);
            else tokenStorage.clear();
            queryClient.clear();
            void navigate('/admin/operations', { replace: true });
            auth.send({ type: 'TOKEN_CHANGED', present: own !== null });
          },
        },
      }),
    [navigate, auth],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { switched: resumed } });
  return {
    ...selectUserSwitchView(snapshot),
    switchTo: (target: SwitchTarget) => send({ type: 'SWITCH', target }),
    goBack: () => send({ type: 'RETURN' }),
  };
}
