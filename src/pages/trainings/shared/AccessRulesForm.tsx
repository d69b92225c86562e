import { useEffect, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { useInspectedMachine } from '../../../app/inspector';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { createAccessRulesActors } from '../../../../machines/accessRules/accessRules.actors';
import { accessRulesMachine, type SaveAccessRulesInput, type SavedAccessRules } from '../../../../machines/accessRules/accessRules.machine';
import { selectAccessRulesView } from '../../../../machines/accessRules/accessRules.selectors';
import { isGlobalFailure, reportFailure } from '../../../app/failureReporter';
import { failureText, fieldErrors } from '../../../app/failureText';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { DateField } from '../../../components/ui/DateField';
import { Form, FormError } from '../../../components/ui/Form';
import { TextLink } from '../../../components/ui/Link';
import { TextField } from '../../../components/ui/TextField';
import { settingsMessages } from '../training/settingsMessages';
import { trainingTabHref } from '../training/trainingTabs';
import { accessFormMessages as fm, accessMessages, accessProblemMessages, accessRowFieldLabel, DRIP_FREQUENCIES, dripMessages, dripShortMessages } from './accessMessages';
import type { AccessRules, AccessRulesText } from '../../../../shared/accessRules';

const isFailure = (error: unknown): error is Failure => typeof error === 'object' && error !== null && 'status' in error && 'fieldErrors' in error;
const FIELDS = ['max_customers', 'access_duration_days', 'enrollment_ends_at', 'drip_frequency'] as const;

export interface AccessRulesFormOptions {
  /** The training's rules as stored (read when the form mounts). */
  rules: AccessRules;
  /** The certificate switch, when the form edits it too. */
  certificate?: boolean;
  /** PUT /trainings/{uuid} with the caches it updates; answers the saved training. */
  save: (body: SaveAccessRulesInput, signal: AbortSignal) => Promise<SavedAccessRules>;
}

/** The composition root of machines/accessRules: the form's view-model and what its fields send. */
export function useAccessRulesForm({ rules, certificate, save }: AccessRulesFormOptions) {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  const machine = useMemo(
    () =>
      accessRulesMachine.provide({
        actors: createAccessRulesActors({
          save: (body, signal) =>
            latest.current(body, signal).catch((error: unknown) => {
              // The form explains its own failures; the rest (no answer, 5xx…) go to the shell's catalogue too.
              if (isFailure(error) && isGlobalFailure(error)) reportFailure(error);
              throw error;
            }),
        }),
      }),
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { rules, ...(certificate === undefined ? {} : { certificate }) } });
  return {
    view: selectAccessRulesView(snapshot),
    change: (field: keyof AccessRulesText) => (value: string) => send({ type: 'CHANGE', field, value }),
    setCertificate: (value: boolean) => send({ type: 'SET_CERTIFICATE', value }),
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      send({ type: 'SUBMIT' });
    },
  };
}

type AccessRulesFormState = ReturnType<typeof useAccessRulesForm>;

export type AccessRulesFormProps =
  /** A training's settings tab: labelled fields, the certificate, "Enregistré !" above. */
  | { form: AccessRulesFormState; layout: 'card' }
  /** A row of /formations/parametres: one cell per field (named by its column and the training), Save at the end. */
  | { form: AccessRulesFormState; layout: 'row'; training: { uuid: string; name: string } };

/** The access-rules form, one for both places it is edited. It only draws machines/accessRules. */
export function AccessRulesForm(props: AccessRulesFormProps) {
  const intl = useIntl();
  const { view } = props.form;
  /** A field's problem (found before the call) or the server's per-field errors. */
  const errorOf = (field: keyof AccessRules) => {
    const problem = view.problems[field];
    return problem ? intl.formatMessage(accessProblemMessages[problem]) : fieldErrors(view.failure, field)?.join(', ');
  };
  return props.layout === 'card' ? <CardLayout form={props.form} errorOf={errorOf} /> : <RowLayout form={props.form} training={props.training} errorOf={errorOf} />;
}

type ErrorOf = (field: keyof AccessRules) => string | undefined;

function CardLayout({ form, errorOf }: { form: AccessRulesFormState; errorOf: ErrorOf }) {
  const intl = useIntl();
  const { view, change } = form;
  return (
    <Form className="stack" onSubmit={form.submit} data-testid="settings-access">
      {view.isSaved && (
        <Banner variant="success" role="status">
          {intl.formatMessage(settingsMessages.saved)}
        </Banner>
      )}
      <FormError>{failureText(intl, view.failure, [...FIELDS])}</FormError>
      <div className="form-row">
        <TextField
          name="max_customers"
          label={intl.formatMessage(accessMessages.maxCustomers)}
          description={intl.formatMessage(accessMessages.maxCustomersHint)}
          inputMode="numeric"
          value={view.text.max_customers}
          onChange={change('max_customers')}
          errorMessage={errorOf('max_customers')}
        />
        <TextField
          name="access_duration_days"
          label={intl.formatMessage(accessMessages.duration)}
          description={intl.formatMessage(accessMessages.durationHint)}
          inputMode="numeric"
          value={view.text.access_duration_days}
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
          value={view.text.enrollment_ends_at}
          onChange={change('enrollment_ends_at')}
          errorMessage={errorOf('enrollment_ends_at')}
          clearLabel={intl.formatMessage(fm.cardClearEndsAt)}
        />
        <label className="native-field">
          <span className="ui-field__label">{intl.formatMessage(accessMessages.drip)}</span>
          <select className="native-field__select" name="drip_frequency" value={view.text.drip_frequency} onChange={(event) => change('drip_frequency')(event.target.value)}>
            <option value="">{intl.formatMessage(accessMessages.dripNone)}</option>
            {DRIP_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {intl.formatMessage(dripMessages[frequency])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view.certificate !== null && (
        <Checkbox isSelected={view.certificate} onChange={form.setCertificate} description={intl.formatMessage(accessMessages.certificateHint)} data-testid="settings-certificate">
          {intl.formatMessage(accessMessages.certificate)}
        </Checkbox>
      )}
      <div className="form-actions">
        <Button type="submit" isPending={view.isSaving} pendingLabel={intl.formatMessage(settingsMessages.saving)} data-testid="settings-access-save">
          {intl.formatMessage(settingsMessages.save)}
        </Button>
      </div>
    </Form>
  );
}

function RowLayout({ form, training, errorOf }: { form: AccessRulesFormState; training: { uuid: string; name: string }; errorOf: ErrorOf }) {
  const intl = useIntl();
  const { view, change } = form;
  const label = (field: MessageDescriptor) => intl.formatMessage(accessRowFieldLabel, { field: intl.formatMessage(field), name: training.name });
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
      value={view.text[field]}
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
          value={view.text.enrollment_ends_at}
          onChange={change('enrollment_ends_at')}
          isInvalid={errorOf('enrollment_ends_at') ? true : undefined}
          aria-describedby={errorOf('enrollment_ends_at') ? `${formId}-enrollment_ends_at-error` : undefined}
          clearLabel={label(fm.rowClearEndsAt)}
        />,
      )}
      {cell(
        'drip_frequency',
        accessMessages.drip,
        <select form={formId} className="native-field__select" aria-label={label(accessMessages.drip)} value={view.text.drip_frequency} onChange={(event) => change('drip_frequency')(event.target.value)}>
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
        <form id={formId} onSubmit={form.submit} className="rules-table__actions">
          <Button
            type="submit"
            size="sm"
            variant={view.isDirty ? 'primary' : 'secondary'}
            isDisabled={!view.isDirty && !view.isSaving}
            isPending={view.isSaving}
            pendingLabel={intl.formatMessage(fm.rowSaving)}
            data-testid="rules-save"
          >
            {intl.formatMessage(fm.rowSave)}
          </Button>
          {view.isSaved && (
            <span className="muted" role="status">
              {intl.formatMessage(fm.rowSaved)}
            </span>
          )}
          {view.failure && !Object.keys(view.failure.fieldErrors).length && (
            <span className="ui-field__error" role="alert">
              {failureText(intl, view.failure)}
            </span>
          )}
        </form>
      </td>
    </tr>
  );
}
