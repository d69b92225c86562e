import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { saveListedTraining, type TrainingSummary, type TrainingUpdate } from '../../../api/trainingsApi';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { TextLink } from '../../../components/ui/Link';
import { accessMessages, accessProblemMessages, DRIP_FREQUENCIES, dripShortMessages } from '../shared/accessMessages';
import { accessRulesText, parseAccessRules, type AccessProblem, type AccessRules, type AccessRulesText } from '../shared/accessRules';
import { TrainingTablePage } from '../shared/TrainingTablePage';
import { useTrainingPages } from '../shared/useTrainingPages';
import { trainingTabHref } from '../training/trainingTabs';

const m = defineMessages({
  title: { id: 'trainings.rules.title', defaultMessage: 'Réglages des formations' },
  lead: { id: 'trainings.rules.lead', defaultMessage: 'Les règles d’accès de toutes vos formations au même endroit. Un champ vide signifie sans limite.' },
  colTraining: { id: 'trainings.rules.colTraining', defaultMessage: 'Formation' },
  save: { id: 'trainings.rules.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'trainings.rules.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'trainings.rules.saved', defaultMessage: 'Enregistré' },
  clearEndsAt: { id: 'trainings.rules.clearEndsAt', defaultMessage: 'Effacer la fin des inscriptions' },
});
const fieldLabel = defineMessage<{ field: string; name: string }>({ id: 'trainings.rules.fieldLabel', defaultMessage: '{field} — {name}' });

/**
 * /formations/parametres (OWNER, ADMIN): every training's access rules (places, access duration, end of
 * enrolment, drip release) in one table, each row edited in place and saved on its own.
 */
export function TrainingsSettingsPage() {
  const intl = useIntl();
  const pages = useTrainingPages();
  return (
    <TrainingTablePage title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} data-testid="trainings-settings-page" pages={pages}>
      {(rows) => (
        <div className="table-scroll ui-card rules-table-box">
          <table className="data-table rules-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colTraining)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.maxCustomers)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.duration)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.endsAt)}</th>
                <th scope="col">{intl.formatMessage(accessMessages.drip)}</th>
                <th scope="col">
                  <span className="visually-hidden">{intl.formatMessage(m.save)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((training) => (
                <RulesRow key={training.uuid} training={training} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TrainingTablePage>
  );
}

function RulesRow({ training }: { training: TrainingSummary }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [text, setText] = useState<AccessRulesText>(() => accessRulesText(training));
  const [problems, setProblems] = useState<Partial<Record<keyof AccessRules, AccessProblem>>>({});
  const request = useRequest((body: TrainingUpdate, signal) => saveListedTraining(queryClient, training.uuid, body, signal).then(() => undefined));
  const stored = accessRulesText(training);
  const dirty = (Object.keys(stored) as Array<keyof AccessRulesText>).some((key) => stored[key] !== text[key]);

  const change = (field: keyof AccessRulesText) => (value: string) => {
    setText((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: keyof AccessRules) => {
    const problem = problems[field];
    const messages = problem ? [intl.formatMessage(accessProblemMessages[problem])] : fieldErrors(request.error, field);
    return messages?.join(', ');
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseAccessRules(text);
    if (parsed.problems) setProblems(parsed.problems);
    else request.submit(parsed.rules);
  };
  const label = (field: MessageDescriptor) => intl.formatMessage(fieldLabel, { field: intl.formatMessage(field), name: training.name });
  const formId = `rules-${training.uuid}`;
  const cell = (field: keyof AccessRules, labelText: MessageDescriptor, input: ReactNode) => {
    const error = errorOf(field);
    return (
      <td className={`rules-table__cell rules-table__cell--${field}`}>
        {/* The column's heading, shown above the field when the rows stack (narrow window); the field is named by
            its aria-label already, so this copy stays out of the accessibility tree. */}
        <span className="rules-table__label" aria-hidden="true">
          {intl.formatMessage(labelText)}
        </span>
        {input}
        {error && (
          <span className="ui-field__error rules-table__error" id={`${formId}-${field}-error`}>
            {error}
          </span>
        )}
      </td>
    );
  };
  const numberInput = (field: 'max_customers' | 'access_duration_days', labelText: MessageDescriptor) => (
    <input
      form={formId}
      className="ui-input rules-table__number"
      inputMode="numeric"
      placeholder={intl.formatMessage(accessMessages.unlimited)}
      aria-label={label(labelText)}
      value={text[field]}
      onChange={(event) => change(field)(event.target.value)}
      aria-invalid={errorOf(field) ? true : undefined}
      aria-describedby={errorOf(field) ? `${formId}-${field}-error` : undefined}
    />
  );

  return (
    <tr data-testid="rules-row" data-training={training.uuid}>
      <th scope="row" className="rules-table__name">
        <TextLink href={trainingTabHref(training.uuid, 'settings')}>{training.name}</TextLink>
      </th>
      {cell('max_customers', accessMessages.maxCustomers, numberInput('max_customers', accessMessages.maxCustomers))}
      {cell('access_duration_days', accessMessages.duration, numberInput('access_duration_days', accessMessages.duration))}
      {cell(
        'enrollment_ends_at',
        accessMessages.endsAt,
        <DateField
          form={formId}
          granularity="minute"
          className="rules-table__date"
          aria-label={label(accessMessages.endsAt)}
          value={text.enrollment_ends_at}
          onChange={change('enrollment_ends_at')}
          isInvalid={errorOf('enrollment_ends_at') ? true : undefined}
          aria-describedby={errorOf('enrollment_ends_at') ? `${formId}-enrollment_ends_at-error` : undefined}
          clearLabel={label(m.clearEndsAt)}
        />,
      )}
      {cell(
        'drip_frequency',
        accessMessages.drip,
        <select form={formId} className="native-field__select" aria-label={label(accessMessages.drip)} value={text.drip_frequency} onChange={(event) => change('drip_frequency')(event.target.value)}>
          <option value="">{intl.formatMessage(dripShortMessages.none)}</option>
          {DRIP_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {intl.formatMessage(dripShortMessages[frequency])}
            </option>
          ))}
        </select>,
      )}
      <td className="rules-table__cell rules-table__cell--save">
        {/* One form per row (inputs join it with form=…): Enter in a field saves that row only. */}
        <form id={formId} onSubmit={onSubmit} className="rules-table__actions">
          <Button type="submit" size="sm" variant={dirty ? 'primary' : 'secondary'} isDisabled={!dirty} isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)} data-testid="rules-save">
            {intl.formatMessage(m.save)}
          </Button>
          {request.hasSucceeded && !dirty && (
            <span className="muted" role="status">
              {intl.formatMessage(m.saved)}
            </span>
          )}
          {request.error && !Object.keys(request.error.fieldErrors).length && (
            <span className="ui-field__error" role="alert">
              {failureText(intl, request.error)}
            </span>
          )}
        </form>
      </td>
    </tr>
  );
}
