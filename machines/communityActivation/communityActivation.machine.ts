import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import { notProvided, notProvidedPromise } from '../support/notProvided';

export interface CommunityActivationInput {
  /** The store's plan includes the community (PRO or above, or a platform admin). */
  planAllows: boolean;
  /** The viewer may switch it on or off (OWNER, ADMIN or a platform admin). */
  canManage: boolean;
}

export interface CommunityActivationContext extends CommunityActivationInput {
  /** Why the last switch failed; null once another is asked. */
  failure: Failure | null;
}

export type CommunityActivationEvent =
  /** The side menu's Community entry while the community cannot open: the activation modal. */
  | { type: 'OPEN' }
  /** "Lancer ma communauté" in the modal. */
  | { type: 'ENABLE' }
  /** The community settings' switch turned off: the confirmation that nobody will have access. */
  | { type: 'ASK_DISABLE' }
  /** The confirmation's "Désactiver". */
  | { type: 'CONFIRM' }
  /** Close, Cancel, Escape. */
  | { type: 'CLOSE' };

/**
 * Switching the community on (the activation modal) and off (community settings, confirmed first).
 *
 *   closed ─OPEN─> offering ─ENABLE (plan PRO+ and a manager)─> enabling ──done──> closed (`enabled`:
 *     │               └─CLOSE─> closed                              │        the session's store updated,
 *     │                                                             │        then /communaute/demarrage)
 *     │                                                             └─error─> offering (failure shown)
 *     └─ASK_DISABLE (a manager)─> confirmingDisable ─CONFIRM─> disabling ──done──> closed (`disabled`: home)
 *                                       └─CLOSE─> closed                  └─error─> confirmingDisable (failure)
 *
 * In `offering` the view shows the launch button, the upgrade prompt (plan below PRO: the plans page) or
 * "ask the owner" (not a manager); ENABLE is refused by its guard in the last two. The calls (updateStore
 * with `community_options.enabled`) are injected as `setEnabled`; `enabling` and `disabling` take no event.
 */
export const communityActivationMachine = setup({
  types: {} as { context: CommunityActivationContext; events: CommunityActivationEvent; input: CommunityActivationInput },
  actors: {
    /** PUT /stores/{uuid} with community_options.enabled. */
    setEnabled: notProvidedPromise<void, { enabled: boolean }>('communityActivation', 'setEnabled'),
  },
  actions: {
    /** The community is on: the session's store is updated, then community onboarding opens. */
    enabled: notProvided('communityActivation', 'enabled'),
    /** The community is off: the session's store is updated, then home. */
    disabled: notProvided('communityActivation', 'disabled'),
  },
  guards: {
    mayEnable: ({ context }) => context.planAllows && context.canManage,
    mayManage: ({ context }) => context.canManage,
  },
}).createMachine({
  id: 'communityActivation',
  context: ({ input }) => ({ ...input, failure: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'offering', actions: assign({ failure: null }) },
        ASK_DISABLE: { guard: 'mayManage', target: 'confirmingDisable', actions: assign({ failure: null }) },
      },
    },
    /** The activation modal. */
    offering: {
      on: {
        ENABLE: { guard: 'mayEnable', target: 'enabling' },
        CLOSE: 'closed',
      },
    },
    enabling: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'setEnabled',
        src: 'setEnabled',
        input: { enabled: true },
        onDone: { target: 'closed', actions: 'enabled' },
        onError: { target: 'offering', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** "Nobody will have access to the community any more": confirm or cancel. */
    confirmingDisable: {
      on: {
        CONFIRM: 'disabling',
        CLOSE: 'closed',
      },
    },
    disabling: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'setEnabled',
        src: 'setEnabled',
        input: { enabled: false },
        onDone: { target: 'closed', actions: 'disabled' },
        onError: { target: 'confirmingDisable', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
  },
});
