import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthActor } from '../../app/auth';
import { useInspectedMachine } from '../../app/inspector';
import { reportedByShell, reportFailure } from '../../app/failureReporter';
import { updateStore } from '../../api/storesApi';
import { communityActivationMachine } from '../../../machines/communityActivation/communityActivation.machine';
import { createCommunityActivationActors } from '../../../machines/communityActivation/communityActivation.actors';
import { selectCommunityActivationView } from '../../../machines/communityActivation/communityActivation.selectors';

/** Community onboarding, where a freshly enabled community starts. */
export const COMMUNITY_ONBOARDING = '/communaute/demarrage';

/**
 * The composition root of machines/communityActivation in the back office: the switch is PUT /stores/{uuid} with
 * `community_options.enabled`; the session's store is replaced by the answer (the guards read it), then community
 * onboarding opens (on) or home (off).
 */
export function useCommunityActivation() {
  const auth = AuthActor.useActorRef();
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const navigate = useNavigate();
  const planAllows = user !== null && (user.store.plan === 'PRO' || user.store.plan === 'EXPERT' || user.is_admin);
  const canManage = user !== null && (user.role === 'OWNER' || user.role === 'ADMIN' || user.is_admin);
  const machine = useMemo(
    () =>
      communityActivationMachine.provide({
        actors: createCommunityActivationActors(async (enabled, signal) => {
          const current = auth.getSnapshot().context.user;
          if (!current) throw new Error('no session');
          try {
            const store = await updateStore(current.store.uuid, { community_options: { enabled } }, signal);
            auth.send({ type: 'USER_UPDATED', user: { ...current, store } });
          } catch (error) {
            if (reportedByShell(error)) reportFailure(error);
            throw error;
          }
        }),
        actions: {
          enabled: () => void navigate(COMMUNITY_ONBOARDING),
          disabled: () => void navigate('/'),
        },
      }),
    [auth, navigate],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { planAllows, canManage } });
  return { ...selectCommunityActivationView(snapshot), send };
}
