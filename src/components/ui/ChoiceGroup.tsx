import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import './ui.css';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  /** One line under the label saying what the choice does. */
  description?: ReactNode;
}

/**
 * A radio group drawn as a list of cards (label + one-line explanation): the status of a training, the
 * kind of payment schedule. Keyboard: arrows move between choices (react-aria RadioGroup).
 * `layout="grid"` puts a long vertical list (the 7 statuses) on two columns when the group is wide enough
 * (a container query), in reading order, so the arrows still go choice after choice.
 */
export function ChoiceGroup<V extends string>({
  label,
  choices,
  value,
  onChange,
  name,
  isDisabled,
  orientation = 'vertical',
  layout = 'list',
  testId,
}: {
  label: ReactNode;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  name?: string;
  isDisabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
  layout?: 'list' | 'grid';
  testId?: string;
}) {
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as V)}
      name={name}
      isDisabled={isDisabled}
      orientation={orientation}
      className={`choice-group choice-group--${orientation}${layout === 'grid' ? ' choice-group--grid' : ''}`}
      data-testid={testId}
    >
      <Label className="ui-field__label">{label}</Label>
      <div className="choice-group__choices">
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} className="choice-group__choice" data-value={choice.value}>
            <span className="choice-group__dot" aria-hidden="true" />
            <span className="choice-group__text">
              <span className="choice-group__label">{choice.label}</span>
              {choice.description ? (
                <Text slot="description" className="choice-group__description">
                  {choice.description}
                </Text>
              ) : null}
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
