import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useInspectedActorRef } from '../../../app/inspector';
import type { ActorRefFrom } from 'xstate';
import { createPreviewTokenActors } from '../../../../machines/previewToken/previewToken.actors';
import { previewTokenMachine } from '../../../../machines/previewToken/previewToken.machine';
import { selectPreviewTokenView } from '../../../../machines/previewToken/previewToken.selectors';
import { trainingItemsApi } from '../../../api/trainingItemsApi';

type PreviewTokenActor = ActorRefFrom<typeof previewTokenMachine>;

const PreviewTokenContext = createContext<PreviewTokenActor | null>(null);

/**
 * Holds the store's lesson-preview token while mounted (the content tab, later the lesson editor): the machine
 * fetches it at once and every 600000 ms. The context carries the actor itself, a stable reference, so a new
 * token does not redraw every row of a 500-item tree: a preview reads the token when it is asked for.
 */
export function PreviewTokenProvider({ storeUuid, children }: { storeUuid: string; children: ReactNode }) {
  const logic = useMemo(
    () => previewTokenMachine.provide({ actors: createPreviewTokenActors({ createToken: (signal) => trainingItemsApi.previewToken(storeUuid, signal) }) }),
    [storeUuid],
  );
  const actor = useInspectedActorRef(logic);
  return <PreviewTokenContext.Provider value={actor}>{children}</PreviewTokenContext.Provider>;
}

/**
 * The current preview token, read now (null when there is none: none yet, or the last fetch failed, in which
 * case it asks for one again); `available` is false outside a PreviewTokenProvider (read-only viewers).
 */
export function usePreviewToken() {
  const actor = useContext(PreviewTokenContext);
  return useMemo(
    () => ({
      available: actor !== null,
      take(): string | null {
        if (!actor) return null;
        const view = selectPreviewTokenView(actor.getSnapshot());
        if (view.failure) actor.send({ type: 'RETRY' });
        return view.token;
      },
    }),
    [actor],
  );
}
