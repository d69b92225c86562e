import { useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { aiContentsQuery } from '../../api/aiApi';
import { AuthActor } from '../../app/auth';
import { Card } from '../../components/ui/Card';
import { ListStates } from '../../components/ui/ListStates';
import { Pagination } from '../../components/ui/Pagination';
import { AiNav } from './AiNav';
import { AI_TYPES, aiMessages, isAiType, typeNames } from './aiMessages';
import '../pages.css';
import './ai.css';

const m = defineMessages({
  title: { id: 'ai.history.title', defaultMessage: 'Historique de l’assistant IA' },
  filter: { id: 'ai.history.filter', defaultMessage: 'Type de texte' },
  all: { id: 'ai.history.all', defaultMessage: 'Tous' },
  asked: { id: 'ai.history.asked', defaultMessage: 'Demande' },
  failed: { id: 'ai.history.failed', defaultMessage: 'L’historique n’a pas pu être chargé.' },
  noMatch: { id: 'ai.history.noMatch', defaultMessage: 'Aucun texte de ce type pour l’instant.' },
  emptyTitle: { id: 'ai.history.emptyTitle', defaultMessage: 'Pas encore de texte' },
  emptyBody: { id: 'ai.history.emptyBody', defaultMessage: 'Les textes que l’assistant rédige pour vous sont gardés ici.' },
});
const creditsText = defineMessage<{ count: number }>({ id: 'ai.history.credits', defaultMessage: '{count, plural, one {# crédit} other {# crédits}}' });

/** /assistant-ia/historique: every text kept, newest first, by type; readable even without a provider. */
export function AiHistoryPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? '');
  const typeParam = params.get('type');
  const type = isAiType(typeParam) ? typeParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ ...aiContentsQuery(storeUuid, page, type), enabled: storeUuid !== '' });
  const rows = list.data?.data ?? [];
  return (
    <div className="page ai-page" data-testid="ai-history-page">
      <header className="ai-page__header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <AiNav />
      </header>
      <label className="native-field ai-history__filter">
        <span className="native-field__label">{intl.formatMessage(m.filter)}</span>
        <select className="native-field__select" value={type ?? ''} onChange={(change) => setParams(change.target.value ? { type: change.target.value } : {})}>
          <option value="">{intl.formatMessage(m.all)}</option>
          {AI_TYPES.map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage(typeNames[option])}
            </option>
          ))}
        </select>
      </label>
      <ListStates query={list} isEmpty={rows.length === 0} isFiltered={type !== undefined} testId="ai-history" messages={m}>
        <ul className="ai-history" aria-label={intl.formatMessage(aiMessages.navHistory)}>
          {rows.map((content) => (
            <li key={content.uuid} data-testid="ai-history-item">
              <Card>
                <article className="stack">
                  <header className="ai-history__meta">
                    <h2 className="ai-history__type">{intl.formatMessage(typeNames[content.type])}</h2>
                    {content.buyable && <span className="pill">{content.buyable.name}</span>}
                    <span className="ai-history__date">
                      {intl.formatDate(content.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                      {' · '}
                      {intl.formatMessage(creditsText, { count: content.credits_used })}
                      {content.created_by ? ` · ${content.created_by.display_name}` : ''}
                    </span>
                  </header>
                  <p className="ai-history__input">
                    <strong>{intl.formatMessage(m.asked)} : </strong>
                    {content.input}
                  </p>
                  <div className="ai-output">{content.content}</div>
                </article>
              </Card>
            </li>
          ))}
        </ul>
        {list.data && list.data.meta.last_page > 1 && (
          <Pagination page={page} lastPage={list.data.meta.last_page} onChange={(next) => setParams({ ...(type ? { type } : {}), page: String(next) })} />
        )}
      </ListStates>
    </div>
  );
}
