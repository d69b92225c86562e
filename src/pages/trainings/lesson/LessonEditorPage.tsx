import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../NotFoundPage';
import { ItemEditorFrame } from './ItemEditorFrame';
import { LessonBlockList } from './LessonBlockList';
import { lessonEditorMessages as m } from './lessonEditorMessages';
import { useLessonEditor } from './useLessonEditor';

/** The item id of an editor route (`/formations/:uuid/<kind>/:id`), or null when it is not one. */
export function useItemRoute(): { trainingUuid: string; itemId: number } | null {
  const { uuid = '', id = '' } = useParams();
  const itemId = Number(id);
  return Number.isInteger(itemId) && itemId > 0 ? { trainingUuid: uuid, itemId } : null;
}

/**
 * /formations/:uuid/editor/:id (GENERIC and VIDEO items): the lesson editor. The page draws the lesson-editor
 * machine (machines/lessonEditor) and sends it what the trainer does; leaving with unsaved work asks first
 * (the router's blocker, and the browser's own prompt when the tab closes).
 */
export function LessonEditorPage() {
  const route = useItemRoute();
  return route ? <LessonEditor key={`${route.trainingUuid}/${route.itemId}`} {...route} /> : <NotFoundPage />;
}

function LessonEditor({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { view, send } = useLessonEditor(trainingUuid, itemId, (name) => `${name} ${intl.formatMessage(m.copySuffix)}`);
  return (
    <ItemEditorFrame trainingUuid={trainingUuid} itemId={itemId} view={view} send={send} nameLabel={m.name}>
      <LessonBlockList blocks={view.fields.blocks} pending={view.pending} send={send} trainingUuid={trainingUuid} isDisabled={view.phase === 'restoreOffered'} />
    </ItemEditorFrame>
  );
}
