import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { blockerCandidates, UNLOCK_DELAY_MAX_DAYS, type UnlockMode } from '../../../../machines/lessonEditor/itemSettings';
import type { LessonEditorEvent } from '../../../../machines/lessonEditor/lessonEditor.machine';
import type { FieldProblem, LessonFields } from '../../../../machines/lessonEditor/lessonDocument';
import { trainingQuery } from '../../../api/trainingsApi';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import { DateField } from '../../../components/ui/DateField';
import { NumberTextField } from '../../../components/ui/NumberTextField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { ItemFeedbacksCard } from './ItemFeedbacksCard';
import { ItemResourcesCard } from './ItemResourcesCard';
import { blockerLabel, itemSettingsMessages as s } from './itemSettingsMessages';
import { lessonEditorMessages as m } from './lessonEditorMessages';

const MODES: readonly UnlockMode[] = ['NONE', 'DATE', 'DELAY', 'MANUAL', 'PREVIOUS'];

/** A whole number typed in a field: null when empty, NaN when not a number (the machine then shows the problem). */
const wholeNumber = (text: string, digits: number) => {
  const trimmed = text.trim();
  return trimmed === '' ? null : new RegExp(`^\\d{1,${digits}}$`).test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** An ISO instant as the date field holds it (local time, to the minute); '' for none. */
function localMinute(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
/** The date field's local minute as an ISO instant (the browser's time zone); null for none. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

export interface ItemSettingsPanelProps {
  trainingUuid: string;
  itemId: number;
  fields: LessonFields;
  fieldProblems: readonly FieldProblem[];
  send: (event: LessonEditorEvent) => void;
  isDisabled: boolean;
}

/**
 * The settings column of an item editor: minimum time and short description, the unlock rules (mode, its date or
 * delay, blockers on earlier quizzes, task lists and assignments) saved with the item by the lesson-editor
 * machine, the item's resources (their own calls, ItemResourcesCard) and the learners' feedback (ItemFeedbacksCard).
 */
export const ItemSettingsPanel = memo(function ItemSettingsPanel({ trainingUuid, itemId, fields, fieldProblems, send, isDisabled }: ItemSettingsPanelProps) {
  const intl = useIntl();
  const { unlock } = fields;
  const training = useQuery(trainingQuery(trainingUuid));
  const candidates = training.data ? blockerCandidates(training.data.items, itemId) : [];
  const blockerOf = (itemIdOf: number, type: string) => unlock.blockers.find((blocker) => blocker.item_id === itemIdOf && blocker.type === type);
  const durationProblem = fieldProblems.includes('durationOutOfRange');

  return (
    <div className="stack item-settings">
      <Card title={intl.formatMessage(m.settings)}>
        <div className="stack">
          <NumberTextField
            label={intl.formatMessage(m.minDuration)}
            description={intl.formatMessage(m.minDurationHint)}
            inputMode="numeric"
            value={fields.min_complete_duration === null ? null : fields.min_complete_duration / 60}
            parse={(minutes) => wholeNumber(minutes, 5)}
            format={(minutes) => String(Math.round(minutes))}
            onChange={(minutes) => send({ type: 'SET_MIN_DURATION', seconds: minutes === null ? null : minutes * 60 })}
            isDisabled={isDisabled}
            errorMessage={durationProblem ? intl.formatMessage(m.durationOutOfRange) : undefined}
            data-testid="item-min-duration"
          />
          <TextAreaField
            label={intl.formatMessage(m.description)}
            value={fields.description ?? ''}
            onChange={(description) => send({ type: 'SET_DESCRIPTION', description: description === '' ? null : description })}
            rows={3}
            maxLength={5000}
            isDisabled={isDisabled}
          />
        </div>
      </Card>

      <Card title={intl.formatMessage(s.unlockTitle)}>
        <div className="stack" data-testid="unlock-settings">
          <ChoiceGroup
            label={intl.formatMessage(s.unlockMode)}
            value={unlock.mode}
            onChange={(mode) => send({ type: 'SET_UNLOCK', changes: { mode } })}
            isDisabled={isDisabled}
            testId="unlock-mode"
            choices={MODES.map((mode) => ({ value: mode, label: intl.formatMessage(s[`mode${mode}`]), description: intl.formatMessage(s[`mode${mode}Hint`]) }))}
          />
          {unlock.mode === 'DATE' && (
            <DateField
              label={intl.formatMessage(s.unlockAt)}
              granularity="minute"
              value={localMinute(unlock.at)}
              onChange={(local) => send({ type: 'SET_UNLOCK', changes: { at: isoOf(local) } })}
              errorMessage={fieldProblems.includes('unlockDateRequired') ? intl.formatMessage(s.unlockDateRequired) : undefined}
              name="unlock_at"
            />
          )}
          {unlock.mode === 'DELAY' && (
            <NumberTextField
              label={intl.formatMessage(s.unlockDelay)}
              inputMode="numeric"
              value={unlock.delayDays}
              parse={(days) => wholeNumber(days, String(UNLOCK_DELAY_MAX_DAYS).length + 1)}
              onChange={(delayDays) => send({ type: 'SET_UNLOCK', changes: { delayDays } })}
              isDisabled={isDisabled}
              errorMessage={fieldProblems.includes('unlockDelayOutOfRange') ? intl.formatMessage(s.unlockDelayOutOfRange) : undefined}
              data-testid="unlock-delay"
            />
          )}
          <fieldset className="item-settings__blockers" data-testid="unlock-blockers">
            <legend className="ui-field__label">{intl.formatMessage(s.blockersTitle)}</legend>
            {candidates.length === 0 && <p className="ui-field__description">{intl.formatMessage(s.blockersNone)}</p>}
            {candidates.map((candidate) => {
              const blocker = blockerOf(candidate.itemId, candidate.blockerType);
              return (
                <div key={`${candidate.blockerType}:${candidate.itemId}`} className="item-settings__blocker">
                  <Checkbox
                    isSelected={blocker !== undefined}
                    isDisabled={isDisabled}
                    onChange={(on) => send({ type: 'SET_BLOCKER', blockerType: candidate.blockerType, itemId: candidate.itemId, on })}
                  >
                    {intl.formatMessage(blockerLabel, { type: candidate.blockerType, name: candidate.name })}
                  </Checkbox>
                  {blocker && candidate.blockerType === 'QUIZ_SCORE' && (
                    <NumberTextField
                      label={intl.formatMessage(s.blockerScore)}
                      description={intl.formatMessage(s.blockerScoreHint)}
                      inputMode="numeric"
                      value={blocker.min_score}
                      parse={(score) => wholeNumber(score, 3)}
                      onChange={(minScore) => send({ type: 'SET_BLOCKER_SCORE', itemId: candidate.itemId, minScore })}
                      isDisabled={isDisabled}
                      errorMessage={blocker.min_score !== null && !(blocker.min_score >= 0 && blocker.min_score <= 100) ? intl.formatMessage(s.blockerScoreOutOfRange) : undefined}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
        </div>
      </Card>

      <ItemResourcesCard trainingUuid={trainingUuid} itemId={itemId} />
      <ItemFeedbacksCard trainingUuid={trainingUuid} itemId={itemId} />
    </div>
  );
});
