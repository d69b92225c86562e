import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { withChunkTimeout } from './chunkLoad';
import type { PageDialogActorRef } from './PageDialogView';

interface PageDialogContextValue {
  actor: PageDialogActorRef | null;
  open: (slug: string) => void;
}

const PageDialogContext = createContext<PageDialogContextValue>({ actor: null, open: () => undefined });

// The dialog's module holds its machine, the modal and the HTML sanitiser: none of it is needed until a legal
// link is pressed, so the sign-in pages that show those links do not download it up front.
const loadDialog = () => withChunkTimeout(() => import('./PageDialogView'));
const PageDialogView = lazy(() => loadDialog().then((module) => ({ default: module.PageDialogView })));

/**
 * One actor for the whole app, created on the first opening: a page fetched once opens from its cache
 * afterwards.
 */
export function PageDialogProvider({ children }: { children: ReactNode }) {
  const [actor, setActor] = useState<PageDialogActorRef | null>(null);
  const starting = useRef<Promise<PageDialogActorRef> | null>(null);
  const open = useCallback((slug: string) => {
    starting.current ??= loadDialog().then((module) => module.startPageDialogActor());
    void starting.current.then((started) => {
      setActor(started);
      started.send({ type: 'OPEN', slug });
    });
  }, []);
  const value = useMemo(() => ({ actor, open }), [actor, open]);
  return <PageDialogContext.Provider value={value}>{children}</PageDialogContext.Provider>;
}

/** Mounted once, under the router (the dialog's links navigate); renders nothing before the first opening. */
export function PageDialogHost() {
  const { actor } = useContext(PageDialogContext);
  if (actor === null) return null;
  return (
    <Suspense fallback={null}>
      <PageDialogView actor={actor} />
    </Suspense>
  );
}

export function usePageDialog() {
  return useContext(PageDialogContext).open;
}
