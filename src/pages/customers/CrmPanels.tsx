import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { createCrmNotesActors } from '../../../machines/crmNotes/crmNotes.actors';
import { crmNotesMachine } from '../../../machines/crmNotes/crmNotes.machine';
import { selectCrmNotesView } from '../../../machines/crmNotes/crmNotes.selectors';
import { createCrmTagsActors } from '../../../machines/crmTags/crmTags.actors';
import { crmTagsMachine } from '../../../machines/crmTags/crmTags.machine';
import { selectCrmTagsView } from '../../../machines/crmTags/crmTags.selectors';
import {
  addCustomerTags,
  crmTagsQuery,
  deleteCustomerNote,
  refreshCustomers,
  removeCustomerTags,
  saveCustomerNote,
  updatePrivateData,
  type Customer,
  type CrmPrivateData,
} from '../../api/customersApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';

const tagFailed = defineMessage<{ message: string }>({ id: 'customer.tags.failed', defaultMessage: 'L’étiquette n’a pas pu être enregistrée : {message}' });
const tagRemove = defineMessage<{ tag: string }>({ id: 'customer.tags.remove', defaultMessage: 'Retirer l’étiquette {tag}' });
const noteFailed = defineMessage<{ message: string }>({ id: 'customer.notes.failed', defaultMessage: 'La note n’a pas pu être enregistrée : {message}' });
const m = defineMessages({
  tags: { id: 'customer.tags.title', defaultMessage: 'Étiquettes' },
  tagLabel: { id: 'customer.tags.label', defaultMessage: 'Nouvelle étiquette' },
  tagAdd: { id: 'customer.tags.add', defaultMessage: 'Ajouter' },
  tagSuggestions: { id: 'customer.tags.suggestions', defaultMessage: 'Étiquettes de l’école :' },
  tagNone: { id: 'customer.tags.none', defaultMessage: 'Aucune étiquette.' },
  tagRequired: { id: 'customer.tags.required', defaultMessage: 'Saisissez une étiquette.' },
  tagTooLong: { id: 'customer.tags.tooLong', defaultMessage: '64 caractères au plus.' },
  tagDuplicate: { id: 'customer.tags.duplicate', defaultMessage: 'Cet apprenant a déjà cette étiquette.' },
  notes: { id: 'customer.notes.title', defaultMessage: 'Notes' },
  noteLabel: { id: 'customer.notes.label', defaultMessage: 'Nouvelle note' },
  noteEditLabel: { id: 'customer.notes.editLabel', defaultMessage: 'Modifier la note' },
  noteSave: { id: 'customer.notes.save', defaultMessage: 'Enregistrer la note' },
  noteCancel: { id: 'customer.notes.cancel', defaultMessage: 'Annuler' },
  noteEdit: { id: 'customer.notes.edit', defaultMessage: 'Modifier' },
  noteDelete: { id: 'customer.notes.delete', defaultMessage: 'Supprimer' },
  noteNone: { id: 'customer.notes.none', defaultMessage: 'Aucune note pour le moment.' },
  noteHistory: { id: 'customer.notes.history', defaultMessage: 'Historique' },
  notePlatform: { id: 'customer.notes.platform', defaultMessage: 'La plateforme' },
  noteRequired: { id: 'customer.notes.required', defaultMessage: 'La note ne peut pas être vide.' },
  noteTooLong: { id: 'customer.notes.tooLong', defaultMessage: '5 000 caractères au plus.' },
  privateTitle: { id: 'customer.private.title', defaultMessage: 'Informations privées' },
  privateLead: { id: 'customer.private.lead', defaultMessage: 'Visibles par votre équipe seulement, jamais par l’apprenant.' },
  phone: { id: 'customer.private.phone', defaultMessage: 'Téléphone' },
  company: { id: 'customer.private.company', defaultMessage: 'Entreprise' },
  jobTitle: { id: 'customer.private.jobTitle', defaultMessage: 'Fonction' },
  address: { id: 'customer.private.address', defaultMessage: 'Adresse' },
  birthdate: { id: 'customer.private.birthdate', defaultMessage: 'Date de naissance (AAAA-MM-JJ)' },
  comment: { id: 'customer.private.comment', defaultMessage: 'Commentaire' },
  privateSave: { id: 'customer.private.save', defaultMessage: 'Enregistrer' },
  privateSaved: { id: 'customer.private.saved', defaultMessage: 'Informations enregistrées' },
});

/** The customer's tags: the machine holds the list and the one change on its way; the store's tags are suggested. */
export function TagsPanel({ storeUuid, customer, canWrite }: { storeUuid: string; customer: Customer; canWrite: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const storeTags = useQuery({ ...crmTagsQuery(storeUuid), enabled: canWrite });
  const machine = useMemo(
    () =>
      crmTagsMachine.provide({
        actors: createCrmTagsActors({
          add: async (value, signal) => {
            const answer = await addCustomerTags(storeUuid, customer.uuid, [value], signal);
            void refreshCustomers(queryClient, storeUuid);
            return answer.data;
          },
          remove: async (value, signal) => {
            const answer = await removeCustomerTags(storeUuid, customer.uuid, [value], signal);
            void refreshCustomers(queryClient, storeUuid);
            return answer.data;
          },
        }),
      }),
    [storeUuid, customer.uuid, queryClient],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { tags: customer.crm_tags } });
  const view = selectCrmTagsView(snapshot);
  useEffect(() => send({ type: 'SYNC', tags: customer.crm_tags }), [customer.crm_tags, send]);
  const problem = view.problem === 'required' ? m.tagRequired : view.problem === 'tooLong' ? m.tagTooLong : view.problem === 'duplicate' ? m.tagDuplicate : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'ADD' });
  };
  const has = new Set(view.tags.map((tag) => tag.value.toLowerCase()));
  const suggestions = (storeTags.data?.data ?? []).filter((tag) => !has.has(tag.value.toLowerCase())).slice(0, 12);
  return (
    <Card title={intl.formatMessage(m.tags)}>
      <div className="stack" data-testid="customer-tags">
        {view.failure && <Banner variant="danger">{intl.formatMessage(tagFailed, { message: failureText(intl, view.failure) ?? '' })}</Banner>}
        {view.tags.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.tagNone)}</p>
        ) : (
          <ul className="customer-tags" aria-label={intl.formatMessage(m.tags)}>
            {view.tags.map((tag) => (
              <li key={tag.id} className="pill customers-tag" data-testid="customer-tag">
                {tag.value}
                {canWrite && (
                  <button
                    type="button"
                    className="customers-tag__remove"
                    aria-label={intl.formatMessage(tagRemove, { tag: tag.value })}
                    disabled={view.isBusy}
                    onClick={() => send({ type: 'REMOVE', value: tag.value })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canWrite && (
          <Form className="stack" onSubmit={onSubmit}>
            <TextField
              label={intl.formatMessage(m.tagLabel)}
              value={view.draft}
              onChange={(value) => send({ type: 'CHANGE', value })}
              errorMessage={problem ? intl.formatMessage(problem) : undefined}
              isDisabled={view.isBusy}
            />
            <Button type="submit" variant="secondary" isPending={view.isAdding} data-testid="customer-tag-add">
              {intl.formatMessage(m.tagAdd)}
            </Button>
          </Form>
        )}
        {canWrite && suggestions.length > 0 && (
          <div className="customer-tag-suggestions">
            <span className="muted">{intl.formatMessage(m.tagSuggestions)}</span>
            {suggestions.map((tag) => (
              <Button key={tag.id} size="sm" variant="ghost" isDisabled={view.isBusy} onPress={() => send({ type: 'CHANGE', value: tag.value })}>
                {tag.value}
              </Button>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}

/** The customer's notes: HISTORY ones (the platform's) read-only; GENERAL ones written, edited and deleted. */
export function NotesPanel({ storeUuid, customer, canWrite }: { storeUuid: string; customer: Customer; canWrite: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      crmNotesMachine.provide({
        actors: createCrmNotesActors({
          // The customer is read again after each change, so a read started earlier (a tag's) cannot bring back old notes.
          save: async (input, signal) => {
            const note = await saveCustomerNote(storeUuid, customer.uuid, input, signal);
            void refreshCustomers(queryClient, storeUuid);
            return note;
          },
          remove: async (id, signal) => {
            await deleteCustomerNote(storeUuid, customer.uuid, id, signal);
            void refreshCustomers(queryClient, storeUuid);
          },
        }),
      }),
    [storeUuid, customer.uuid, queryClient],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { notes: customer.crm_notes } });
  const view = selectCrmNotesView(snapshot);
  useEffect(() => send({ type: 'SYNC', notes: customer.crm_notes }), [customer.crm_notes, send]);
  const problem = view.problem === 'required' ? m.noteRequired : view.problem === 'tooLong' ? m.noteTooLong : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SAVE' });
  };
  return (
    <Card title={intl.formatMessage(m.notes)}>
      <div className="stack" data-testid="customer-notes">
        {view.failure && <Banner variant="danger">{intl.formatMessage(noteFailed, { message: failureText(intl, view.failure) ?? '' })}</Banner>}
        {canWrite && (
          <Form className="stack" onSubmit={onSubmit}>
            <TextAreaField
              label={intl.formatMessage(view.editing !== null ? m.noteEditLabel : m.noteLabel)}
              value={view.draft}
              onChange={(value) => send({ type: 'CHANGE', value })}
              errorMessage={problem ? intl.formatMessage(problem) : undefined}
              isDisabled={view.isBusy}
              rows={3}
            />
            <div className="form-actions">
              {view.editing !== null && (
                <Button variant="secondary" onPress={() => send({ type: 'CANCEL' })} isDisabled={view.isBusy}>
                  {intl.formatMessage(m.noteCancel)}
                </Button>
              )}
              <Button type="submit" isPending={view.isSaving} data-testid="customer-note-save">
                {intl.formatMessage(m.noteSave)}
              </Button>
            </div>
          </Form>
        )}
        {view.notes.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.noteNone)}</p>
        ) : (
          <ul className="customer-notes">
            {view.notes.map((note) => (
              <li key={note.id} className={`customer-note customer-note--${note.type.toLowerCase()}`} data-testid="customer-note">
                <div className="customer-note__meta">
                  {note.type === 'HISTORY' && <span className="pill">{intl.formatMessage(m.noteHistory)}</span>}
                  <span className="muted">
                    {note.author?.display_name ?? intl.formatMessage(m.notePlatform)} · {intl.formatDate(note.updated_at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </span>
                </div>
                <p className="customer-note__text">{note.content}</p>
                {canWrite && note.type === 'GENERAL' && (
                  <div className="customer-note__actions">
                    <Button size="sm" variant="ghost" onPress={() => send({ type: 'EDIT', id: note.id })} isDisabled={view.isBusy}>
                      {intl.formatMessage(m.noteEdit)}
                    </Button>
                    <Button size="sm" variant="ghost" onPress={() => send({ type: 'DELETE', id: note.id })} isDisabled={view.isBusy} isPending={view.deleting === note.id}>
                      {intl.formatMessage(m.noteDelete)}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

const PRIVATE_FIELDS = ['phone', 'company', 'job_title', 'address', 'birthdate', 'comment'] as const;
type PrivateField = (typeof PRIVATE_FIELDS)[number];
const LABELS: Record<PrivateField, keyof typeof m> = { phone: 'phone', company: 'company', job_title: 'jobTitle', address: 'address', birthdate: 'birthdate', comment: 'comment' };

/** Private details the team keeps: one form, every field sent (blank clears). */
export function PrivateDataPanel({ storeUuid, customer, canWrite }: { storeUuid: string; customer: Customer; canWrite: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<PrivateField, string>>(() => Object.fromEntries(PRIVATE_FIELDS.map((f) => [f, customer.crm_private_data[f] ?? ''])) as Record<PrivateField, string>);
  const request = useRequest(async (body: CrmPrivateData, signal) => {
    await updatePrivateData(storeUuid, customer.uuid, body, signal);
    showToast({ title: intl.formatMessage(m.privateSaved), variant: 'success' });
    await refreshCustomers(queryClient, storeUuid);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit(Object.fromEntries(PRIVATE_FIELDS.map((f) => [f, values[f].trim() || null])) as CrmPrivateData);
  };
  return (
    <Card title={intl.formatMessage(m.privateTitle)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="customer-private">
        <p className="muted">{intl.formatMessage(m.privateLead)}</p>
        <FormError>{failureText(intl, request.error, [...PRIVATE_FIELDS])}</FormError>
        {PRIVATE_FIELDS.map((field) =>
          field === 'comment' || field === 'address' ? (
            <TextAreaField
              key={field}
              label={intl.formatMessage(m[LABELS[field]])}
              value={values[field]}
              onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
              errorMessage={fieldErrors(request.error, field)}
              isReadOnly={!canWrite}
              rows={2}
            />
          ) : (
            <TextField
              key={field}
              label={intl.formatMessage(m[LABELS[field]])}
              value={values[field]}
              onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
              errorMessage={fieldErrors(request.error, field)}
              isReadOnly={!canWrite}
            />
          ),
        )}
        {canWrite && (
          <div className="form-actions">
            <Button type="submit" variant="secondary" isPending={request.isSubmitting}>
              {intl.formatMessage(m.privateSave)}
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}
