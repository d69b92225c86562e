import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../../machines/auth/auth.types';
import { deleteTraining, duplicateTraining, refreshTrainingLists, type TrainingSummary } from '../../../api/trainingsApi';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/Form';
import { showToast } from '../../../components/ui/toastQueue';
import { listMessages as m, listValues } from './trainingsListMessages';

/**
 * The actions of the list's row menus, held by the page (a menu unmounts when it closes): duplicate
 * (a toast, the list refreshed) and delete (a confirmation; a refusal such as paying learners shows in
 * the dialog). Each goes through the request machine (useRequest).
 */
export function useTrainingActions() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TrainingSummary | null>(null);
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
      showToast({ title: latestIntl.current.formatMessage(m.duplicateFailed), description: (error as Failure).message, variant: 'error' });
      throw error;
    }
  });
  const remove = useRequest(async (training: TrainingSummary, signal) => {
    await deleteTraining(training.uuid, signal);
    setDeleting(null);
    showToast({ title: latestIntl.current.formatMessage(listValues.deleted, { name: training.name }), variant: 'success' });
    await refreshTrainingLists(queryClient);
  });

  return {
    isDuplicating: duplicate.isSubmitting,
    duplicate: (training: TrainingSummary) => duplicate.submit(training),
    askDelete: (training: TrainingSummary) => {
      remove.reset();
      setDeleting(training);
    },
    dialog: (
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? intl.formatMessage(listValues.deleteTitle, { name: deleting.name }) : ''}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        variant="danger"
        isPending={remove.isSubmitting}
        pendingLabel={intl.formatMessage(m.deleting)}
        closeOnConfirm={false}
        onConfirm={() => deleting && remove.submit(deleting)}
      >
        <div className="stack" data-testid="delete-training-dialog">
          <p>{intl.formatMessage(m.deleteBody)}</p>
          <FormError>{failureText(intl, remove.error)}</FormError>
        </div>
      </ConfirmDialog>
    ),
  };
}
