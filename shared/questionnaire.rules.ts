/**
 * The onboarding questionnaire (spec sections 3 and 5): six questions in order, their options, and
 * the answer rules. Pure data and functions, shared by the questionnaire machine (the client) and
 * the server, which validates `onboarding_questions` with the same rules before storing it.
 *
 * Question kinds are not given by the spec; decided: one choice (`radio`) for the profile questions,
 * a list (`select`) for the 12 activities, several choices (`checkbox`) for what matters most.
 */
export type QuestionType = 'radio' | 'select' | 'checkbox';

export interface Question {
  name: QuestionName;
  type: QuestionType;
  options: readonly string[];
}

export const questions = [
  { name: 'HOW_FOUND_US', type: 'radio', options: ['REFERRAL', 'SEO', 'ARTICLE', 'LINKEDIN', 'FACEBOOK', 'INSTAGRAM', 'EDTECH', 'BLOG', 'OTHER'] },
  {
    name: 'WHO_ARE_YOU',
    type: 'radio',
    options: ['TEACHER_PRO', 'TEACHER_NOT_PRO', 'IN_COMPANY', 'TEACHER_IN_SCHOOLL', 'TEACHER_HOME', 'INFOPRENEUR', 'COACH', 'THERAPIST', 'OTHER'],
  },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', options: ['YES', 'SOON', 'NO'] },
  {
    name: 'WHAT_MAIN_ACTIVITY',
    type: 'select',
    options: ['HEALTH', 'BUSINESS_MANAGEMENT', 'IT', 'PERSONAL_DEVELOPMENT', 'BEAUTY', 'LANGUAGE', 'MARKETING_COM', 'FINANCE_INVESTMENT', 'ART_CULTURE', 'IMMO', 'SPORT', 'OTHER'],
  },
  { name: 'WHAT_TOOL', type: 'radio', options: ['LMS', 'MARKEPLACE', 'SAAS', 'WEBSITE', 'OTHER', 'NOTHING'] },
  {
    name: 'WHAT_IMPORTANT',
    type: 'checkbox',
    options: ['SIMPLE', 'QUICK_SUPPORT', 'HUMAIN_SUPPORT', 'CONTENT', 'PRICE', 'SALES', 'FRANCE', 'LIMITS', 'COMMUNAUTE'],
  },
] as const satisfies readonly { name: string; type: QuestionType; options: readonly string[] }[];

export type QuestionName = (typeof questions)[number]['name'];

/** One stored answer: `value` is a string for radio and select, a list for checkbox; `other` the free detail. */
export interface Answer {
  name: QuestionName;
  type: QuestionType;
  value: string | string[];
  other: string | null;
}

/** The one error text of the questionnaire (spec section 5). */
export const MISSING = 'Ah, vous avez oublié quelque chose !';
export const OTHER_DETAIL_MAX = 255;

/** Does this answer need its free-text detail? OTHER always; for WHAT_TOOL, any answer but NOTHING. */
export function needsDetail(name: QuestionName, value: string | string[]): boolean {
  const values = Array.isArray(value) ? value : [value];
  if (name === 'WHAT_TOOL') return values.some((v) => v !== '' && v !== 'NOTHING');
  return values.includes('OTHER');
}

/** Trims what the user typed: values and detail; an empty detail becomes null. */
export function normaliseAnswer(answer: Answer): Answer {
  const value = Array.isArray(answer.value) ? answer.value.map((v) => v.trim()).filter(Boolean) : answer.value.trim();
  const other = answer.other?.trim() || null;
  return { ...answer, value, other };
}

/** Why an answer is not acceptable, or null when it is. */
export function answerProblem(answer: Answer): 'missing' | 'detail' | 'invalid' | null {
  const question = questions.find((q) => q.name === answer.name);
  if (!question || question.type !== answer.type) return 'invalid';
  const { value, other } = normaliseAnswer(answer);
  const values = Array.isArray(value) ? value : [value];
  if (question.type === 'checkbox' ? !Array.isArray(value) : Array.isArray(value)) return 'invalid';
  if (values.length === 0 || values[0] === '') return 'missing';
  if (values.some((v) => !(question.options as readonly string[]).includes(v))) return 'invalid';
  if (new Set(values).size !== values.length) return 'invalid';
  if (needsDetail(answer.name, value) && !other) return 'detail';
  if (other && other.length > OTHER_DETAIL_MAX) return 'invalid';
  return null;
}

/**
 * Checks a full questionnaire, as stored in `onboarding_questions` (JSON text of Answer[]): all six
 * questions, in order, each acceptable. Answers the normalised list, or the problems by question name.
 */
export function checkQuestionnaire(json: string): { ok: true; answers: Answer[] } | { ok: false; problems: Record<string, string> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, problems: { onboarding_questions: 'not JSON' } };
  }
  if (!Array.isArray(parsed) || parsed.length !== questions.length) return { ok: false, problems: { onboarding_questions: 'six answers expected' } };
  const problems: Record<string, string> = {};
  const answers: Answer[] = [];
  questions.forEach((question, index) => {
    const raw = parsed[index] as Partial<Answer> | null;
    if (!raw || typeof raw !== 'object' || raw.name !== question.name) {
      problems[question.name] = 'invalid';
      return;
    }
    const answer: Answer = {
      name: question.name,
      type: raw.type as QuestionType,
      value: (raw.value ?? '') as string | string[],
      other: typeof raw.other === 'string' ? raw.other : null,
    };
    const problem = typeof answer.value === 'string' || Array.isArray(answer.value) ? answerProblem(answer) : 'invalid';
    if (problem) problems[question.name] = problem;
    else answers.push(normaliseAnswer(answer));
  });
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, answers };
}
