import { useMemo, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { aiCreditsQuery, streamAiText } from '../../api/aiApi';
import { trainingChoicesQuery } from '../../api/trainingsApi';
import { createAiAssistantActors } from '../../../machines/aiAssistant/aiAssistant.actors';
import { aiAssistantMachine, type AiRequest } from '../../../machines/aiAssistant/aiAssistant.machine';
import { selectAiAssistantView } from '../../../machines/aiAssistant/aiAssistant.selectors';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { Form } from '../../components/ui/Form';
import { TextAreaField } from '../../components/ui/TextAreaField';
import type { Failure } from '../../../shared/failure';
import { AiNav } from './AiNav';
import { AI_TYPES, aiMessages, isAiType, typeHints, typeNames } from './aiMessages';
import '../pages.css';
import './ai.css';

const m = defineMessages({
  lead: { id: 'ai.write.lead', defaultMessage: 'Décrivez votre formation, votre public et le ton voulu : l’assistant rédige pour vous, et le texte s’affiche au fil de l’écriture.' },
  kind: { id: 'ai.write.kind', defaultMessage: 'Type de texte' },
  input: { id: 'ai.write.input', defaultMessage: 'Votre demande' },
  inputHint: { id: 'ai.write.inputHint', defaultMessage: 'Sujet, public visé, ton, points à mettre en avant.' },
  inputMissing: { id: 'ai.write.inputMissing', defaultMessage: 'Décrivez ce que vous voulez obtenir.' },
  training: { id: 'ai.write.training', defaultMessage: 'Formation concernée (facultatif)' },
  noTraining: { id: 'ai.write.noTraining', defaultMessage: 'Aucune' },
  stop: { id: 'ai.write.stop', defaultMessage: 'Arrêter' },
  resultTitle: { id: 'ai.write.resultTitle', defaultMessage: 'Texte proposé' },
  streaming: { id: 'ai.write.streaming', defaultMessage: 'Rédaction en cours…' },
  done: { id: 'ai.write.done', defaultMessage: 'Texte enregistré dans votre historique.' },
  cancelled: { id: 'ai.write.cancelled', defaultMessage: 'Rédaction arrêtée : le texte n’est pas conservé et vos crédits vous sont rendus.' },
  copy: { id: 'ai.write.copy', defaultMessage: 'Copier le texte' },
  buy: { id: 'ai.write.buy', defaultMessage: 'Acheter des crédits' },
  empty: { id: 'ai.write.empty', defaultMessage: 'Le texte apparaîtra ici.' },
});
const mv = {
  submit: defineMessage<{ cost: number }>({ id: 'ai.write.submit', defaultMessage: 'Générer ({cost, plural, one {# crédit} other {# crédits}})' }),
  balance: defineMessage<{ total: number; pack: number }>({
    id: 'ai.write.balance',
    defaultMessage: '{total, plural, =0 {Aucun crédit disponible} one {# crédit disponible} other {# crédits disponibles}}{pack, plural, =0 {} other { (dont # offerts, utilisés en premier)}}',
  }),
};

/** The AI's own failures (provider missing or down, the text cut) come with the server's sentence, which says what to do. */
const aiFailureText = (intl: ReturnType<typeof useIntl>, failure: Failure | null) =>
  failure?.code?.startsWith('AI_') ? failure.message : failureText(intl, failure);

/**
 * /assistant-ia?type=: the writer (machines/aiAssistant). The kind of text follows the address; the text streams
 * in as the provider writes it; "Arrêter" closes the stream (nothing kept, credits given back).
 */
export function AiAssistantPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? '');
  const credits = useQuery({ ...aiCreditsQuery(storeUuid), enabled: storeUuid !== '' });
  const trainings = useQuery(trainingChoicesQuery());
  const initialType = params.get('type');
  const machine = useMemo(
    () =>
      aiAssistantMachine.provide({
        actors: createAiAssistantActors({
          streamText: async (request: AiRequest, onDelta, signal) => {
            try {
              return await streamAiText(storeUuid, request, onDelta, signal);
            } finally {
              // Credits were taken, or given back: the balance on screen follows.
              void queryClient.invalidateQueries({ queryKey: aiCreditsQuery(storeUuid).queryKey });
            }
          },
        }),
      }),
    [storeUuid, queryClient],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { type: isAiType(initialType) ? initialType : 'title_ideas' } });
  const view = selectAiAssistantView(snapshot);
  const cost = credits.data?.costs[view.request.type] ?? 0;
  const total = (credits.data?.pack_credits ?? 0) + (credits.data?.paid_credits ?? 0);
  const unconfigured = credits.data?.provider_configured === false;
  const failure = aiFailureText(intl, view.failure);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <div className="page ai-page" data-testid="ai-assistant-page">
      <header className="ai-page__header">
        <h1 className="page-title">{intl.formatMessage(aiMessages.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
        <AiNav />
      </header>

      {unconfigured && (
        <Banner variant="warning" data-testid="ai-not-configured">
          {intl.formatMessage(aiMessages.notConfigured)}
        </Banner>
      )}

      <div className="ai-write">
        <Card>
          <Form className="stack" onSubmit={onSubmit} data-testid="ai-form">
            <ChoiceGroup
              label={intl.formatMessage(m.kind)}
              name="type"
              testId="ai-type"
              layout="grid"
              isDisabled={view.isStreaming}
              value={view.request.type}
              onChange={(value) => {
                send({ type: 'SET_TYPE', value });
                setParams({ type: value }, { replace: true });
              }}
              choices={AI_TYPES.map((type) => ({ value: type, label: intl.formatMessage(typeNames[type]), description: intl.formatMessage(typeHints[type]) }))}
            />
            <TextAreaField
              label={intl.formatMessage(m.input)}
              description={intl.formatMessage(m.inputHint)}
              name="input"
              rows={5}
              maxLength={5000}
              showCount
              isRequired
              isReadOnly={view.isStreaming}
              value={view.request.input}
              onChange={(value) => send({ type: 'CHANGE_INPUT', value })}
              errorMessage={view.inputMissing ? intl.formatMessage(m.inputMissing) : undefined}
            />
            <label className="native-field">
              <span className="native-field__label">{intl.formatMessage(m.training)}</span>
              <select
                className="native-field__select"
                name="training"
                disabled={view.isStreaming}
                value={view.request.buyable?.uuid ?? ''}
                onChange={(change) => send({ type: 'CHOOSE_BUYABLE', value: change.target.value ? { type: 'TRAINING', uuid: change.target.value } : null })}
              >
                <option value="">{intl.formatMessage(m.noTraining)}</option>
                {(trainings.data?.data ?? []).map((training) => (
                  <option key={training.uuid} value={training.uuid}>
                    {training.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="ai-write__actions">
              {view.isStreaming ? (
                <Button variant="secondary" onPress={() => send({ type: 'CANCEL' })} data-testid="ai-stop">
                  {intl.formatMessage(m.stop)}
                </Button>
              ) : (
                <Button type="submit" isDisabled={unconfigured} data-testid="ai-submit">
                  {intl.formatMessage(mv.submit, { cost })}
                </Button>
              )}
              {credits.data && (
                <p className="ai-write__balance" data-testid="ai-balance">
                  {intl.formatMessage(mv.balance, { total, pack: credits.data.pack_credits })}
                  {total < cost && (
                    <>
                      {' · '}
                      <Link to="/assistant-ia/tableau-de-bord">{intl.formatMessage(m.buy)}</Link>
                    </>
                  )}
                </p>
              )}
            </div>
          </Form>
        </Card>

        <Card title={intl.formatMessage(m.resultTitle)} headingLevel={2}>
          <div className="stack">
            {failure && (
              <Banner variant="danger" data-testid="ai-failure">
                {failure}
              </Banner>
            )}
            {view.isCancelled && <Banner variant="info">{intl.formatMessage(m.cancelled)}</Banner>}
            <p className="ai-write__status" role="status" data-testid="ai-status">
              {view.isStreaming ? intl.formatMessage(m.streaming) : view.isDone ? intl.formatMessage(m.done) : ''}
            </p>
            <div className="ai-output" data-testid="ai-output" aria-busy={view.isStreaming}>
              {view.text || <span className="ai-output__empty">{intl.formatMessage(m.empty)}</span>}
            </div>
            {view.result && (
              <Button variant="secondary" size="sm" className="ai-write__copy" onPress={() => void navigator.clipboard?.writeText(view.text)}>
                {intl.formatMessage(m.copy)}
              </Button>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
