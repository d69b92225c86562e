import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { pageDialogMachine } from '../../machines/pageDialog/pageDialog.machine';
import { createPageDialogActors } from '../../machines/pageDialog/pageDialog.actors';

/** One actor for the whole app, so a page fetched once opens from the cache afterwards. */
export const PageDialogActor = createActorContext(pageDialogMachine);

export function PageDialogProvider({ children }: { children: ReactNode }) {
  const logic = useMemo(
    () =>
      pageDialogMachine.provide({
        actors: createPageDialogActors({
          listPages: async (slug, signal) => {
            // Loaded on first use: the dialog is rare, the API client is not needed for it up front.
            const [{ api }, { unwrap }] = await Promise.all([import('../api/client'), import('../api/failure')]);
            return unwrap(api.GET('/pages', { params: { query: { slug } }, signal }));
          },
        }),
      }),
    [],
  );
  return <PageDialogActor.Provider logic={logic}>{children}</PageDialogActor.Provider>;
}

const PageDialogView = lazy(() => import('./PageDialogView').then((m) => ({ default: m.PageDialogView })));

/**
 * Mounted once; the dialog's code (the modal, the HTML sanitiser) loads the first time a page opens,
 * so the sign-in pages that link to the legal pages do not download it up front.
 */
export function PageDialogHost() {
  const opened = PageDialogActor.useSelector((snapshot) => !snapshot.matches('closed'));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PageDialogView />
    </Suspense>
  );
}

export function usePageDialog() {
  const actor = PageDialogActor.useActorRef();
  return (slug: string) => actor.send({ type: 'OPEN', slug });
}
