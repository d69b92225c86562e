import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { NotFoundPage } from '../../NotFoundPage';

/** Ctrl/Cmd+S sends SAVE to the editor's machine (the browser would offer to save the page). */
export function useSaveShortcut(send: (event: { type: 'SAVE' }) => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        send({ type: 'SAVE' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [send]);
}

/**
 * Closing the tab or the window with unsaved work: the browser asks. `onLeave` runs at once when the page goes
 * (a backup to write); it must be stable.
 */
export function useLeaveWarning(unsaved: boolean, onLeave?: () => void) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      onLeave?.();
      event.preventDefault();
    };
    const onHide = () => onLeave?.();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onHide);
    };
  }, [unsaved, onLeave]);
}

export interface EditorLoadStateProps {
  phase: string;
  failure: Failure | null;
  onRetry: () => void;
  messages: { loading: MessageDescriptor; failed: MessageDescriptor; retry: MessageDescriptor };
}

/**
 * An item editor before its item is there: a spinner while it loads; once loading failed, the not-found page for a
 * 404 or 403 (spec section 2, with the server's message), else the failure with a retry. Null once loaded.
 */
export function EditorLoadState({ phase, failure, onRetry, messages }: EditorLoadStateProps) {
  const intl = useIntl();
  if (phase === 'loading') {
    return (
      <div className="page lesson-editor lesson-editor--loading">
        <Spinner aria-label={intl.formatMessage(messages.loading)} size="lg" />
      </div>
    );
  }
  if (phase !== 'failed') return null;
  if (failure?.status === 404 || failure?.status === 403) return <NotFoundPage message={failure.message} />;
  return (
    <div className="page lesson-editor">
      <Banner variant="danger" title={intl.formatMessage(messages.failed)} action={<Button onPress={onRetry}>{intl.formatMessage(messages.retry)}</Button>}>
        {failure?.message}
      </Banner>
    </div>
  );
}
