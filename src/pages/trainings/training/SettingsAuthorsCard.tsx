import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { usersDirectoryQuery } from '../../../api/usersApi';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { FormError } from '../../../components/ui/Form';
import { addTrainingAuthor, removeTrainingAuthor, type Training } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.authors', defaultMessage: 'Auteurs' },
  lead: { id: 'trainings.settings.authorsLead', defaultMessage: 'Les membres de l’équipe présentés comme auteurs sur la page de la formation.' },
  none: { id: 'trainings.settings.authorsNone', defaultMessage: 'Aucun auteur pour le moment.' },
  remove: { id: 'trainings.settings.authorsRemove', defaultMessage: 'Retirer' },
  pick: { id: 'trainings.settings.authorsPick', defaultMessage: 'Membre de l’équipe' },
  choose: { id: 'trainings.settings.authorsChoose', defaultMessage: 'Choisir…' },
  add: { id: 'trainings.settings.authorsAdd', defaultMessage: 'Ajouter comme auteur' },
  adding: { id: 'trainings.settings.authorsAdding', defaultMessage: 'Ajout…' },
  allAuthors: { id: 'trainings.settings.authorsAll', defaultMessage: 'Tous les membres de l’équipe sont déjà auteurs.' },
  teamLoading: { id: 'trainings.settings.authorsTeamLoading', defaultMessage: 'Chargement de l’équipe…' },
  teamFailed: { id: 'trainings.settings.authorsTeamFailed', defaultMessage: 'La liste de l’équipe n’a pas pu être chargée.' },
  retry: { id: 'trainings.settings.authorsTeamRetry', defaultMessage: 'Réessayer' },
});
const removeLabel = defineMessage<{ name: string }>({ id: 'trainings.settings.authorsRemoveLabel', defaultMessage: 'Retirer {name} des auteurs' });

/**
 * The authors of a training: the current ones with a remove button, and a picker of the store's team. The
 * picker reads GET /users/directory (names and avatars), not the team page's GET /users: teachers may credit
 * authors but may not read their colleagues' e-mails and roles.
 */
export function SettingsAuthorsCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const team = useQuery({ ...usersDirectoryQuery(), retry: false });
  const [picked, setPicked] = useState('');

  const adding = useRequest(async (uuid: string, signal) => {
    await addTrainingAuthor(queryClient, training.uuid, uuid, signal);
    setPicked('');
  });
  const removing = useRequest(async (uuid: string, signal) => {
    await removeTrainingAuthor(queryClient, training.uuid, uuid, signal);
  });

  const authorIds = new Set(training.authors.map((a) => a.uuid));
  const candidates = (team.data?.data ?? []).filter((member) => !authorIds.has(member.uuid));

  return (
    <Card title={intl.formatMessage(m.title)} description={intl.formatMessage(m.lead)}>
      <div className="stack" data-testid="settings-authors">
        <FormError>{failureText(intl, adding.error ?? removing.error)}</FormError>
        {training.authors.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.none)}</p>
        ) : (
          <ul className="plain-list">
            {training.authors.map((author) => (
              <li key={author.uuid} data-testid="training-author">
                <span className="author">
                  {author.picture ? <img className="author__avatar" src={author.picture} alt="" /> : <span className="author__avatar author__avatar--initial" aria-hidden="true">{author.display_name.slice(0, 1).toUpperCase()}</span>}
                  {author.display_name}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  isDisabled={removing.isSubmitting}
                  aria-label={intl.formatMessage(removeLabel, { name: author.display_name })}
                  onPress={() => removing.submit(author.uuid)}
                >
                  {intl.formatMessage(m.remove)}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {team.isPending ? (
          <p className="muted" role="status">{intl.formatMessage(m.teamLoading)}</p>
        ) : team.isError ? (
          <div className="form-row" role="alert">
            <p className="muted">{intl.formatMessage(m.teamFailed)}</p>
            <Button variant="ghost" size="sm" onPress={() => void team.refetch()}>
              {intl.formatMessage(m.retry)}
            </Button>
          </div>
        ) : candidates.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.allAuthors)}</p>
        ) : (
          <form
            className="form-row"
            onSubmit={(event) => {
              event.preventDefault();
              if (picked) adding.submit(picked);
            }}
          >
            <label className="native-field">
              <span className="ui-field__label">{intl.formatMessage(m.pick)}</span>
              <select className="native-field__select" value={picked} onChange={(event) => setPicked(event.target.value)} data-testid="author-pick">
                <option value="">{intl.formatMessage(m.choose)}</option>
                {candidates.map((member) => (
                  <option key={member.uuid} value={member.uuid}>
                    {member.display_name}
                  </option>
                ))}
              </select>
            </label>
            <div>
              <Button type="submit" variant="secondary" isDisabled={!picked} isPending={adding.isSubmitting} pendingLabel={intl.formatMessage(m.adding)}>
                {intl.formatMessage(m.add)}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
