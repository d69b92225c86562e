import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { deleteTraining, duplicateTraining, refreshTrainingLists, type TrainingSummary } from '../../../api/trainingsApi';
import { reportedByShell } from '../../../app/failureReporter';
import { useRequest } from '../../../app/useRequest';
import { showToast } from '../../../components/ui/toastQueue';
import { listMessages as m, listValues } from './trainingsListMessages';
import { useDeleteConfirm } from '../../../components/catalogue/useDeleteConfirm';

/**
 * The actions of the list's row menus, held by the page (a menu unmounts when it closes): duplicate
 * (a toast, the list refreshed) and delete (confirmed). Each goes through the request machine.
 */
export function useTrainingActions() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const latestIntl = useRef(intl);
  useEffect(() => {
    latestIntl.current = intl;
  });

  const duplicate = useRequest(async (training: TrainingSummary, signal) => {
    try {
      const copy = await duplicateTraining(training.uuid, signal);
      await refreshTrainingLists(queryClient);
      showToast({ title: latestIntl.current.formatMessage(listValues.duplicated, { name: copy.name }), variant: 'success' });
    } catch (error) {
      // One report: the shell's catalogue has the failures it reports itself (no answer, 5xx…).
      if (!reportedByShell(error)) showToast({ title: latestIntl.current.formatMessage(m.duplicateFailed), description: (error as Failure).message, variant: 'error' });
      throw error;
    }
  });
  const deletion = useDeleteConfirm<TrainingSummary>({
    remove: (training, signal) => deleteTraining(training.uuid, signal),
    onDeleted: () => refreshTrainingLists(queryClient),
    messages: {
      title: m.deleteTitle,
      body: listValues.deleteBody,
      caution: listValues.deleteCaution,
      deleted: listValues.deleted,
      confirm: m.delete,
      cancel: m.cancel,
      deleting: m.deleting,
    },
    testId: 'delete-training-dialog',
  });

  return {
    isDuplicating: duplicate.isSubmitting,
    duplicate: (training: TrainingSummary) => duplicate.submit(training),
    askDelete: deletion.ask,
    dialog: deletion.dialog,
  };
}
