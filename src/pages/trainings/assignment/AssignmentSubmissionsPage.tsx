import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { assignmentsQuery, type AssignmentStatus } from '../../../api/assignmentsApi';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/Link';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { NotFoundPage } from '../../NotFoundPage';
import { AssignmentStatusBadge } from './AssignmentStatusBadge';
import { assignmentMessages as m, statusLabels } from './assignmentMessages';
import { assignmentHref, assignmentRouteOf } from './assignmentRoute';
import { lessonEditorMessages } from '../lesson/lessonEditorMessages';
import '../../pages.css';
import './assignment.css';

const STATUSES: readonly AssignmentStatus[] = ['PENDING_TEACHER', 'PENDING_CUSTOMER', 'COMPLETED'];

/** /formations/:uuid/assignment/:id/submissions: the learners' work on an assignment, waiting ones first. */
export function AssignmentSubmissionsPage() {
  const route = assignmentRouteOf(useParams());
  return route ? <SubmissionsList key={`${route.trainingUuid}/${route.itemId}`} trainingUuid={route.trainingUuid} itemId={route.itemId} /> : <NotFoundPage />;
}

function SubmissionsList({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AssignmentStatus | null>(null);
  const list = useQuery({ ...assignmentsQuery({ trainingUuid, itemId }, page, status), placeholderData: keepPreviousData, meta: { failureReport: 'page' } });
  const failure = list.error as { status?: number | null; message?: string } | null;
  if (failure && (failure.status === 404 || failure.status === 403)) return <NotFoundPage message={failure.message} />;
  const rows = list.data?.data ?? [];
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="page assignment-page" data-testid="assignment-submissions">
      <div className="assignment-page__top">
        <TextLink href={assignmentHref({ trainingUuid })} variant="subtle">
          {intl.formatMessage(lessonEditorMessages.back)}
        </TextLink>
      </div>
      <Card
        title={intl.formatMessage(m.submissionsTitle)}
        headingLevel={2}
        description={intl.formatMessage(m.submissionsLead)}
        actions={
          <label className="native-field">
            <span className="ui-field__label">{intl.formatMessage(m.filterLabel)}</span>
            <select
              className="native-field__select"
              value={status ?? ''}
              data-testid="assignment-status-filter"
              onChange={(event) => {
                setStatus((event.target.value || null) as AssignmentStatus | null);
                setPage(1);
              }}
            >
              <option value="">{intl.formatMessage(m.filterAll)}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage(statusLabels[s])}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {list.isPending ? (
          <div className="loading-state">
            <Spinner aria-label={intl.formatMessage(m.loading)} />
          </div>
        ) : list.isError ? (
          <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void list.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
            {failure?.message}
          </Banner>
        ) : rows.length === 0 ? (
          <div className="empty-state" data-testid="assignment-submissions-empty">
            <h3 className="empty-state__title">{intl.formatMessage(status ? m.emptyFiltered : m.emptyTitle)}</h3>
            {!status && <p className="page-lead">{intl.formatMessage(m.emptyBody)}</p>}
          </div>
        ) : (
          <table className="assignment-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.learner)}</th>
                <th scope="col">{intl.formatMessage(m.status)}</th>
                <th scope="col">{intl.formatMessage(m.submittedAt)}</th>
                <th scope="col">{intl.formatMessage(m.startedAt)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="assignment-row">
                  <th scope="row">
                    <TextLink href={assignmentHref({ trainingUuid, itemId, assignmentId: row.id })} data-testid="assignment-open">
                      {row.customer.display_name}
                    </TextLink>
                    <span className="muted assignment-table__email">{row.customer.email}</span>
                  </th>
                  <td>
                    <AssignmentStatusBadge status={row.status} />
                  </td>
                  <td>{row.submissions[0] ? date(row.submissions[0].submitted_at) : <span className="muted">{intl.formatMessage(m.notSubmitted)}</span>}</td>
                  <td>{date(row.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list.data && list.data.meta.last_page > 1 && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={setPage} />}
      </Card>
    </div>
  );
}
