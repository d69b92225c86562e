import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { myTrainingsQuery, type LearnerTraining } from '../../../api/learningApi';
import { useSchool } from '../../../app/school';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/Link';
import { ProgressMeter, percentOf } from '../../../components/ui/ProgressMeter';
import { Spinner } from '../../../components/ui/Spinner';
import { schoolPath, schoolPaths } from '../../../../shared/schoolPaths';
import { CertificateButton } from './CertificateButton';
import { learningMessages as m } from './learningMessages';
import './learning.css';

/** `/ecole/:subdomain/mes-formations`: the learner's trainings with their progress (where a paid checkout lands). */
export function MyTrainingsPage() {
  const intl = useIntl();
  const { subdomain } = useSchool();
  // Progress changes in the player: the list is read again each time it is shown.
  const trainings = useQuery({ ...myTrainingsQuery(subdomain), meta: { failureReport: 'page' }, retry: false, refetchOnMount: 'always' });
  return (
    <section className="learning-page learning-wide" aria-labelledby="my-trainings-title">
      <h1 id="my-trainings-title">{intl.formatMessage(m.myTrainingsTitle)}</h1>
      {trainings.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.myTrainingsLoading)} />
      ) : trainings.isError ? (
        <Banner variant="danger" action={<Button onPress={() => void trainings.refetch()}>{intl.formatMessage(m.quizRetry)}</Button>}>
          {intl.formatMessage(m.myTrainingsFailed)}
        </Banner>
      ) : trainings.data.data.length === 0 ? (
        <div className="learning-empty" data-testid="my-trainings-empty">
          <p>{intl.formatMessage(m.myTrainingsEmpty)}</p>
          <ButtonLink href={schoolPath(subdomain, 'catalogue')} className="learning-empty__action">
            {intl.formatMessage(m.browseCatalogue)}
          </ButtonLink>
        </div>
      ) : (
        <ul className="training-cards" data-testid="my-trainings">
          {trainings.data.data.map((entry) => (
            <TrainingCard key={entry.training.uuid} entry={entry} subdomain={subdomain} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TrainingCard({ entry, subdomain }: { entry: LearnerTraining; subdomain: string }) {
  const intl = useIntl();
  const blocked = entry.customer_type === 'BLOCKED';
  const action = entry.completed_at ? m.review : entry.last_item_id ? m.resume : m.start;
  return (
    <li className="training-card" data-testid="my-training" data-uuid={entry.training.uuid}>
      {entry.training.picture ? <img className="training-card__picture" src={entry.training.picture} alt="" /> : <div className="training-card__picture training-card__picture--none" aria-hidden="true" />}
      <div className="training-card__body">
        <h2 className="training-card__name">{entry.training.name}</h2>
        {entry.summary && <p className="training-card__summary">{entry.summary}</p>}
        <ProgressMeter
          value={entry.progress}
          label={intl.formatMessage(m.progressLabel, { percent: entry.progress / 100 })}
          className="learning-progress"
          labelClassName="learning-progress__label"
          data-testid="training-progress"
        >
          <div className="learning-progress__track">
            <div className="learning-progress__fill" style={{ width: `${percentOf(entry.progress, 100)}%` }} />
          </div>
        </ProgressMeter>
        {entry.completed_at && <span className="learning-badge learning-badge--done">{intl.formatMessage(m.completedBadge)}</span>}
        {blocked ? (
          <Banner variant="warning">{intl.formatMessage(entry.blocked_reason === 'BY_EXPIRATION' ? m.blockedByExpiration : m.blockedByTeacher)}</Banner>
        ) : (
          <>
            {entry.expires_at && <p className="training-card__meta">{intl.formatMessage(m.expiresOn, { date: new Date(entry.expires_at) })}</p>}
            <div className="training-card__actions">
              <ButtonLink href={schoolPaths.player(subdomain, entry.training.uuid, entry.last_item_id ?? undefined)} data-testid="training-open">
                {intl.formatMessage(action)}
              </ButtonLink>
              {entry.certificate_available && <CertificateButton subdomain={subdomain} trainingUuid={entry.training.uuid} trainingSlug={entry.training.slug} />}
            </div>
          </>
        )}
      </div>
    </li>
  );
}
