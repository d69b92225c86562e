import { useIntl } from 'react-intl';
import { bundleStatusLabels, type BundleStatus } from './catalogue/bundleStatusMessages';
import { trainingStatusLabels, type TrainingStatus } from './catalogue/trainingStatusMessages';
import './StatusBadge.css';

/**
 * The status of a training or a bundle as a coloured pill (lists, page headers). The colour follows what
 * the status means for learners: grey while in preparation, green on sale, blue before the launch,
 * amber for a link-only page, red once closed, dark grey when hidden. The text always names the status,
 * so colour is never the only cue.
 */
function Badge({ status, label, testId }: { status: string; label: string; testId?: string }) {
  return (
    <span className={`status-badge status-badge--${status.toLowerCase().replace(/_/g, '-')}`} data-status={status} data-testid={testId}>
      {label}
    </span>
  );
}

export function TrainingStatusBadge({ status, 'data-testid': testId }: { status: TrainingStatus; 'data-testid'?: string }) {
  const intl = useIntl();
  return <Badge status={status} label={intl.formatMessage(trainingStatusLabels[status])} testId={testId} />;
}

export function BundleStatusBadge({ status, 'data-testid': testId }: { status: BundleStatus; 'data-testid'?: string }) {
  const intl = useIntl();
  return <Badge status={status} label={intl.formatMessage(bundleStatusLabels[status])} testId={testId} />;
}
