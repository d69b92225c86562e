import { useId, useState, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type InputHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { isClientNavigation } from '../../app/schoolHistory';
import { usePageNavigation } from '../../app/pageNavigation';
import { joinErrorMessage, type FieldErrorMessage } from '../ui/fieldErrorMessage';
import { SpinnerView } from '../ui/SpinnerView';
import '../ui/ui.css';
import './plainControls.css';
import './plainFields.css';

/*
 * The kit's text field, password field, checkbox, submit button and link as plain elements, for the sign-in and
 * sign-up forms (issue 9: /connexion's JavaScript, React Aria's field, press and focus machinery is ~20 KB gzip).
 * Same classes and markup as the kit (ui.css), states from the native pseudo-classes (plainFields.css); labels,
 * descriptions and errors tied to the input with for / aria-describedby, invalid fields marked aria-invalid.
 */

function ErrorIcon() {
  return (
    <svg className="ui-field__error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm-.8 3.5h1.6v5H7.2v-5Zm.8 6.1a.95.95 0 1 1 0 1.9.95.95 0 0 1 0-1.9Z" />
    </svg>
  );
}

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: FieldErrorMessage;
}

function useFieldIds(id: string | undefined) {
  const own = useId();
  const input = id ?? own;
  return { input, description: `${input}-description`, error: `${input}-error` };
}

function fieldParts({ ids, label, required, description, message }: { ids: ReturnType<typeof useFieldIds>; label: ReactNode; required?: boolean; description?: ReactNode; message?: string }) {
  return {
    label: (
      <label className="ui-field__label" htmlFor={ids.input}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
    ),
    after: (
      <>
        {description ? (
          <span className="ui-field__description" id={ids.description}>
            {description}
          </span>
        ) : null}
        {message ? (
          <span className="ui-field__error" id={ids.error}>
            <ErrorIcon />
            <span>{message}</span>
          </span>
        ) : null}
      </>
    ),
    describedBy: [description ? ids.description : null, message ? ids.error : null].filter(Boolean).join(' ') || undefined,
  };
}

/** Label, input, description and error, as the kit's TextField draws them. */
export function PlainTextField({ label, description, errorMessage, id, required, ...rest }: PlainTextFieldProps) {
  const ids = useFieldIds(id);
  const message = joinErrorMessage(errorMessage);
  const parts = fieldParts({ ids, label, required, description, message });
  return (
    <div className="ui-field" data-invalid={message ? true : undefined}>
      {parts.label}
      <input
        {...rest}
        id={ids.input}
        required={required}
        className="ui-input ui-plain"
        aria-invalid={message ? true : undefined}
        aria-describedby={parts.describedBy}
        data-invalid={message ? true : undefined}
      />
      {parts.after}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M1.75 10s3-5.75 8.25-5.75S18.25 10 18.25 10 15.25 15.75 10 15.75 1.75 10 1.75 10Z" />
      <circle cx="10" cy="10" r="2.5" />
      {crossed ? <path d="M3 3l14 14" /> : null}
    </svg>
  );
}

/** The kit's PasswordField: the input and a show / hide button whose label says the next action. */
export function PlainPasswordField({ label, description, errorMessage, id, required, showLabel, hideLabel, ...rest }: PlainTextFieldProps & { showLabel: string; hideLabel: string }) {
  const ids = useFieldIds(id);
  const [revealed, setRevealed] = useState(false);
  const message = joinErrorMessage(errorMessage);
  const parts = fieldParts({ ids, label, required, description, message });
  return (
    <div className="ui-field ui-field--password" data-invalid={message ? true : undefined}>
      {parts.label}
      <div className="ui-input-group ui-plain" data-invalid={message ? true : undefined}>
        <input
          {...rest}
          id={ids.input}
          type={revealed ? 'text' : 'password'}
          required={required}
          className="ui-input ui-input--in-group"
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={parts.describedBy}
        />
        <button type="button" className="ui-icon-button ui-input-group__action ui-plain" aria-label={revealed ? hideLabel : showLabel} aria-controls={ids.input} onClick={() => setRevealed((value) => !value)}>
          <EyeIcon crossed={revealed} />
        </button>
      </div>
      {parts.after}
    </div>
  );
}

/** The kit's Checkbox: a native checkbox (visually hidden) with the kit's box. */
export function PlainCheckbox({ children, defaultChecked = false, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'checked'> & { children: ReactNode }) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <label className="ui-checkbox ui-plain" data-selected={checked ? true : undefined}>
      <input {...rest} type="checkbox" className="visually-hidden" defaultChecked={defaultChecked} onChange={(event) => setChecked(event.currentTarget.checked)} />
      <span className="ui-checkbox__box" aria-hidden="true">
        <svg className="ui-checkbox__mark" viewBox="0 0 16 16" focusable="false">
          <path className="ui-checkbox__check" d="M3.5 8.5l3 3 6-7" />
        </svg>
      </span>
      <span className="ui-checkbox__text">
        <span className="ui-checkbox__label">{children}</span>
      </span>
    </label>
  );
}

/** The kit's Button (also the storefront's first pages'), with its pending state (the spinner named by `pendingLabel`, the label kept for the width). */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  pending = false,
  pendingLabel,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost'; size?: 'md' | 'sm'; fullWidth?: boolean; pending?: boolean; pendingLabel?: string }) {
  return (
    <button
      {...rest}
      type={type}
      // A pending button stays focusable and in the tab order; presses are ignored, as React Aria's isPending does.
      aria-disabled={pending || undefined}
      onClick={pending ? (event) => event.preventDefault() : rest.onClick}
      data-pending={pending || undefined}
      className={['ui-button', `ui-button--${variant}`, `ui-button--${size}`, fullWidth && 'ui-button--full', 'ui-plain', className].filter(Boolean).join(' ')}
    >
      <span className="ui-button__label">{children}</span>
      {pending ? (
        <span className="ui-button__spinner">
          <SpinnerView size="sm" aria-label={pendingLabel} />
        </span>
      ) : null}
    </button>
  );
}

/** The kit's TextLink; addresses of this site follow in the page (PageNavigation), others and new tabs as the browser does. */
export function PlainLink({ href, children, onClick, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href'> & { href: string }) {
  const { navigate } = usePageNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isClientNavigation(event, event.currentTarget)) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a {...rest} href={href} className="ui-link ui-link--default ui-plain" onClick={follow}>
      {children}
    </a>
  );
}
