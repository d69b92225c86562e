import { useIntl } from 'react-intl';
import type { AssignmentStatus } from '../../../api/assignmentsApi';
import { statusLabels } from './assignmentMessages';
import '../../../components/StatusBadge.css';
import './assignment.css';

/** An assignment's status as a pill: amber while it waits for the team, grey while the learner works, green once accepted. */
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  const intl = useIntl();
  return (
    <span className={`status-badge assignment-status assignment-status--${status.toLowerCase().replace(/_/g, '-')}`} data-status={status} data-testid="assignment-status">
      {intl.formatMessage(statusLabels[status])}
    </span>
  );
}
