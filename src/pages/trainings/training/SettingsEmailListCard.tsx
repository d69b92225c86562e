import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { trainingEmailListsQuery } from '../../../api/emailProvidersApi';
import { saveTraining, type Training } from '../../../api/trainingsApi';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Form, FormError } from '../../../components/ui/Form';
import { TextLink } from '../../../components/ui/Link';
import { Spinner } from '../../../components/ui/Spinner';
import { settingsMessages } from './settingsMessages';

const m = defineMessages({
  title: { id: 'trainings.settings.emailList', defaultMessage: 'Liste de diffusion' },
  lead: {
    id: 'trainings.settings.emailList.lead',
    defaultMessage: 'Chaque apprenant inscrit à cette formation est ajouté à la liste choisie de votre service d’e-mailing.',
  },
  label: { id: 'trainings.settings.emailList.label', defaultMessage: 'Liste' },
  defaultList: { id: 'trainings.settings.emailList.default', defaultMessage: 'Liste par défaut de chaque service connecté' },
  none: { id: 'trainings.settings.emailList.none', defaultMessage: 'Aucun service d’e-mailing n’est connecté.' },
  connect: { id: 'trainings.settings.emailList.connect', defaultMessage: 'Connecter un service' },
  loading: { id: 'trainings.settings.emailList.loading', defaultMessage: 'Chargement des listes…' },
  loadFailed: { id: 'trainings.settings.emailList.loadFailed', defaultMessage: 'Impossible de charger les listes de vos services.' },
  retry: { id: 'trainings.settings.emailList.retry', defaultMessage: 'Réessayer' },
  missing: { id: 'trainings.settings.emailList.missing', defaultMessage: 'Liste actuelle (introuvable chez le service)' },
});

/** The mailing list a training's learners join (`email_list_id`, issue 16), among the connected services' lists. */
export function SettingsEmailListCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const lists = useQuery(trainingEmailListsQuery(training.uuid));
  const [choice, setChoice] = useState(training.email_list_id ?? '');
  const request = useRequest(async (body: { email_list_id: string | null }, signal) => {
    await saveTraining(queryClient, training.uuid, body, signal);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.submit({ email_list_id: choice || null });
  };
  const options = lists.data?.data ?? [];
  // A list chosen earlier that the service no longer lists stays selectable, so saving another card never drops it.
  const known = choice === '' || options.some((list) => list.id === choice);

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      {lists.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : lists.isError ? (
        <Banner
          variant="danger"
          action={
            <Button variant="secondary" onPress={() => void lists.refetch()}>
              {intl.formatMessage(m.retry)}
            </Button>
          }
        >
          {intl.formatMessage(m.loadFailed)}
        </Banner>
      ) : options.length === 0 && !training.email_list_id ? (
        <p className="settings-email-list__none" data-testid="email-list-none">
          {intl.formatMessage(m.none)} <TextLink href="/marketing/connexions-externes">{intl.formatMessage(m.connect)}</TextLink>
        </p>
      ) : (
        <Form className="stack" onSubmit={onSubmit} data-testid="settings-email-list">
          {request.hasSucceeded && (
            <Banner variant="success" role="status">
              {intl.formatMessage(settingsMessages.saved)}
            </Banner>
          )}
          <FormError>{failureText(intl, request.error)}</FormError>
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(m.label)}</span>
            <select className="native-field__select" value={choice} onChange={(change) => setChoice(change.target.value)} data-testid="email-list-select">
              <option value="">{intl.formatMessage(m.defaultList)}</option>
              {!known && <option value={choice}>{intl.formatMessage(m.missing)}</option>}
              {options.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name} ({list.provider})
                </option>
              ))}
            </select>
          </label>
          <div className="form-actions">
            <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="email-list-save">
              {intl.formatMessage(settingsMessages.save)}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
