import { ProgressBar } from 'react-aria-components';
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
 * Indeterminate progress indicator. Built on RAC ProgressBar so that, inside a
 * pending RAC Button, it picks up the id the Button uses in aria-labelledby.
 */
export function Spinner({ 'aria-label': ariaLabel, size = 'md', className }: SpinnerProps) {
  const classes = ['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ');
  if (!ariaLabel) {
    return (
      <span className={classes} aria-hidden="true">
        <SpinnerGraphic />
      </span>
    );
  }
  return (
    <ProgressBar isIndeterminate aria-label={ariaLabel} className={classes}>
      <SpinnerGraphic />
    </ProgressBar>
  );
}
