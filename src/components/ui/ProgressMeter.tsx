import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface ProgressMeterProps {
  /** Shown and used as the accessible name. */
  label: ReactNode;
  /** Done so far, between 0 and `max`; undefined while the amount is unknown (indeterminate). */
  value?: number;
  max?: number;
  /** What assistive technology reads for the value; defaults to the percentage in the app's language. */
  valueText?: string;
  className?: string;
  labelClassName?: string;
  /** The visual track and fill, or any extra text, rendered after the label. */
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * A labelled progress bar (role progressbar with its value). Not React Aria's ProgressBar: that module sits
 * next to the Button's context in the first-load chunk, and using it anywhere kept its value formatting
 * (~1.5 KB gzip) on the sign-in page. The percentage text comes from react-intl, already loaded.
 */
export function ProgressMeter({ label, value, max = 100, valueText, className, labelClassName, children, 'data-testid': testId }: ProgressMeterProps) {
  const intl = useIntl();
  const labelId = useId();
  const known = value !== undefined;
  const ratio = known && max > 0 ? Math.min(Math.max(value / max, 0), 1) : 0;
  return (
    <div
      role="progressbar"
      aria-labelledby={labelId}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? value : undefined}
      aria-valuetext={known ? (valueText ?? intl.formatNumber(ratio, { style: 'percent' })) : undefined}
      className={className}
      data-indeterminate={known ? undefined : true}
      data-testid={testId}
    >
      <span id={labelId} className={labelClassName}>
        {label}
      </span>
      {children}
    </div>
  );
}

/** The share done, 0 to 100, for a fill's width. */
export const percentOf = (value: number, max: number) => (max > 0 ? Math.min(Math.max((100 * value) / max, 0), 100) : 0);
