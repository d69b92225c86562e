import { useEffect, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/Form';
import { showToast } from '../../../components/ui/toastQueue';

export interface DeleteConfirmOptions<T extends { name: string }> {
  /** Deletes; rejects with a Failure (a refusal such as paying learners shows in the dialog). */
  remove: (target: T, signal: AbortSignal) => Promise<unknown>;
  /** After the deletion (the list refreshed, …). */
  onDeleted: (target: T) => Promise<unknown>;
  messages: {
    title: MessageDescriptor & { id: string };
    body: MessageDescriptor;
    deleted: MessageDescriptor & { id: string };
    confirm: MessageDescriptor;
    cancel: MessageDescriptor;
    deleting: MessageDescriptor;
  };
  testId: string;
}

/**
 * "Supprimer « X » ?": the confirmation of a deletion from a list (the row menus), held by the page since a
 * menu unmounts when it closes. The call goes through the request machine; the dialog stays open and busy
 * while it runs and shows the server's refusal; a toast confirms.
 */
export function useDeleteConfirm<T extends { name: string }>({ remove, onDeleted, messages, testId }: DeleteConfirmOptions<T>) {
  const intl = useIntl();
  const [target, setTarget] = useState<T | null>(null);
  const latest = useRef({ intl, remove, onDeleted });
  useEffect(() => {
    latest.current = { intl, remove, onDeleted };
  });
  const request = useRequest(async (deleting: T, signal) => {
    await latest.current.remove(deleting, signal);
    setTarget(null);
    showToast({ title: latest.current.intl.formatMessage(messages.deleted, { name: deleting.name }), variant: 'success' });
    await latest.current.onDeleted(deleting);
  });

  return {
    ask: (next: T) => {
      request.reset();
      setTarget(next);
    },
    dialog: (
      <ConfirmDialog
        isOpen={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={target ? intl.formatMessage(messages.title, { name: target.name }) : ''}
        confirmLabel={intl.formatMessage(messages.confirm)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        variant="danger"
        isPending={request.isSubmitting}
        pendingLabel={intl.formatMessage(messages.deleting)}
        closeOnConfirm={false}
        onConfirm={() => target && request.submit(target)}
      >
        <div className="stack" data-testid={testId}>
          <p>{intl.formatMessage(messages.body)}</p>
          <FormError>{failureText(intl, request.error)}</FormError>
        </div>
      </ConfirmDialog>
    ),
  };
}
