import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createLessonEditorActors } from '../../../../machines/lessonEditor/lessonEditor.actors';
import { lessonEditorMachine } from '../../../../machines/lessonEditor/lessonEditor.machine';
import { selectLessonEditorView } from '../../../../machines/lessonEditor/lessonEditor.selectors';
import { changesBetween, type LessonItemWithUnlock } from '../../../../machines/lessonEditor/lessonDocument';
import { trainingItemQuery, trainingItemsApi, type TrainingItem } from '../../../api/trainingItemsApi';
import { refreshTraining } from '../../../api/trainingsApi';
import { useInspectedMachine } from '../../../app/inspector';
import { flushPendingEdits } from '../../../editor/deferredReport';
import { useLeaveWarning } from './editorChrome';
import { flushLessonBackups, readLessonBackup, storeLessonBackup } from './lessonBackupStore';
import { takePrefetchedLessonItem } from './lessonPrefetch';

/** The page is going: the text typed last reaches the machine, then the backup is written at once. */
const flushOnLeave = () => {
  flushPendingEdits();
  flushLessonBackups();
};

const toLessonItem = (item: TrainingItem): LessonItemWithUnlock => ({
  id: item.id,
  type: item.type,
  name: item.name,
  description: item.description,
  draft: item.draft,
  min_complete_duration: item.min_complete_duration,
  content: item.content,
  specific_content: item.specific_content,
  scorm_url: item.scorm_url,
  unlock_mode: item.unlock_mode,
  unlock_at: item.unlock_at,
  unlock_delay_days: item.unlock_delay_days,
  unlock_blockers: item.unlock_blockers,
  version: item.version,
});

/**
 * The lesson-editor machine of one item with its real effects: the item calls of the API (the version goes
 * with every save), the browser backup in localStorage, and the outline refreshed after each save.
 */
export function useLessonEditor(trainingUuid: string, itemId: number, copyName: (name: string) => string) {
  const queryClient = useQueryClient();
  const [machine] = useState(() => {
    // The request the route started with the navigation serves the first load of this page only.
    let prefetched = takePrefetchedLessonItem(trainingUuid, itemId);
    const firstLoad = () => {
      const pending = prefetched;
      prefetched = null;
      return pending;
    };
    return lessonEditorMachine.provide({
      actors: createLessonEditorActors(
        {
          load: async (id, signal) => {
            const item = (await firstLoad()) ?? (await trainingItemsApi.get(trainingUuid, id, signal));
            // The settings column's resources read the same item: they find it here instead of asking for the
            // whole lesson (200 blocks) a second time while the page draws.
            queryClient.setQueryData(trainingItemQuery(trainingUuid, id).queryKey, item);
            return toLessonItem(item);
          },
          save: async (id, version, changes, signal) => toLessonItem(await trainingItemsApi.update(trainingUuid, id, { ...changes, version }, signal)),
          saveCopy: async (id, fields, signal) => {
            const original = await trainingItemsApi.get(trainingUuid, id, signal);
            const name = copyName(fields.name).slice(0, 128);
            // A SCORM item cannot be made without its package: it is duplicated (the copy shares the package).
            const copy =
              original.type === 'SCORM'
                ? await trainingItemsApi.duplicate(trainingUuid, id, null, signal)
                : await trainingItemsApi.create(trainingUuid, { type: original.type as 'GENERIC', name, parent_id: original.parent_id, draft: true }, signal);
            // Everything the trainer wrote, as a new draft under its own name.
            await trainingItemsApi.update(trainingUuid, copy.id, { ...changesBetween(null, fields), name, draft: true, version: copy.version }, signal);
            void refreshTraining(queryClient, trainingUuid);
          },
        },
        { read: readLessonBackup },
      ),
      actions: {
        storeBackup: (_, { itemId: id, backup }) => storeLessonBackup(id, backup),
        saved: () => void refreshTraining(queryClient, trainingUuid),
      },
    });
  });
  const [snapshot, sendToMachine] = useInspectedMachine(machine, { input: { itemId } });
  const view = selectLessonEditorView(snapshot);
  // Every event the page sends (apply a block, save, move, publish…) acts on the latest text: a rich-text block's
  // change still waiting for a pause in typing (src/editor/deferredReport.ts) reaches the machine first.
  const send = useCallback(
    (event: Parameters<typeof sendToMachine>[0]) => {
      flushPendingEdits();
      sendToMachine(event);
    },
    [sendToMachine],
  );

  // Closing the tab or the window with unsaved work: the browser asks, and the backup is written at once.
  useLeaveWarning(view.hasUnsavedWork, flushOnLeave);

  return { view, send };
}
