import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { Form, FormError } from '../../components/ui/Form';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';
import { failureText } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import type { Collection } from '../../api/communityApi';
import { useCommunity } from './communityContext';

const m = defineMessages({
  createTitle: { id: 'community.collectionForm.createTitle', defaultMessage: 'Créer une collection' },
  editTitle: { id: 'community.collectionForm.editTitle', defaultMessage: 'Modifier la collection' },
  name: { id: 'community.collectionForm.name', defaultMessage: 'Nom de la collection' },
  hint: { id: 'community.collectionForm.hint', defaultMessage: 'Une collection regroupe des espaces dans le menu.' },
  required: { id: 'community.spaceForm.errors.required', defaultMessage: 'Ce champ est requis.' },
  save: { id: 'community.spaceForm.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'community.spaceForm.saving', defaultMessage: 'Enregistrement…' },
  cancel: { id: 'community.cancel', defaultMessage: 'Annuler' },
  created: { id: 'community.collectionForm.created', defaultMessage: 'Collection créée' },
  updated: { id: 'community.collectionForm.updated', defaultMessage: 'Collection enregistrée' },
});

export const COLLECTION_NAME_MAX = 100;

/** The collection form (name required, 100 characters at most): creates one, or renames the one given. */
export function CollectionFormDialog({ isOpen, onOpenChange, collection }: { isOpen: boolean; onOpenChange: (open: boolean) => void; collection: Collection | null }) {
  const intl = useIntl();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={intl.formatMessage(collection ? m.editTitle : m.createTitle)} closeLabel={intl.formatMessage(commonMessages.close)}>
      {isOpen && <CollectionForm collection={collection} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function CollectionForm({ collection, onDone }: { collection: Collection | null; onDone: () => void }) {
  const intl = useIntl();
  const { api } = useCommunity();
  const queryClient = useQueryClient();
  const [name, setName] = useState(collection?.name ?? '');
  const [touched, setTouched] = useState(false);
  const request = useRequest(async (value: string, signal) => {
    if (collection) await api.updateCollection(collection.uuid, { name: value }, signal);
    else await api.createCollection(value, signal);
    showToast({ title: intl.formatMessage(collection ? m.updated : m.created), variant: 'success' });
    await api.refreshMenu(queryClient);
    onDone();
  });
  const empty = name.trim() === '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!empty) request.submit(name.trim());
  };
  return (
    <Form className="stack" onSubmit={onSubmit} data-testid="collection-form">
      <FormError>{failureText(intl, request.error, ['name'])}</FormError>
      <TextField
        label={intl.formatMessage(m.name)}
        description={intl.formatMessage(m.hint)}
        value={name}
        onChange={setName}
        isRequired
        maxLength={COLLECTION_NAME_MAX}
        isDisabled={request.isSubmitting}
        errorMessage={touched && empty ? intl.formatMessage(m.required) : request.error?.fieldErrors.name}
        data-testid="collection-form-name"
      />
      <div className="community-space-form__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={request.isSubmitting}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="collection-form-submit">
          {intl.formatMessage(m.save)}
        </Button>
      </div>
    </Form>
  );
}
