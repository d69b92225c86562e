import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastQueue } from '../components/ui/toastQueue';
import { withChunkTimeout } from './chunkLoad';

const ToastRegion = lazy(() => withChunkTimeout(() => import('../components/ui/Toast')).then((m) => ({ default: m.ToastRegion })));
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/** Mounts the toast region while a toast is showing; its code is fetched with the first toast. */
export function LazyToastRegion({ closeLabel }: { closeLabel: string }) {
  const showing = useSyncExternalStore(toastQueue.subscribe.bind(toastQueue), hasToasts, () => false);
  if (!showing) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion closeLabel={closeLabel} />
    </Suspense>
  );
}
