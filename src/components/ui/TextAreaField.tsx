import type { ReactNode } from 'react';
import { Label, Text, TextArea, TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components';
import { FieldErrorText, joinErrorMessage, type FieldErrorMessage } from './TextField';
import './ui.css';

export interface TextAreaFieldProps extends Omit<RACTextFieldProps, 'className' | 'children' | 'style'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: FieldErrorMessage;
  rows?: number;
  placeholder?: string;
  /** Shows "n / max" under the field when maxLength is set. */
  showCount?: boolean;
}

/** The UI kit's TextField, multi-line (summary, SEO description, comment reply). */
export function TextAreaField({ label, description, errorMessage, rows = 3, placeholder, showCount = false, isInvalid, ...rest }: TextAreaFieldProps) {
  const message = joinErrorMessage(errorMessage);
  const length = typeof rest.value === 'string' ? rest.value.length : undefined;
  return (
    <RACTextField {...rest} isInvalid={message !== undefined ? true : isInvalid} className="ui-field">
      <Label className="ui-field__label">
        {label}
        {rest.isRequired ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      <TextArea className="ui-input ui-textarea" rows={rows} placeholder={placeholder} />
      {description || (showCount && rest.maxLength !== undefined && length !== undefined) ? (
        <Text slot="description" className="ui-field__description textarea-field__description">
          <span>{description}</span>
          {showCount && rest.maxLength !== undefined && length !== undefined ? (
            <span className="textarea-field__count">
              {length} / {rest.maxLength}
            </span>
          ) : null}
        </Text>
      ) : null}
      <FieldErrorText message={message} />
    </RACTextField>
  );
}
