import type { components } from '../../src/api/schema.gen';

export type Quiz = components['schemas']['Quiz'];
export type QuizInput = components['schemas']['QuizInput'];
type QuestionType = components['schemas']['QuizQuestionType'];

export interface ChoiceDraft {
  id?: number;
  label: string;
  correct: boolean;
}

/** A question as the editor holds it: `key` names it in events and lists (`q<id>` once saved, `n<k>` before). */
export interface QuestionDraft {
  key: string;
  id?: number;
  type: QuestionType;
  question: string;
  media_url: string | null;
  media_type: string | null;
  explanation: string | null;
  archived: boolean;
  answers_count: number;
  choices: ChoiceDraft[];
}

export interface QuizFields {
  name: string;
  draft: boolean;
  min_success_rate: number | null;
  max_attempts: number | null;
  shuffle_questions: boolean;
  show_corrections: boolean;
  questions: QuestionDraft[];
}

export type QuizSettings = Pick<QuizFields, 'min_success_rate' | 'max_attempts' | 'shuffle_questions' | 'show_corrections'>;

/** One change to a question, applied by `editQuestion` (the rules live here, not in the page). */
export type QuestionEdit =
  | { kind: 'question'; value: string }
  | { kind: 'type'; value: QuestionType }
  | { kind: 'explanation'; value: string }
  | { kind: 'media'; url: string | null }
  | { kind: 'addChoice' }
  | { kind: 'choiceLabel'; index: number; value: string }
  | { kind: 'choiceCorrect'; index: number; correct: boolean }
  | { kind: 'removeChoice'; index: number };

/** Spec 9 and the contract: names to 128 characters; at most 200 questions of 2 to 20 answers. */
export const MAX_NAME = 128;
export const MAX_QUESTIONS = 200;
export const MIN_CHOICES = 2;
export const MAX_CHOICES = 20;

export function fieldsOf(quiz: Quiz): QuizFields {
  return {
    name: quiz.name,
    draft: quiz.draft,
    min_success_rate: quiz.min_success_rate,
    max_attempts: quiz.max_attempts,
    shuffle_questions: quiz.shuffle_questions,
    show_corrections: quiz.show_corrections,
    questions: quiz.questions.map((q) => ({
      key: `q${q.id}`,
      id: q.id,
      type: q.type,
      question: q.question,
      media_url: q.media_url,
      media_type: q.media_type,
      explanation: q.explanation,
      archived: q.archived,
      answers_count: q.answers_count,
      choices: q.choices.map((c) => ({ id: c.id, label: c.label, correct: c.correct })),
    })),
  };
}

export const newQuestion = (key: string, type: QuestionType): QuestionDraft => ({
  key,
  type,
  question: '',
  media_url: null,
  media_type: null,
  explanation: null,
  archived: false,
  answers_count: 0,
  choices: [
    { label: '', correct: true },
    { label: '', correct: false },
  ],
});

/** A question after one edit. A single-choice question keeps exactly one correct answer when one is ticked. */
export function editQuestion(question: QuestionDraft, edit: QuestionEdit): QuestionDraft {
  const choices = question.choices;
  switch (edit.kind) {
    case 'question':
      return { ...question, question: edit.value };
    case 'explanation':
      return { ...question, explanation: edit.value === '' ? null : edit.value };
    case 'media':
      return { ...question, media_url: edit.url, media_type: null };
    case 'type': {
      if (edit.value === 'SINGLE') {
        const first = choices.findIndex((c) => c.correct);
        return { ...question, type: edit.value, choices: choices.map((c, i) => ({ ...c, correct: i === first })) };
      }
      return { ...question, type: edit.value };
    }
    case 'addChoice':
      return choices.length >= MAX_CHOICES ? question : { ...question, choices: [...choices, { label: '', correct: false }] };
    case 'choiceLabel':
      return { ...question, choices: choices.map((c, i) => (i === edit.index ? { ...c, label: edit.value } : c)) };
    case 'choiceCorrect':
      return {
        ...question,
        choices: choices.map((c, i) => (i === edit.index ? { ...c, correct: edit.correct } : question.type === 'SINGLE' && edit.correct ? { ...c, correct: false } : c)),
      };
    case 'removeChoice':
      return choices.length <= MIN_CHOICES ? question : { ...question, choices: choices.filter((_, i) => i !== edit.index) };
  }
}

/** The list with `key` moved one place up or down; null when it cannot move. */
export function moveQuestion(questions: QuestionDraft[], key: string, direction: 'up' | 'down'): QuestionDraft[] | null {
  const from = questions.findIndex((q) => q.key === key);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= questions.length) return null;
  const next = [...questions];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** What the editor refuses to send (the server's rules, said before the round trip). */
export type QuizProblem = 'nameRequired' | 'nameTooLong' | 'rateOutOfRange' | 'attemptsOutOfRange' | 'tooManyQuestions';
export type QuestionProblem = 'questionRequired' | 'choiceLabelRequired' | 'noCorrectChoice' | 'singleOneCorrect';

export function quizProblems(fields: QuizFields): QuizProblem[] {
  const problems: QuizProblem[] = [];
  if (!fields.name.trim()) problems.push('nameRequired');
  if (fields.name.trim().length > MAX_NAME) problems.push('nameTooLong');
  const rate = fields.min_success_rate;
  if (rate !== null && !(Number.isFinite(rate) && rate >= 0 && rate <= 100)) problems.push('rateOutOfRange');
  const attempts = fields.max_attempts;
  if (attempts !== null && !(Number.isInteger(attempts) && attempts >= 1 && attempts <= 100)) problems.push('attemptsOutOfRange');
  if (fields.questions.length > MAX_QUESTIONS) problems.push('tooManyQuestions');
  return problems;
}

export function questionProblems(question: QuestionDraft): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  if (!question.question.trim()) problems.push('questionRequired');
  if (question.choices.some((c) => !c.label.trim())) problems.push('choiceLabelRequired');
  const correct = question.choices.filter((c) => c.correct).length;
  if (correct === 0) problems.push('noCorrectChoice');
  else if (question.type === 'SINGLE' && correct > 1) problems.push('singleOneCorrect');
  return problems;
}

export const isSavable = (fields: QuizFields) => quizProblems(fields).length === 0 && fields.questions.every((q) => questionProblems(q).length === 0);

/** The body of updateTrainingItemQuiz: everything, against `version`. */
export function toInput(fields: QuizFields, version: number): QuizInput {
  return {
    version,
    name: fields.name.trim(),
    draft: fields.draft,
    min_success_rate: fields.min_success_rate,
    max_attempts: fields.max_attempts,
    shuffle_questions: fields.shuffle_questions,
    show_corrections: fields.show_corrections,
    questions: fields.questions.map((q) => ({
      ...(q.id !== undefined ? { id: q.id } : {}),
      type: q.type,
      question: q.question,
      media_url: q.media_url,
      explanation: q.explanation,
      choices: q.choices.map((c) => ({ ...(c.id !== undefined ? { id: c.id } : {}), label: c.label, correct: c.correct })),
    })),
  };
}

/** Where a question's server-side problems show: under its statement, its answers, its media, or on the question. */
export interface QuestionServerErrors {
  question?: string[];
  choices?: string[];
  media?: string[];
  other?: string[];
}

/**
 * The server's field errors of a refused save (`questions.<n>.<field…>`, n the position in what was sent), placed
 * on the questions by key, so an error the editor could not foresee (a media not uploaded, a question another
 * editor removed) shows on its question and not only in the page's banner. Keys outside `questions.*` are left to
 * the banner.
 */
export function questionErrorsOf(fieldErrors: Record<string, string[]>, sent: readonly QuestionDraft[]): Record<string, QuestionServerErrors> {
  const placed: Record<string, QuestionServerErrors> = {};
  for (const [path, errors] of Object.entries(fieldErrors)) {
    const match = /^questions\.(\d+)(?:\.(\w+))?/.exec(path);
    const question = match ? sent[Number(match[1])] : undefined;
    if (!match || !question) continue;
    const field = match[2] === 'question' ? 'question' : match[2] === 'choices' ? 'choices' : match[2] === 'media_url' ? 'media' : 'other';
    const entry = (placed[question.key] ??= {});
    entry[field] = [...(entry[field] ?? []), ...errors.filter((e) => !entry[field]?.includes(e))];
  }
  return placed;
}
