import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { createScormPlayerActors } from '../../../../machines/scormPlayer/scormPlayer.actors';
import { scormPlayerMachine } from '../../../../machines/scormPlayer/scormPlayer.machine';
import { selectScormPlayerView } from '../../../../machines/scormPlayer/scormPlayer.selectors';
import { scormPlayerApi } from '../../../api/learningApi';
import { useInspectedMachine } from '../../../app/inspector';
import { useSchool } from '../../../app/school';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useLeaveWarning } from '../../trainings/lesson/editorChrome';
import { scormMessages as m } from './scormMessages';

interface Props {
  trainingUuid: string;
  itemId: number;
  name: string;
  /** The package's launch page (the item's scorm_url). */
  launch: string;
  /** A save completed the item: the player refreshes its outline. */
  onCompleted: () => void;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A SCORM item in the player: the runtime page of the files origin (it holds the SCORM API and frames the
 * package, see server/routes/scormRuntime.ts) in a frame; its messages, checked by origin and by frame, become the
 * scormPlayer machine's events, and the machine's `startRuntime` posts the saved data back to it. Without a
 * runtime page (no files origin) the package is framed alone, in its sandbox, and nothing is saved.
 */
export function ScormPlayerView({ trainingUuid, itemId, name, launch, onCompleted }: Props) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const frame = useRef<HTMLIFrameElement>(null);
  const runtimeOrigin = useRef<string | null>(null);
  const machine = useMemo(
    () =>
      scormPlayerMachine.provide({
        actors: createScormPlayerActors(scormPlayerApi(subdomain, trainingUuid, itemId)),
        actions: {
          startRuntime: (_, params) => {
            if (runtimeOrigin.current) frame.current?.contentWindow?.postMessage({ type: 'scorm:start', ...params }, runtimeOrigin.current);
          },
          saved: (_, { completedNow }) => {
            if (completedNow) onCompleted();
          },
        },
      }),
    [subdomain, trainingUuid, itemId, onCompleted],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { launch } });
  const view = selectScormPlayerView(snapshot);
  useLeaveWarning(view.hasUnsavedData);
  runtimeOrigin.current = view.runtimeUrl ? originOf(view.runtimeUrl) : null;

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (!runtimeOrigin.current || event.origin !== runtimeOrigin.current || event.source !== frame.current?.contentWindow) return;
      const data: unknown = event.data;
      if (!isObject(data)) return;
      if (data.type === 'scorm:ready') send({ type: 'RUNTIME_READY' });
      else if (data.type === 'scorm:error') send({ type: 'RUNTIME_FAILED' });
      else if (data.type === 'scorm:commit' && isObject(data.cmi)) send({ type: 'COMMIT', cmi: data.cmi, finished: data.finished === true });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [send]);

  if (view.isLoading) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  const title = intl.formatMessage(m.frameTitle, { name });
  return (
    <section className="scorm-player" data-testid="scorm-player">
      {view.untracked && (
        <>
          <Banner variant="info">{intl.formatMessage(m.untracked)}</Banner>
          <iframe className="scorm-player__frame" src={launch} title={title} sandbox="allow-scripts allow-modals allow-downloads" />
        </>
      )}
      {view.showsFrame && view.runtimeUrl && (
        <iframe
          ref={frame}
          className="scorm-player__frame"
          src={view.runtimeUrl}
          title={title}
          // The runtime page keeps its own origin (the files origin, never the app's) so the package reaches its API.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads"
          allow="fullscreen"
          data-testid="scorm-frame"
        />
      )}
      {view.runtimeFailed && <Banner variant="danger">{intl.formatMessage(m.runtimeFailed)}</Banner>}
      {view.failure && (
        <Banner
          variant="danger"
          data-testid="scorm-save-failed"
          action={
            view.canRetry ? (
              <Button onPress={() => send({ type: 'RETRY' })} data-testid="scorm-retry">
                {intl.formatMessage(m.retry)}
              </Button>
            ) : undefined
          }
        >
          {intl.formatMessage(m.saveFailed, { message: view.failure.message })}
        </Banner>
      )}
      {!view.untracked && (
        <p className="lesson__hint" role="status" data-testid="scorm-status">
          {view.isSaving ? intl.formatMessage(m.saving) : view.finished ? intl.formatMessage(m.finished) : view.hasSavedData ? intl.formatMessage(m.saved) : null}
          {view.score !== null && !view.isSaving && <> {intl.formatMessage(m.score, { score: view.score })}</>}
        </p>
      )}
    </section>
  );
}
