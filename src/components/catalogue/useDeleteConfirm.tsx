import { useEffect, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../ui/Banner';
import { ConfirmDialog } from '../ui/Dialog';
import { FormError } from '../ui/Form';
import { showToast } from '../ui/toastQueue';

/** What the dialog reads of a row: its name, and how many learners (or buyers) it has for the caution. */
interface Deletable {
  name: string;
  customers_count: number;
}

export interface DeleteConfirmOptions<T extends Deletable> {
  /** Deletes; rejects with a Failure (a refusal such as paying learners shows in the dialog). */
  remove: (target: T, signal: AbortSignal) => Promise<unknown>;
  /** After the deletion (the list refreshed, …). */
  onDeleted: (target: T) => Promise<unknown>;
  messages: {
    /** A short question without the name ("Supprimer la formation ?"): a long name broke it badly. */
    title: MessageDescriptor;
    /** What goes with it; gets `{name}`, shown in « ». */
    body: MessageDescriptor & { id: string };
    /** When the server refuses (paying learners, buyers); gets `{count}`: the row's customers_count; may be empty. */
    caution: MessageDescriptor & { id: string };
    deleted: MessageDescriptor & { id: string };
    confirm: MessageDescriptor;
    cancel: MessageDescriptor;
    deleting: MessageDescriptor;
  };
  testId: string;
}

/**
 * "Supprimer la formation ?": the confirmation of a deletion from a list (the row menus), held by the page since a
 * menu unmounts when it closes. The call goes through the request machine; the dialog stays open and busy
 * while it runs and shows the server's refusal; a toast confirms.
 */
export function useDeleteConfirm<T extends Deletable>({ remove, onDeleted, messages, testId }: DeleteConfirmOptions<T>) {
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

  // Once the server has answered a refusal, its message says it all: the caution would repeat it.
  const caution = target && !request.error ? intl.formatMessage(messages.caution, { count: target.customers_count }) : '';

  return {
    ask: (next: T) => {
      request.reset();
      setTarget(next);
    },
    dialog: (
      <ConfirmDialog
        isOpen={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={intl.formatMessage(messages.title)}
        confirmLabel={intl.formatMessage(messages.confirm)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        variant="danger"
        isPending={request.isSubmitting}
        pendingLabel={intl.formatMessage(messages.deleting)}
        closeOnConfirm={false}
        onConfirm={() => target && request.submit(target)}
      >
        <div className="stack" data-testid={testId}>
          <p>{target ? intl.formatMessage(messages.body, { name: target.name }) : null}</p>
          {caution ? (
            // A row with learners (buyers) gets the caution as a warning; the general rule stays a plain line.
            target && target.customers_count > 0 ? (
              <Banner variant="warning" data-testid={`${testId}-caution`}>
                {caution}
              </Banner>
            ) : (
              <p className="muted" data-testid={`${testId}-caution`}>
                {caution}
              </p>
            )
          ) : null}
          <FormError>{failureText(intl, request.error)}</FormError>
        </div>
      </ConfirmDialog>
    ),
  };
}
