import { useIntl, type MessageDescriptor } from 'react-intl';
import { Banner } from '../ui/Banner';
import { showToast } from '../ui/toastQueue';
import { DeleteConfirmDialog, useConfirmedDeletion } from './DeleteConfirm';

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
 * menu unmounts when it closes (machines/deleteConfirm through the shared dialog); a toast confirms.
 */
export function useDeleteConfirm<T extends Deletable>({ remove, onDeleted, messages, testId }: DeleteConfirmOptions<T>) {
  const intl = useIntl();
  const deletion = useConfirmedDeletion<T>({
    remove,
    onDeleted: (deleted) => {
      showToast({ title: intl.formatMessage(messages.deleted, { name: deleted.name }), variant: 'success' });
      return onDeleted(deleted);
    },
  });

  return {
    ask: deletion.ask,
    dialog: (
      <DeleteConfirmDialog
        deletion={deletion}
        title={intl.formatMessage(messages.title)}
        confirmLabel={intl.formatMessage(messages.confirm)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        pendingLabel={intl.formatMessage(messages.deleting)}
        data-testid={testId}
      >
        {(target) => {
          // Once the server has answered a refusal, its message says it all: the caution would repeat it.
          const caution = deletion.failure ? '' : intl.formatMessage(messages.caution, { count: target.customers_count });
          return (
            <>
              <p>{intl.formatMessage(messages.body, { name: target.name })}</p>
              {caution ? (
                // A row with learners (buyers) gets the caution as a warning; the general rule stays a plain line.
                target.customers_count > 0 ? (
                  <Banner variant="warning" data-testid={`${testId}-caution`}>
                    {caution}
                  </Banner>
                ) : (
                  <p className="muted" data-testid={`${testId}-caution`}>
                    {caution}
                  </p>
                )
              ) : null}
            </>
          );
        }}
      </DeleteConfirmDialog>
    ),
  };
}
