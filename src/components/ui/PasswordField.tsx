import { useId, useState } from 'react';
import { Button as RACButton, Group, Input, Label, Text, TextField as RACTextField } from 'react-aria-components';
import { FieldErrorText, joinErrorMessage, type TextFieldProps } from './TextField';
import './ui.css';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** aria-label of the toggle while the password is masked, e.g. "Afficher le mot de passe". */
  showLabel: string;
  /** aria-label of the toggle while the password is visible, e.g. "Masquer le mot de passe". */
  hideLabel: string;
  /** Start with the password visible (rarely wanted; mainly for tests and "generate password" flows). */
  defaultRevealed?: boolean;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M1.75 10s3-5.75 8.25-5.75S18.25 10 18.25 10 15.25 15.75 10 15.75 1.75 10 1.75 10Z" />
      <circle cx="10" cy="10" r="2.5" />
      {crossed ? <path d="M3 3l14 14" /> : null}
    </svg>
  );
}

export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  inputRef,
  isInvalid,
  showLabel,
  hideLabel,
  defaultRevealed = false,
  autoComplete = 'current-password',
  ...rest
}: PasswordFieldProps) {
  const [revealed, setRevealed] = useState(defaultRevealed);
  const message = joinErrorMessage(errorMessage);
  const generatedId = useId();
  const inputId = rest.id ?? generatedId;

  return (
    <RACTextField
      {...rest}
      id={inputId}
      type={revealed ? 'text' : 'password'}
      autoComplete={autoComplete}
      isInvalid={message !== undefined ? true : isInvalid}
      className={['ui-field', 'ui-field--password', className].filter(Boolean).join(' ')}
    >
      <Label className="ui-field__label">
        {label}
        {rest.isRequired ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {/* Group carries the invalid/disabled/focus-within states so the input
          and the toggle read as one control. */}
      <Group className="ui-input-group" isInvalid={message !== undefined ? true : isInvalid} isDisabled={rest.isDisabled}>
        <Input
          ref={inputRef}
          className="ui-input ui-input--in-group"
          placeholder={placeholder}
          // Browsers must not autocapitalise/spellcheck a revealed password (it would leak to spellcheck services).
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
        />
        {/* A plain Button whose label describes the next action, rather than a
            ToggleButton: "Afficher"/"Masquer" plus aria-pressed would double-speak the state. */}
        <RACButton
          className="ui-icon-button ui-input-group__action"
          aria-label={revealed ? hideLabel : showLabel}
          aria-controls={inputId}
          isDisabled={rest.isDisabled}
          onPress={() => setRevealed((value) => !value)}
        >
          <EyeIcon crossed={revealed} />
        </RACButton>
      </Group>
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldErrorText message={message} />
    </RACTextField>
  );
}
