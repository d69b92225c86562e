import type { ReactNode } from 'react';
import './ui.css';

export interface FormErrorProps {
  /** Form-level message (e.g. "Identifiants invalides"). Nothing is rendered when empty. */
  children?: ReactNode;
  title?: ReactNode;
  className?: string;
  id?: string;
}

/** Form-level error, announced immediately through role="alert". */
export function FormError({ children, title, className, id }: FormErrorProps) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <div role="alert" id={id} className={['ui-form-error', className].filter(Boolean).join(' ')}>
      <svg className="ui-form-error__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          fillRule="evenodd"
          d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 5.5h2v6H9v-6Zm1 8a1.15 1.15 0 1 1 0 2.3 1.15 1.15 0 0 1 0-2.3Z"
        />
      </svg>
      <div className="ui-form-error__body">
        {title ? <p className="ui-form-error__title">{title}</p> : null}
        <div className="ui-form-error__message">{children}</div>
      </div>
    </div>
  );
}
