import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { quizAnswersQuery, quizApi } from '../../../api/quizApi';
import type { Failure } from '../../../../shared/failure';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/Link';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { NotFoundPage } from '../../NotFoundPage';
import { quizMessages as m, quizValueMessages as mv } from './quizMessages';
import { saveFile } from '../../../app/saveFile';
import '../../pages.css';
import '../lesson/lessonEditor.css';
import './quiz.css';

/** /formations/:uuid/quiz/:id/answers: every learner's attempts with score and result, and the CSV export. */
export function QuizAnswersPage() {
  const intl = useIntl();
  const { uuid = '', id = '' } = useParams();
  const itemId = Number(id);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const valid = Number.isInteger(itemId) && itemId > 0;
  const answers = useQuery({ ...quizAnswersQuery(uuid, itemId, page), enabled: valid, meta: { failureReport: 'page' } });
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  if (!valid) return <NotFoundPage />;
  const failure = answers.error as unknown as Failure | null;
  if (failure && (failure.status === 404 || failure.status === 403)) return <NotFoundPage message={failure.message} />;

  const onExport = async () => {
    setExporting(true);
    setExportFailure(null);
    try {
      saveFile(await quizApi.exportAnswers(uuid, itemId), `quiz-${itemId}-reponses.csv`);
    } catch (error) {
      setExportFailure((error as Failure).message ?? String(error));
    } finally {
      setExporting(false);
    }
  };

  const data = answers.data;
  return (
    <div className="page lesson-editor quiz-answers" data-testid="quiz-answers">
      <div className="lesson-editor__top">
        <TextLink href={`/formations/${encodeURIComponent(uuid)}/quiz/${itemId}`} variant="subtle">
          {intl.formatMessage(m.backToQuiz)}
        </TextLink>
        <Button variant="secondary" onPress={() => void onExport()} isPending={exporting} isDisabled={!data || data.meta.total === 0} data-testid="quiz-export">
          {intl.formatMessage(m.export)}
        </Button>
      </div>
      <h1 className="page-title">{intl.formatMessage(m.answersTitle)}</h1>
      {exportFailure && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(mv.exportFailed, { message: exportFailure })}
        </Banner>
      )}
      {answers.isPending ? (
        <div className="lesson-editor--loading">
          <Spinner aria-label={intl.formatMessage(m.answersLoading)} size="lg" />
        </div>
      ) : failure || !data ? (
        <Banner variant="danger" title={intl.formatMessage(m.answersFailed)} action={<Button onPress={() => void answers.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {failure?.message}
        </Banner>
      ) : data.meta.total === 0 ? (
        <p className="lesson-blocks__empty" data-testid="quiz-answers-empty">
          {intl.formatMessage(m.noAnswers)}
        </p>
      ) : (
        <Card padding="none" title={intl.formatMessage(mv.count, { count: data.meta.total })}>
          <table className="quiz-answers__table" data-testid="quiz-answers-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colLearner)}</th>
                <th scope="col">{intl.formatMessage(m.colAttempt)}</th>
                <th scope="col">{intl.formatMessage(m.colDate)}</th>
                <th scope="col">{intl.formatMessage(m.colScore)}</th>
                <th scope="col">{intl.formatMessage(m.colCorrect)}</th>
                <th scope="col">{intl.formatMessage(m.colResult)}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((attempt) => (
                <tr key={attempt.id}>
                  <td>
                    {attempt.customer.display_name}
                    <br />
                    <span className="quiz-hint">{attempt.customer.email}</span>
                  </td>
                  <td>{attempt.attempt}</td>
                  <td>{intl.formatDate(attempt.answered_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                  <td>{intl.formatNumber(attempt.score / 100, { style: 'percent', maximumFractionDigits: 2 })}</td>
                  <td>
                    {attempt.answers.filter((a) => a.correct).length}/{attempt.answers.length}
                  </td>
                  <td className="quiz-answers__result" data-success={attempt.success}>
                    {intl.formatMessage(attempt.success ? m.passed : m.failedResult)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {data && data.meta.last_page > 1 && <Pagination page={page} lastPage={data.meta.last_page} onChange={(next) => setSearch({ page: String(next) })} />}
    </div>
  );
}
