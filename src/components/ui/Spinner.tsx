import { ProgressBarContext, useSlottedContext } from 'react-aria-components';
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
 * Indeterminate progress indicator: an element with role progressbar and its name. Inside a pending RAC
 * Button it takes the id the Button lists in aria-labelledby from ProgressBarContext. Not RAC's ProgressBar:
 * an indeterminate bar needs none of its value formatting, which cost the sign-in page about 1.5 KB gzip.
 */
export function Spinner({ 'aria-label': ariaLabel, size = 'md', className }: SpinnerProps) {
  const context = useSlottedContext(ProgressBarContext);
  const classes = ['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ');
  if (!ariaLabel) {
    return (
      <span className={classes} aria-hidden="true">
        <SpinnerGraphic />
      </span>
    );
  }
  return (
    <span role="progressbar" id={context?.id} aria-label={ariaLabel} className={classes}>
      <SpinnerGraphic />
    </span>
  );
}
