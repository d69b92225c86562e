import { ProgressBarContext, useSlottedContext } from 'react-aria-components';
import { SpinnerView, type SpinnerProps } from './SpinnerView';

export type { SpinnerProps, SpinnerSize } from './SpinnerView';

/**
 * Indeterminate progress indicator: an element with role progressbar and its name. Inside a pending RAC
 * Button it takes the id the Button lists in aria-labelledby from ProgressBarContext. Not RAC's ProgressBar:
 * an indeterminate bar needs none of its value formatting, which cost the sign-in page about 1.5 KB gzip.
 */
export function Spinner(props: SpinnerProps) {
  const context = useSlottedContext(ProgressBarContext);
  return <SpinnerView {...props} id={context?.id} />;
}
