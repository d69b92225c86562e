import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

export interface NumberTextFieldProps extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The number the field stands for: null when empty, NaN when what was typed cannot be read. */
  value: number | null;
  /** Called with the parsed text on every change. */
  onChange: (value: number | null) => void;
  /** Text → number: null for an empty field, NaN for text that is not a number of this field. */
  parse: (text: string) => number | null;
  /** Number → text, when it did not come from the keyboard (loaded, restored, taken from another copy). */
  format?: (value: number) => string;
}

/**
 * A text field holding a number that keeps what the person typed. The number lives in a machine, which also
 * holds the unreadable (NaN) or out-of-range values it refuses with a message; the text shown stays the one
 * typed as long as it still says that number, so a typo stays on screen beside its message instead of turning
 * into an empty field. When the number changes for another reason, the field shows the new number.
 */
export function NumberTextField({ value, onChange, parse, format = String, ...props }: NumberTextFieldProps) {
  // What was typed last: presentational state of this one field, the number itself being the machine's.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed !== null && Object.is(parse(typed), value) ? typed : value === null || Number.isNaN(value) ? '' : format(value);
  return (
    <TextField
      {...props}
      value={text}
      onChange={(next) => {
        setTyped(next);
        onChange(parse(next));
      }}
    />
  );
}
