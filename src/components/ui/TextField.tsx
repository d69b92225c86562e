import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { joinErrorMessage, type FieldErrorMessage } from './fieldErrorMessage';
import './ui.css';

// Plain fields (src/components/plain) share these without React Aria.
export { joinErrorMessage, type FieldErrorMessage };

/**
 * FieldError that prefers an explicit message and otherwise shows whatever the
 * enclosing RAC Form's validationErrors (or native constraints) produced,
 * joined the same way so both sources look identical.
 */
export function FieldErrorText({ message }: { message: string | undefined }) {
  return (
    <FieldError className="ui-field__error">
      {({ validationErrors }) => (
        <>
          <svg className="ui-field__error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              fillRule="evenodd"
              d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm-.8 3.5h1.6v5H7.2v-5Zm.8 6.1a.95.95 0 1 1 0 1.9.95.95 0 0 1 0-1.9Z"
            />
          </svg>
          <span>{message ?? validationErrors.join(', ')}</span>
        </>
      )}
    </FieldError>
  );
}

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'children' | 'style'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown in danger style and marks the field invalid. A list is joined with ', '. */
  errorMessage?: FieldErrorMessage;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  inputRef,
  isInvalid,
  ...rest
}: TextFieldProps) {
  const message = joinErrorMessage(errorMessage);
  return (
    <RACTextField
      {...rest}
      // Leaving isInvalid undefined (not false) when there is no message lets a
      // surrounding Form's validationErrors still mark the field invalid.
      isInvalid={message !== undefined ? true : isInvalid}
      className={['ui-field', className].filter(Boolean).join(' ')}
    >
      <Label className="ui-field__label">
        {label}
        {rest.isRequired ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      <Input ref={inputRef} className="ui-input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldErrorText message={message} />
    </RACTextField>
  );
}
