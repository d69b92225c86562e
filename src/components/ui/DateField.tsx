import { useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { parseDate, parseDateTime, type CalendarDate, type CalendarDateTime } from '@internationalized/date';
import { Button as RACButton, DateField as RACDateField, DateInput, DateSegment, Label, Text } from 'react-aria-components';
import { FieldErrorText, joinErrorMessage, type FieldErrorMessage } from './TextField';
import './ui.css';

/** 'day': a calendar date ('YYYY-MM-DD'); 'minute': a local date and time ('YYYY-MM-DDTHH:mm', as datetime-local). */
export type DateGranularity = 'day' | 'minute';
type Value = CalendarDate | CalendarDateTime;

/**
 * The field's value for a string as `<input type="date">` / `type="datetime-local"` hold it; null for '' and for
 * anything that is not such a date (the field then shows its empty segments).
 */
export function dateFieldValue(text: string, granularity: DateGranularity): Value | null {
  if (text.trim() === '') return null;
  try {
    return granularity === 'day' ? parseDate(text) : parseDateTime(text);
  } catch {
    return null;
  }
}

/**
 * The string the native input would hold for a value: '' for none. Date-times drop their seconds
 * (CalendarDateTime#toString always writes them) so an edited value compares equal to one read from the API.
 */
export function dateFieldText(value: Value | null, granularity: DateGranularity): string {
  if (value === null) return '';
  const text = value.toString();
  return granularity === 'minute' ? text.slice(0, 'YYYY-MM-DDTHH:mm'.length) : text;
}

export interface DateFieldProps {
  /** Visible label; without one, give `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  'aria-describedby'?: string;
  description?: ReactNode;
  /** Shown in danger style and marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** Marks the field invalid without a message of its own (the page shows it elsewhere). */
  isInvalid?: boolean;
  granularity: DateGranularity;
  /** Same format as `value`; '' or undefined for no bound. */
  min?: string;
  max?: string;
  /** 'YYYY-MM-DD' (day) or 'YYYY-MM-DDTHH:mm' (minute); '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Named on the root (data-name, for tests) and on a hidden input (form data). */
  name?: string;
  /** Id of the form the field belongs to when it is not inside it (Enter submits that form, as a native input does). */
  form?: string;
  /** When given, a button with this accessible name empties the field while it holds a date. */
  clearLabel?: string;
  className?: string;
}

/**
 * A date or date-and-time field whose segments follow the app's locale (react-aria's I18nProvider): French shows
 * jj/mm/aaaa hh:mm whatever the browser's language, which a native date input does not. Segments are spinbuttons:
 * digits type a value, arrows step it, Backspace empties it.
 */
export function DateField({
  label,
  description,
  errorMessage,
  isInvalid,
  granularity,
  min,
  max,
  value,
  onChange,
  name,
  form,
  clearLabel,
  className,
  ...aria
}: DateFieldProps) {
  const message = joinErrorMessage(errorMessage);
  const rootRef = useRef<HTMLDivElement>(null);
  const parsed = useMemo(() => dateFieldValue(value, granularity), [value, granularity]);
  const minValue = useMemo(() => (min ? dateFieldValue(min, granularity) : null), [min, granularity]);
  const maxValue = useMemo(() => (max ? dateFieldValue(max, granularity) : null), [max, granularity]);

  // Segments are not text inputs, so the browser's implicit submission on Enter does not happen: do it here.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') return;
    const target = form ? document.getElementById(form) : rootRef.current?.closest('form');
    if (target instanceof HTMLFormElement) {
      event.preventDefault();
      target.requestSubmit();
    }
  };
  const clear = () => {
    onChange('');
    // The button goes away with the date: give focus back to the field.
    rootRef.current?.querySelector<HTMLElement>('[role=spinbutton]')?.focus();
  };

  return (
    <RACDateField<Value>
      {...aria}
      ref={rootRef}
      data-name={name}
      name={name}
      form={form}
      granularity={granularity}
      // Days and months with two digits, as the French placeholder (jj/mm) and the native input show them.
      shouldForceLeadingZeros
      value={parsed}
      minValue={minValue}
      maxValue={maxValue}
      onChange={(next) => onChange(dateFieldText(next, granularity))}
      isInvalid={message !== undefined ? true : isInvalid}
      className={['ui-field', 'ui-date-field', className].filter(Boolean).join(' ')}
    >
      {label ? <Label className="ui-field__label">{label}</Label> : null}
      {/* Capture: the segments stop the propagation of the keys they receive. */}
      <div className="ui-date-field__box" onKeyDownCapture={onKeyDown}>
        <DateInput className="ui-input ui-date-field__input">
          {(segment) => <DateSegment segment={segment} className="ui-date-field__segment" />}
        </DateInput>
        {clearLabel && parsed !== null ? (
          <RACButton className="ui-date-field__clear" aria-label={clearLabel} onPress={clear}>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </RACButton>
        ) : null}
      </div>
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldErrorText message={message} />
    </RACDateField>
  );
}
