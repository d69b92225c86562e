import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useInspectedMachine } from '../../../app/inspector';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { questionnaireMachine } from '../../../../machines/questionnaire/questionnaire.machine';
import { createQuestionnaireActors } from '../../../../machines/questionnaire/questionnaire.actors';
import { selectQuestionnaireView } from '../../../../machines/questionnaire/questionnaire.selectors';
import { updateStore } from '../../../api/storesApi';
import { AuthActor } from '../../../app/auth';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Modal } from '../../../components/ui/Dialog';
import { percentOf, ProgressMeter } from '../../../components/ui/ProgressMeter';
import { TextField } from '../../../components/ui/TextField';
import { optionLabels, progressMessage, questionLabels, questionnaireMessages as m } from './questionnaireMessages';
import './questionnaire.css';

/**
 * The onboarding questionnaire (spec sections 2, 4, 5): one question at a time, non-cancelable, full
 * screen on phones. The machine holds the answers and the rules; this view only renders its snapshot.
 */
export function QuestionnaireModal({ storeUuid, answered, onDone }: { storeUuid: string; answered: boolean; onDone: () => void }) {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const machine = useMemo(
    () =>
      questionnaireMachine.provide({
        actors: createQuestionnaireActors({
          saveAnswers: async (json, signal) => {
            const store = await updateStore(storeUuid, { onboarding_questions: json }, signal);
            const user = auth.getSnapshot().context.user;
            if (user) auth.send({ type: 'USER_UPDATED', user: { ...user, store } });
          },
        }),
      }),
    [storeUuid, auth],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { answered } });
  const view = selectQuestionnaireView(snapshot);
  const { question, draft } = view;
  const label = (option: string) => intl.formatMessage(optionLabels[`${question.name}.${option}`] ?? { id: option, defaultMessage: option });

  return (
    <Modal
      isOpen
      onOpenChange={() => {}}
      isDismissable={false}
      isKeyboardDismissDisabled
      title={intl.formatMessage(m.title)}
      size="md"
      className="questionnaire-modal"
    >
      <div className="questionnaire" data-testid="questionnaire">
        {(view.isAlreadyAnswered || view.isSent) && (
          <div className="stack" data-testid={view.isSent ? 'questionnaire-sent' : 'questionnaire-already'}>
            <Banner variant="success" role="status">
              {intl.formatMessage(view.isSent ? m.thanks : m.already)}
            </Banner>
            <div>
              <Button onPress={onDone}>{intl.formatMessage(m.goHome)}</Button>
            </div>
          </div>
        )}
        {(view.isAnswering || view.isSending) && (
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: view.isLast ? 'SEND' : 'NEXT' });
            }}
          >
            <p className="questionnaire__lead">{intl.formatMessage(m.lead)}</p>
            <ProgressMeter
              value={view.progress.step}
              max={view.progress.total}
              label={intl.formatMessage(progressMessage, view.progress)}
              className="questionnaire__progress"
              labelClassName="questionnaire__step"
              data-testid="questionnaire-progress"
            >
              <div className="questionnaire__track" aria-hidden="true">
                <div className="questionnaire__fill" style={{ width: `${percentOf(view.progress.step, view.progress.total)}%` }} />
              </div>
            </ProgressMeter>

            <fieldset className="questionnaire__question" data-question={question.name} aria-invalid={view.error !== null || undefined}>
              {question.type === 'radio' && (
                <RadioGroup
                  value={typeof draft.value === 'string' ? draft.value : ''}
                  onChange={(value) => send({ type: 'ANSWER', name: question.name, value })}
                  isInvalid={view.error !== null}
                  className="questionnaire__choices"
                >
                  <Label className="questionnaire__title">{intl.formatMessage(questionLabels[question.name])}</Label>
                  {question.options.map((option) => (
                    <Radio key={option} value={option} className="questionnaire__radio">
                      {label(option)}
                    </Radio>
                  ))}
                </RadioGroup>
              )}
              {question.type === 'select' && (
                <label className="native-field">
                  <span className="questionnaire__title">{intl.formatMessage(questionLabels[question.name])}</span>
                  <select
                    className="native-field__select"
                    name={question.name}
                    value={typeof draft.value === 'string' ? draft.value : ''}
                    onChange={(event) => send({ type: 'ANSWER', name: question.name, value: event.target.value })}
                    aria-invalid={view.error !== null || undefined}
                  >
                    <option value="">{intl.formatMessage(m.choose)}</option>
                    {question.options.map((option) => (
                      <option key={option} value={option}>
                        {label(option)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {question.type === 'checkbox' && (
                <div role="group" aria-labelledby="questionnaire-checkbox-title" className="questionnaire__choices">
                  <span id="questionnaire-checkbox-title" className="questionnaire__title">
                    {intl.formatMessage(questionLabels[question.name])}
                  </span>
                  {question.options.map((option) => (
                    <Checkbox
                      key={option}
                      value={option}
                      isSelected={Array.isArray(draft.value) && draft.value.includes(option)}
                      onChange={() => send({ type: 'TOGGLE', name: question.name, option })}
                    >
                      {label(option)}
                    </Checkbox>
                  ))}
                </div>
              )}
              {view.needsDetail && (
                <TextField
                  name={`${question.name}_other`}
                  label={intl.formatMessage(m.detail)}
                  value={draft.other}
                  onChange={(text) => send({ type: 'DETAIL', name: question.name, text })}
                  maxLength={255}
                  autoFocus
                />
              )}
              {view.error && (
                <p className="questionnaire__error" role="alert" data-testid="questionnaire-error">
                  {intl.formatMessage(m.missing)}
                </p>
              )}
            </fieldset>
            {view.failure && (
              <Banner variant="danger" data-testid="questionnaire-failure">
                {intl.formatMessage(m.failed)}
              </Banner>
            )}
            <div className="questionnaire__actions">
              {view.canGoBack && (
                <Button variant="secondary" onPress={() => send({ type: 'PREVIOUS' })} data-testid="questionnaire-previous">
                  {intl.formatMessage(m.previous)}
                </Button>
              )}
              <Button type="submit" isPending={view.isSending} pendingLabel={intl.formatMessage(m.sending)} data-testid={view.isLast ? 'questionnaire-send' : 'questionnaire-next'}>
                {intl.formatMessage(view.isLast ? m.send : m.next)}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
