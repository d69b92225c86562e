import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { customerTrainingQuery, unblockCustomerTrainingItem, type CustomerTrainingDetail } from '../../../api/trainingCustomersApi';
import { AuthActor } from '../../../app/auth';
import { failureText } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/Form';
import { Spinner } from '../../../components/ui/Spinner';
import { showToast } from '../../../components/ui/toastQueue';
import { commonMessages } from '../../../i18n/commonMessages';

const m = defineMessages({
  title: { id: 'trainings.customers.locked.title', defaultMessage: 'Éléments verrouillés pour cet apprenant' },
  lead: {
    id: 'trainings.customers.locked.lead',
    defaultMessage: 'Débloquer ouvre l’élément pour cet apprenant seulement, quelles que soient les règles de déblocage.',
  },
  empty: { id: 'trainings.customers.locked.empty', defaultMessage: 'Aucun élément n’est verrouillé pour cet apprenant.' },
  failed: { id: 'trainings.customers.locked.failed', defaultMessage: 'La progression de cet apprenant n’a pas pu être chargée.' },
  unblock: { id: 'trainings.customers.locked.unblock', defaultMessage: 'Débloquer' },
  unblocking: { id: 'trainings.customers.locked.unblocking', defaultMessage: 'Déblocage…' },
  DATE: { id: 'trainings.customers.locked.reason.DATE', defaultMessage: 'Pas encore disponible (date ou diffusion progressive)' },
  PREVIOUS_ITEM: { id: 'trainings.customers.locked.reason.PREVIOUS_ITEM', defaultMessage: 'Attend la fin de la leçon précédente' },
  QUIZ_SCORE: { id: 'trainings.customers.locked.reason.QUIZ_SCORE', defaultMessage: 'Attend le score minimum d’un quiz' },
  TASKS: { id: 'trainings.customers.locked.reason.TASKS', defaultMessage: 'Attend une liste de tâches terminée' },
  ASSIGNMENT: { id: 'trainings.customers.locked.reason.ASSIGNMENT', defaultMessage: 'Attend un devoir validé' },
  MANUAL: { id: 'trainings.customers.locked.reason.MANUAL', defaultMessage: 'Attend un déblocage par l’équipe' },
});

const named = {
  unblockLabel: defineMessage<{ name: string }>({ id: 'trainings.customers.locked.unblockLabel', defaultMessage: 'Débloquer « {name} »' }),
  unblocked: defineMessage<{ name: string }>({ id: 'trainings.customers.locked.unblocked', defaultMessage: '« {name} » est ouvert pour cet apprenant.' }),
};

type Reason = NonNullable<CustomerTrainingDetail['items'][number]['blocked_by']>;

/**
 * The access dialog's list of the items locked for one learner, each with "Débloquer" (unblockCustomerTrainingItem):
 * the answer is the new progress, put in the query's cache, so the item leaves the list at once.
 */
export function LockedItems({ trainingUuid, customerUuid, canEdit }: { trainingUuid: string; customerUuid: string; canEdit: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid) ?? '';
  const query = customerTrainingQuery(storeUuid, customerUuid, trainingUuid);
  const detail = useQuery({ ...query, enabled: storeUuid !== '' });
  const [pendingId, setPendingId] = useState<number | null>(null);
  const request = useRequest(async ({ id, name }: { id: number; name: string }, signal) => {
    setPendingId(id);
    const body = await unblockCustomerTrainingItem(storeUuid, customerUuid, trainingUuid, id, signal);
    queryClient.setQueryData(query.queryKey, body);
    showToast({ title: intl.formatMessage(named.unblocked, { name }), variant: 'success' });
  });
  const locked = detail.data?.items.filter((item) => item.blocked) ?? [];

  return (
    <section className="locked-items stack" aria-labelledby="locked-items-title" data-testid="locked-items">
      <h3 id="locked-items-title" className="locked-items__title">
        {intl.formatMessage(m.title)}
      </h3>
      {detail.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : detail.isError ? (
        <Banner
          variant="danger"
          title={intl.formatMessage(m.failed)}
          action={<Button variant="secondary" onPress={() => void detail.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>}
        />
      ) : locked.length === 0 ? (
        <p className="page-lead" data-testid="locked-items-empty">
          {intl.formatMessage(m.empty)}
        </p>
      ) : (
        <>
          {canEdit && <p className="field-hint">{intl.formatMessage(m.lead)}</p>}
          <FormError>{failureText(intl, request.error)}</FormError>
          <ul className="locked-items__list">
            {locked.map((item) => (
              <li key={item.item_id} className="locked-items__row" data-testid="locked-item">
                <span className="locked-items__name">
                  <strong>{item.name}</strong>
                  {item.blocked_by && <span className="field-hint">{intl.formatMessage(m[item.blocked_by as Reason])}</span>}
                </span>
                {canEdit && (
                  <Button
                    variant="secondary"
                    aria-label={intl.formatMessage(named.unblockLabel, { name: item.name })}
                    isPending={request.isSubmitting && pendingId === item.item_id}
                    isDisabled={request.isSubmitting}
                    pendingLabel={intl.formatMessage(m.unblocking)}
                    onPress={() => request.submit({ id: item.item_id, name: item.name })}
                  >
                    {intl.formatMessage(m.unblock)}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
