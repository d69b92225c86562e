import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { failureText, fieldErrors } from '../../../app/failureText';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { DateField } from '../../../components/ui/DateField';
import { Form, FormError } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { accessMessages, accessProblemMessages, DRIP_FREQUENCIES, dripMessages } from '../shared/accessMessages';
import { accessRulesText, parseAccessRules, type AccessProblem, type AccessRules, type AccessRulesText } from '../shared/accessRules';
import { settingsMessages } from './settingsMessages';
import { saveTraining, type Training, type TrainingUpdate } from '../../../api/trainingsApi';

const m = defineMessages({
  title: { id: 'trainings.settings.access', defaultMessage: 'Accès et inscriptions' },
  clearEndsAt: { id: 'trainings.settings.clearEndsAt', defaultMessage: 'Effacer la fin des inscriptions' },
});

/** Places, access duration, end of enrolment, drip release and certificate of one training. */
export function SettingsAccessCard({ training }: { training: Training }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [text, setText] = useState<AccessRulesText>(() => accessRulesText(training));
  const [certificate, setCertificate] = useState(training.certificate_enabled);
  const [problems, setProblems] = useState<Partial<Record<keyof AccessRules, AccessProblem>>>({});
  const request = useRequest((body: TrainingUpdate, signal) => saveTraining(queryClient, training.uuid, body, signal).then(() => undefined));

  const change = (field: keyof AccessRulesText) => (value: string) => {
    setText((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: keyof AccessRules) => {
    const problem = problems[field];
    return problem ? intl.formatMessage(accessProblemMessages[problem]) : fieldErrors(request.error, field);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseAccessRules(text);
    if (parsed.problems) {
      setProblems(parsed.problems);
      return;
    }
    request.submit({ ...parsed.rules, certificate_enabled: certificate });
  };

  return (
    <Card title={intl.formatMessage(m.title)}>
      <Form className="stack" onSubmit={onSubmit} data-testid="settings-access">
        {request.hasSucceeded && (
          <Banner variant="success" role="status">
            {intl.formatMessage(settingsMessages.saved)}
          </Banner>
        )}
        <FormError>{failureText(intl, request.error, ['max_customers', 'access_duration_days', 'enrollment_ends_at', 'drip_frequency'])}</FormError>
        <div className="form-row">
          <TextField
            name="max_customers"
            label={intl.formatMessage(accessMessages.maxCustomers)}
            description={intl.formatMessage(accessMessages.maxCustomersHint)}
            inputMode="numeric"
            value={text.max_customers}
            onChange={change('max_customers')}
            errorMessage={errorOf('max_customers')}
          />
          <TextField
            name="access_duration_days"
            label={intl.formatMessage(accessMessages.duration)}
            description={intl.formatMessage(accessMessages.durationHint)}
            inputMode="numeric"
            value={text.access_duration_days}
            onChange={change('access_duration_days')}
            errorMessage={errorOf('access_duration_days')}
          />
        </div>
        <div className="form-row">
          <DateField
            name="enrollment_ends_at"
            granularity="minute"
            label={intl.formatMessage(accessMessages.endsAt)}
            description={intl.formatMessage(accessMessages.endsAtHint)}
            value={text.enrollment_ends_at}
            onChange={change('enrollment_ends_at')}
            errorMessage={errorOf('enrollment_ends_at')}
            clearLabel={intl.formatMessage(m.clearEndsAt)}
          />
          <label className="native-field">
            <span className="ui-field__label">{intl.formatMessage(accessMessages.drip)}</span>
            <select className="native-field__select" name="drip_frequency" value={text.drip_frequency} onChange={(event) => change('drip_frequency')(event.target.value)}>
              <option value="">{intl.formatMessage(accessMessages.dripNone)}</option>
              {DRIP_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {intl.formatMessage(dripMessages[frequency])}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Checkbox isSelected={certificate} onChange={setCertificate} description={intl.formatMessage(accessMessages.certificateHint)} data-testid="settings-certificate">
          {intl.formatMessage(accessMessages.certificate)}
        </Checkbox>
        <div className="form-actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="settings-access-save">
            {intl.formatMessage(settingsMessages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
