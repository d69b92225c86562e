import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { commonMessages } from '../../i18n/commonMessages';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../catalogue/DeleteConfirm';
import { FailedToLoad } from '../ui/ListStates';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import { Form, FormError } from '../ui/Form';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { showToast } from '../ui/toastQueue';
import '../catalogue/catalogue.css';
import './tags.css';

/** A tag of a store-wide list: the trainings' tags (with how many trainings carry it) or the CRM's. */
export interface ManagedTag {
  id: number;
  value: string;
  trainings_count?: number;
}

const m = defineMessages({
  empty: { id: 'tags.manage.empty', defaultMessage: 'Aucune étiquette pour le moment.' },
  failed: { id: 'tags.manage.failed', defaultMessage: 'Les étiquettes n’ont pas pu être chargées.' },
  rename: { id: 'tags.manage.rename', defaultMessage: 'Renommer' },
  remove: { id: 'tags.manage.remove', defaultMessage: 'Supprimer' },
  newName: { id: 'tags.manage.newName', defaultMessage: 'Nouveau nom' },
  save: { id: 'tags.manage.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'tags.manage.saving', defaultMessage: 'Enregistrement…' },
  cancel: { id: 'tags.manage.cancel', defaultMessage: 'Annuler' },
  removing: { id: 'tags.manage.removing', defaultMessage: 'Suppression…' },
  removeTitle: { id: 'tags.manage.removeTitle', defaultMessage: 'Supprimer l’étiquette ?' },
  required: { id: 'tags.manage.required', defaultMessage: 'Saisissez un nom.' },
});
const mv = {
  renameLabel: defineMessage<{ tag: string }>({ id: 'tags.manage.renameLabel', defaultMessage: 'Renommer l’étiquette {tag}' }),
  removeLabel: defineMessage<{ tag: string }>({ id: 'tags.manage.removeLabel', defaultMessage: 'Supprimer l’étiquette {tag}' }),
  trainings: defineMessage<{ count: number }>({ id: 'tags.manage.trainings', defaultMessage: '{count, plural, =0 {aucune formation} one {# formation} other {# formations}}' }),
  renamed: defineMessage<{ tag: string }>({ id: 'tags.manage.renamed', defaultMessage: 'Étiquette renommée en « {tag} ».' }),
  removed: defineMessage<{ tag: string }>({ id: 'tags.manage.removed', defaultMessage: 'Étiquette « {tag} » supprimée.' }),
};

export interface ManageTagsDialogProps<T extends ManagedTag> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** What the list is (whose tags, what a delete does). */
  lead: string;
  /** The list's query: loading and failure come from it. */
  tags: { isPending: boolean; isError: boolean; data?: { data: T[] }; refetch: () => unknown };
  /** What the delete confirmation says of the tag ("removed from every training…"). */
  deleteBody: (tag: T) => string;
  remove: (tag: T, signal: AbortSignal) => Promise<unknown>;
  /** Renames; rejects with a Failure (a 409 shows under the field). Without it, no rename. */
  rename?: (tag: T, value: string, signal: AbortSignal) => Promise<unknown>;
  /** After a change: the lists refreshed. */
  onChanged: () => unknown;
  'data-testid'?: string;
}

/** One row being renamed: a small form whose call goes through the request machine (its 409 stays on the field). */
function RenameRow<T extends ManagedTag>({ tag, rename, onDone }: { tag: T; rename: NonNullable<ManageTagsDialogProps<T>['rename']>; onDone: (renamed: boolean) => void }) {
  const intl = useIntl();
  const [value, setValue] = useState(tag.value);
  const [blank, setBlank] = useState(false);
  const request = useRequest(async (next: string, signal) => {
    await rename(tag, next, signal);
    showToast({ title: intl.formatMessage(mv.renamed, { tag: next }), variant: 'success' });
    onDone(true);
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim().replace(/\s+/g, ' ');
    setBlank(!next);
    if (!next) return;
    if (next === tag.value) onDone(false);
    else request.submit(next);
  };
  return (
    <Form className="tags-manager__rename" onSubmit={onSubmit} data-testid="tag-rename-form">
      <TextField
        label={intl.formatMessage(m.newName)}
        value={value}
        onChange={(next) => {
          setValue(next);
          request.clearError();
        }}
        maxLength={64}
        autoFocus
        autoComplete="off"
        errorMessage={blank ? intl.formatMessage(m.required) : fieldErrors(request.error, 'value')}
        data-testid="tag-rename-input"
      />
      <FormError>{failureText(intl, request.error, ['value'])}</FormError>
      <div className="form-actions">
        <Button size="sm" variant="secondary" onPress={() => onDone(false)} isDisabled={request.isSubmitting}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button size="sm" type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="tag-rename-save">
          {intl.formatMessage(m.save)}
        </Button>
      </div>
    </Form>
  );
}

/**
 * "Gérer les étiquettes": a store-wide tag list where each tag can be deleted (confirmed first through the
 * deleteConfirm machine) and, when `rename` is given, renamed in place. Used for the trainings' tags (/formations)
 * and the CRM's (/apprenants).
 */
export function ManageTagsDialog<T extends ManagedTag>({ isOpen, onOpenChange, title, lead, tags, deleteBody, remove, rename, onChanged, 'data-testid': testId }: ManageTagsDialogProps<T>) {
  const intl = useIntl();
  // The tag whose name is being edited (one at a time); the call itself is the row's request machine.
  const [renaming, setRenaming] = useState<number | null>(null);
  // Where the keyboard goes once a row's own control is gone (a rename form closed, a deleted row): the row's
  // "Renommer", or the row now at the deleted one's place (else the one before it, else the dialog's close button).
  const [refocus, setRefocus] = useState<{ id: number; index: number; control: 'rename' | 'remove' } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const list = tags.data?.data ?? [];
  const deletion = useConfirmedDeletion<T>({
    remove,
    onDeleted: async (tag) => {
      showToast({ title: intl.formatMessage(mv.removed, { tag: tag.value }), variant: 'success' });
      setRefocus({ id: tag.id, index: list.findIndex((row) => row.id === tag.id), control: 'remove' });
      await onChanged();
    },
  });
  useEffect(() => {
    if (!refocus || deletion.isOpen || renaming !== null) return;
    if (refocus.control === 'remove' && tags.data?.data.some((row) => row.id === refocus.id)) return; // not refreshed yet
    // After the confirmation's own focus restore (React Aria restores on the next frame, to a button now gone).
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        setRefocus(null);
        const rows = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-tag-row]') ?? [])];
        const row = refocus.control === 'rename' ? rows.find((r) => r.dataset.tagRow === String(refocus.id)) : (rows[refocus.index] ?? rows.at(-1));
        const target = row?.querySelector<HTMLElement>(`[data-control="${refocus.control}"]`) ?? row?.querySelector<HTMLElement>('button') ?? bodyRef.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>('button');
        target?.focus();
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [refocus, deletion.isOpen, renaming, tags.data]);
  return (
    <>
      <Modal
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
          onOpenChange(open);
        }}
        title={title}
        closeLabel={intl.formatMessage(commonMessages.close)}
        size="md"
      >
        <div className="stack" data-testid={testId} ref={bodyRef}>
          <p className="muted">{lead}</p>
          {tags.isPending ? (
            <div className="loading-state">
              <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
            </div>
          ) : tags.isError ? (
            <FailedToLoad title={intl.formatMessage(m.failed)} query={tags} />
          ) : list.length === 0 ? (
            <p className="muted" data-testid="tags-manager-empty">
              {intl.formatMessage(m.empty)}
            </p>
          ) : (
            <ul className="tags-manager" aria-label={title} ref={listRef}>
              {list.map((tag) => (
                <li key={tag.id} className="tags-manager__row" data-testid="tags-manager-row" data-tag-row={tag.id}>
                  {rename && renaming === tag.id ? (
                    <RenameRow
                      tag={tag}
                      rename={rename}
                      onDone={(renamed) => {
                        setRenaming(null);
                        setRefocus({ id: tag.id, index: -1, control: 'rename' });
                        if (renamed) void onChanged();
                      }}
                    />
                  ) : (
                    <>
                      <span className="tags-manager__name">
                        <span className="pill">{tag.value}</span>
                        {tag.trainings_count !== undefined && <span className="muted">{intl.formatMessage(mv.trainings, { count: tag.trainings_count })}</span>}
                      </span>
                      <span className="tags-manager__actions">
                        {rename && (
                          <Button size="sm" variant="ghost" aria-label={intl.formatMessage(mv.renameLabel, { tag: tag.value })} onPress={() => setRenaming(tag.id)} isDisabled={renaming !== null} data-control="rename">
                            {intl.formatMessage(m.rename)}
                          </Button>
                        )}
                        <Button size="sm" variant="ghost" aria-label={intl.formatMessage(mv.removeLabel, { tag: tag.value })} onPress={() => deletion.ask(tag)} isDisabled={renaming !== null} data-control="remove">
                          {intl.formatMessage(m.remove)}
                        </Button>
                      </span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Modal>
      <DeleteConfirmDialog
        deletion={deletion}
        title={intl.formatMessage(m.removeTitle)}
        confirmLabel={intl.formatMessage(m.remove)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.removing)}
        data-testid="tag-delete-confirm"
      >
        {(tag) => deleteBody(tag)}
      </DeleteConfirmDialog>
    </>
  );
}
