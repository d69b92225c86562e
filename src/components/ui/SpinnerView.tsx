import './ui.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /**
   * Accessible name, e.g. "Chargement…". Omit only when the spinner is purely
   * decorative because something else already announces the busy state.
   */
  'aria-label'?: string;
  size?: SpinnerSize;
  className?: string;
}

function SpinnerGraphic() {
  return (
    <svg className="ui-spinner__svg" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle className="ui-spinner__track" cx="12" cy="12" r="9" strokeWidth="3" />
      <path className="ui-spinner__arc" d="M21 12a9 9 0 0 0-9-9" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The spinner without React Aria (the storefront's first pages, issue 11): Spinner adds the id a pending RAC Button
 * gives it; `id` is that id.
 */
export function SpinnerView({ 'aria-label': ariaLabel, size = 'md', className, id }: SpinnerProps & { id?: string }) {
  const classes = ['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ');
  if (!ariaLabel) {
    return (
      <span className={classes} aria-hidden="true">
        <SpinnerGraphic />
      </span>
    );
  }
  return (
    <span role="progressbar" id={id} aria-label={ariaLabel} className={classes}>
      <SpinnerGraphic />
    </span>
  );
}
