import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { trainingItemFeedbacksQuery } from '../../../api/trainingItemsApi';
import { FailedToLoad } from '../../../components/ui/ListStates';
import { Card } from '../../../components/ui/Card';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import '../../../components/catalogue/catalogue.css';

const m = defineMessages({
  title: { id: 'trainings.item.feedbacks.title', defaultMessage: 'Avis des apprenants' },
  empty: { id: 'trainings.item.feedbacks.empty', defaultMessage: 'Aucun avis pour le moment. Les apprenants en donnent quand la formation le leur demande (paramètres de la formation).' },
  failed: { id: 'trainings.item.feedbacks.failed', defaultMessage: 'Les avis n’ont pas pu être chargés.' },
  noComment: { id: 'trainings.item.feedbacks.noComment', defaultMessage: 'Sans commentaire' },
});
const mv = {
  rating: defineMessage<{ rating: number }>({ id: 'trainings.item.feedbacks.rating', defaultMessage: '{rating} sur 5' }),
  count: defineMessage<{ count: number }>({ id: 'trainings.item.feedbacks.count', defaultMessage: '{count, plural, =0 {Aucun avis} one {# avis} other {# avis}}' }),
};

/** The learners' feedback on this item (rating, comment), newest first, a page of 10 (settings column of the item editor). */
export function ItemFeedbacksCard({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trainingItemFeedbacksQuery(trainingUuid, itemId, page), placeholderData: keepPreviousData });
  return (
    <Card title={intl.formatMessage(m.title)} description={list.data ? intl.formatMessage(mv.count, { count: list.data.meta.total }) : undefined}>
      <div className="stack" data-testid="item-feedbacks">
        {list.isPending ? (
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        ) : list.isError ? (
          <FailedToLoad title={intl.formatMessage(m.failed)} query={list} size="sm" />
        ) : list.data.data.length === 0 ? (
          <p className="muted" data-testid="item-feedbacks-empty">
            {intl.formatMessage(m.empty)}
          </p>
        ) : (
          <>
            <ul className="item-feedbacks" aria-busy={list.isFetching || undefined}>
              {list.data.data.map((feedback) => (
                <li key={feedback.id} className="item-feedbacks__row" data-testid="item-feedback">
                  <div className="item-feedbacks__head">
                    <strong>{feedback.customer.display_name}</strong>
                    {feedback.rating !== null && <span className="pill">{intl.formatMessage(mv.rating, { rating: feedback.rating })}</span>}
                    <span className="muted">{intl.formatDate(feedback.created_at, { dateStyle: 'medium' })}</span>
                  </div>
                  <p className={feedback.comment ? 'item-feedbacks__comment' : 'item-feedbacks__comment muted'}>{feedback.comment ?? intl.formatMessage(m.noComment)}</p>
                </li>
              ))}
            </ul>
            <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={setPage} />
          </>
        )}
      </div>
    </Card>
  );
}
