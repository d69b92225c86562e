import type { Ref } from 'react';
import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components';
import './ui.css';

export interface FormProps extends Omit<RACFormProps, 'className' | 'style'> {
  className?: string;
  /** React 19 passes refs as props; callers reset the form after a successful save. */
  ref?: Ref<HTMLFormElement>;
}

/**
 * RAC Form with validationBehavior="aria" by default: native constraint bubbles
 * would block submission before the server can answer, and the server's
 * per-field errors (validationErrors, keyed by field name) are the source of
 * truth for what the user sees.
 */
export function Form({ validationBehavior = 'aria', className, ...rest }: FormProps) {
  return (
    <RACForm
      {...rest}
      validationBehavior={validationBehavior}
      className={['ui-form', className].filter(Boolean).join(' ')}
    />
  );
}

// The form-level error has no React Aria in it: the plain sign-in forms use it too.
export { FormError, type FormErrorProps } from './FormError';
