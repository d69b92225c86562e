import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { LearnerItem } from '../../../../machines/lessonPlayer/lessonPlayer.machine';
import { Banner } from '../../../components/ui/Banner';

const m = defineMessages({
  banner: { id: 'school.learning.preview.banner', defaultMessage: 'Aperçu' },
  bannerBody: {
    id: 'school.learning.preview.body',
    defaultMessage: 'Vous voyez cette formation comme un apprenant : tous les éléments sont ouverts, brouillons compris, et rien n’est enregistré.',
  },
  quizTitle: { id: 'school.learning.preview.quizTitle', defaultMessage: 'Questions du quiz' },
  quizNote: { id: 'school.learning.preview.quizNote', defaultMessage: 'En aperçu, le quiz se lit mais ne s’envoie pas.' },
});
const questionNumber = defineMessage<{ n: number }>({ id: 'school.learning.preview.question', defaultMessage: 'Question {n}' });

/** The team's preview (a preview token from the editor's "Aperçu"): said at the top of the player. */
export function PreviewBanner() {
  const intl = useIntl();
  return (
    <Banner variant="info" title={intl.formatMessage(m.banner)} data-testid="preview-banner">
      {intl.formatMessage(m.bannerBody)}
    </Banner>
  );
}

/** A quiz in the preview: its questions and choices, read only (an attempt would be the learner's). */
export function PreviewQuiz({ quiz }: { quiz: NonNullable<LearnerItem['quiz']> }) {
  const intl = useIntl();
  return (
    <section className="quiz" aria-labelledby="preview-quiz-title" data-testid="preview-quiz">
      <h3 id="preview-quiz-title">{intl.formatMessage(m.quizTitle)}</h3>
      <p className="lesson__hint">{intl.formatMessage(m.quizNote)}</p>
      <ol className="quiz__questions">
        {quiz.questions.map((question, index) => (
          <li key={question.id} className="quiz__question">
            <p className="quiz__label">
              <span className="quiz__number">{intl.formatMessage(questionNumber, { n: index + 1 })}</span> {question.question}
            </p>
            {question.media_url && <img className="quiz__media" src={question.media_url} alt="" />}
            <ul>
              {question.choices.map((choice) => (
                <li key={choice.id}>{choice.label}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
