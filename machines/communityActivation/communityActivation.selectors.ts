import type { SnapshotFrom } from 'xstate';
import type { communityActivationMachine } from './communityActivation.machine';

type CommunityActivationSnapshot = SnapshotFrom<typeof communityActivationMachine>;

/** What the activation modal offers. */
export type ActivationOffer = 'launch' | 'upgrade' | 'askOwner';

/** The view-model of the activation modal and of the disable confirmation. */
export const selectCommunityActivationView = (snapshot: CommunityActivationSnapshot) => {
  const { canManage, planAllows, failure } = snapshot.context;
  const modalOpen = snapshot.matches('offering') || snapshot.matches('enabling');
  const confirmOpen = snapshot.matches('confirmingDisable') || snapshot.matches('disabling');
  return {
    modalOpen,
    offer: (!canManage ? 'askOwner' : planAllows ? 'launch' : 'upgrade') as ActivationOffer,
    isEnabling: snapshot.matches('enabling'),
    confirmOpen,
    isDisabling: snapshot.matches('disabling'),
    failure: modalOpen || confirmOpen ? failure : null,
  };
};
