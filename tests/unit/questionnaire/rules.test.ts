/**
 * Table-driven tests of the onboarding questionnaire's rules (spec section 3 for the questions and
 * options, section 5 for the rules) against shared/questionnaire.rules.ts, which the
 * machine (client) and the server (before storing onboarding_questions) both use.
 */
import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  checkQuestionnaire,
  MISSING,
  needsDetail,
  normaliseAnswer,
  OTHER_DETAIL_MAX,
  questions,
  type Answer,
  type QuestionName,
  type QuestionType,
} from '../../../shared/questionnaire.rules';

const a = (name: string, type: string, value: unknown, other: string | null = null): Answer =>
  ({ name, type, value, other }) as Answer;

describe('the six questions (spec section 3)', () => {
  it('are in the spec order with the spec options, and the error text is the spec one', () => {
    expect(questions.map((q) => [q.name, q.options])).toEqual([
      ['HOW_FOUND_US', ['REFERRAL', 'SEO', 'ARTICLE', 'LINKEDIN', 'FACEBOOK', 'INSTAGRAM', 'EDTECH', 'BLOG', 'OTHER']],
      ['WHO_ARE_YOU', ['TEACHER_PRO', 'TEACHER_NOT_PRO', 'IN_COMPANY', 'TEACHER_IN_SCHOOLL', 'TEACHER_HOME', 'INFOPRENEUR', 'COACH', 'THERAPIST', 'OTHER']],
      ['WHAT_CERTIFICATIONS', ['YES', 'SOON', 'NO']],
      [
        'WHAT_MAIN_ACTIVITY',
        ['HEALTH', 'BUSINESS_MANAGEMENT', 'IT', 'PERSONAL_DEVELOPMENT', 'BEAUTY', 'LANGUAGE', 'MARKETING_COM', 'FINANCE_INVESTMENT', 'ART_CULTURE', 'IMMO', 'SPORT', 'OTHER'],
      ],
      ['WHAT_TOOL', ['LMS', 'MARKEPLACE', 'SAAS', 'WEBSITE', 'OTHER', 'NOTHING']],
      ['WHAT_IMPORTANT', ['SIMPLE', 'QUICK_SUPPORT', 'HUMAIN_SUPPORT', 'CONTENT', 'PRICE', 'SALES', 'FRANCE', 'LIMITS', 'COMMUNAUTE']],
    ]);
    expect(MISSING).toBe('Ah, vous avez oublié quelque chose !');
  });

  it('kinds (decided, not in the spec): radio for the profile questions, select for activities, checkbox for what matters', () => {
    expect(Object.fromEntries(questions.map((q) => [q.name, q.type]))).toEqual({
      HOW_FOUND_US: 'radio',
      WHO_ARE_YOU: 'radio',
      WHAT_CERTIFICATIONS: 'radio',
      WHAT_MAIN_ACTIVITY: 'select',
      WHAT_TOOL: 'radio',
      WHAT_IMPORTANT: 'checkbox',
    } satisfies Record<QuestionName, QuestionType>);
  });
});

describe('needsDetail', () => {
  it.each<[string, QuestionName, string | string[], boolean]>([
    ['radio OTHER', 'HOW_FOUND_US', 'OTHER', true],
    ['radio, another option', 'HOW_FOUND_US', 'SEO', false],
    ['radio OTHER (WHO_ARE_YOU)', 'WHO_ARE_YOU', 'OTHER', true],
    ['select OTHER', 'WHAT_MAIN_ACTIVITY', 'OTHER', true],
    ['select, another option', 'WHAT_MAIN_ACTIVITY', 'IT', false],
    ['radio without OTHER', 'WHAT_CERTIFICATIONS', 'YES', false],
    ['WHAT_TOOL LMS', 'WHAT_TOOL', 'LMS', true],
    ['WHAT_TOOL MARKEPLACE', 'WHAT_TOOL', 'MARKEPLACE', true],
    ['WHAT_TOOL SAAS', 'WHAT_TOOL', 'SAAS', true],
    ['WHAT_TOOL WEBSITE', 'WHAT_TOOL', 'WEBSITE', true],
    ['WHAT_TOOL OTHER', 'WHAT_TOOL', 'OTHER', true],
    ['WHAT_TOOL NOTHING', 'WHAT_TOOL', 'NOTHING', false],
    ['WHAT_TOOL not answered yet', 'WHAT_TOOL', '', false],
    ['checkbox without OTHER', 'WHAT_IMPORTANT', ['SIMPLE', 'PRICE'], false],
    // The rule for a checkbox with OTHER: WHAT_IMPORTANT has no OTHER option, so this list is constructed to show it.
    ['checkbox list containing OTHER (constructed)', 'WHAT_IMPORTANT', ['SIMPLE', 'OTHER'], true],
    ['nothing ticked', 'WHAT_IMPORTANT', [], false],
  ])('%s → %s', (_, name, value, expected) => {
    expect(needsDetail(name, value)).toBe(expected);
  });
});

describe('normaliseAnswer: values and detail trimmed', () => {
  it.each<[string, Answer, Answer]>([
    ['radio value and detail', a('HOW_FOUND_US', 'radio', '  OTHER ', '  Un salon  '), a('HOW_FOUND_US', 'radio', 'OTHER', 'Un salon')],
    ['a detail of spaces becomes null', a('HOW_FOUND_US', 'radio', 'OTHER', '   '), a('HOW_FOUND_US', 'radio', 'OTHER', null)],
    ['an empty detail becomes null', a('HOW_FOUND_US', 'radio', 'SEO', ''), a('HOW_FOUND_US', 'radio', 'SEO', null)],
    ['checkbox items trimmed, blank items dropped', a('WHAT_IMPORTANT', 'checkbox', [' SIMPLE', '  ', 'PRICE ']), a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE', 'PRICE'])],
    ['a value of spaces becomes empty', a('WHAT_TOOL', 'radio', '   '), a('WHAT_TOOL', 'radio', '')],
  ])('%s', (_, input, expected) => {
    expect(normaliseAnswer(input)).toEqual(expected);
  });
});

const long = 'x'.repeat(OTHER_DETAIL_MAX);

describe('answerProblem (spec section 5)', () => {
  it.each<[string, Answer, ReturnType<typeof answerProblem>]>([
    // Every question needs an answer; values trimmed.
    ['radio not answered', a('HOW_FOUND_US', 'radio', ''), 'missing'],
    ['radio answered with spaces only', a('HOW_FOUND_US', 'radio', '   '), 'missing'],
    ['radio answered', a('HOW_FOUND_US', 'radio', 'SEO'), null],
    ['radio value with spaces around (trimmed)', a('HOW_FOUND_US', 'radio', '  SEO  '), null],
    ['radio without OTHER option', a('WHAT_CERTIFICATIONS', 'radio', 'SOON'), null],
    ['select not answered', a('WHAT_MAIN_ACTIVITY', 'select', ''), 'missing'],
    ['select answered', a('WHAT_MAIN_ACTIVITY', 'select', 'HEALTH'), null],
    // Checkbox questions need at least one value.
    ['checkbox, nothing ticked', a('WHAT_IMPORTANT', 'checkbox', []), 'missing'],
    ['checkbox, only blank values', a('WHAT_IMPORTANT', 'checkbox', ['  ', '']), 'missing'],
    ['checkbox, one value', a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE']), null],
    ['checkbox, several values (trimmed)', a('WHAT_IMPORTANT', 'checkbox', [' SIMPLE', 'PRICE ', 'COMMUNAUTE']), null],
    // Checkbox with OTHER needs the detail: WHAT_IMPORTANT, the only checkbox, has no OTHER option, so a constructed
    // answer containing OTHER is refused as an unknown option ('invalid') before the detail rule applies (needsDetail
    // above shows the rule itself).
    ['checkbox list with OTHER, no detail (constructed)', a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE', 'OTHER']), 'invalid'],
    ['checkbox list with OTHER and a detail (constructed)', a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE', 'OTHER'], 'Autre chose'), 'invalid'],
    // Radio / select with OTHER need the detail.
    ['radio OTHER without detail', a('HOW_FOUND_US', 'radio', 'OTHER'), 'detail'],
    ['radio OTHER, detail of spaces', a('HOW_FOUND_US', 'radio', 'OTHER', '    '), 'detail'],
    ['radio OTHER, empty detail', a('WHO_ARE_YOU', 'radio', 'OTHER', ''), 'detail'],
    ['radio OTHER with detail', a('WHO_ARE_YOU', 'radio', 'OTHER', ' Formatrice yoga '), null],
    ['radio OTHER padded, without detail', a('HOW_FOUND_US', 'radio', ' OTHER ', null), 'detail'],
    ['select OTHER without detail', a('WHAT_MAIN_ACTIVITY', 'select', 'OTHER'), 'detail'],
    ['select OTHER with detail', a('WHAT_MAIN_ACTIVITY', 'select', 'OTHER', 'Cuisine'), null],
    ['a detail given without being needed is fine', a('HOW_FOUND_US', 'radio', 'SEO', 'Google'), null],
    // WHAT_TOOL: any answer but NOTHING needs the detail.
    ...(['LMS', 'MARKEPLACE', 'SAAS', 'WEBSITE', 'OTHER'] as const).flatMap((tool) => [
      [`WHAT_TOOL ${tool} without detail`, a('WHAT_TOOL', 'radio', tool), 'detail'] as [string, Answer, 'detail'],
      [`WHAT_TOOL ${tool}, detail of spaces`, a('WHAT_TOOL', 'radio', tool, '  '), 'detail'] as [string, Answer, 'detail'],
      [`WHAT_TOOL ${tool} with detail`, a('WHAT_TOOL', 'radio', tool, 'Moodle'), null] as [string, Answer, null],
    ]),
    ['WHAT_TOOL NOTHING without detail', a('WHAT_TOOL', 'radio', 'NOTHING'), null],
    ['WHAT_TOOL NOTHING with a detail', a('WHAT_TOOL', 'radio', 'NOTHING', 'rien'), null],
    ['WHAT_TOOL not answered', a('WHAT_TOOL', 'radio', ''), 'missing'],
    // Invalid: unknown option, wrong type, duplicates, unknown question, detail too long.
    ['radio, unknown option', a('HOW_FOUND_US', 'radio', 'TIKTOK'), 'invalid'],
    ['option of another question', a('WHAT_CERTIFICATIONS', 'radio', 'SEO'), 'invalid'],
    ['options are case-sensitive', a('HOW_FOUND_US', 'radio', 'seo'), 'invalid'],
    ['checkbox, unknown option', a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE', 'FAST']), 'invalid'],
    ['type not the question’s (select for a radio)', a('HOW_FOUND_US', 'select', 'SEO'), 'invalid'],
    ['type not the question’s (radio for the checkbox)', a('WHAT_IMPORTANT', 'radio', 'SIMPLE'), 'invalid'],
    ['a list for a radio question', a('HOW_FOUND_US', 'radio', ['SEO']), 'invalid'],
    ['a string for the checkbox question', a('WHAT_IMPORTANT', 'checkbox', 'SIMPLE'), 'invalid'],
    ['checkbox, duplicate values', a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE', 'SIMPLE']), 'invalid'],
    ['checkbox, duplicates once trimmed', a('WHAT_IMPORTANT', 'checkbox', ['SIMPLE', ' SIMPLE ']), 'invalid'],
    ['unknown question', a('FAVOURITE_COLOUR', 'radio', 'BLUE'), 'invalid'],
    [`detail of ${OTHER_DETAIL_MAX} characters`, a('HOW_FOUND_US', 'radio', 'OTHER', long), null],
    [`detail of ${OTHER_DETAIL_MAX} characters once trimmed`, a('HOW_FOUND_US', 'radio', 'OTHER', `  ${long}  `), null],
    [`detail of ${OTHER_DETAIL_MAX + 1} characters`, a('HOW_FOUND_US', 'radio', 'OTHER', `${long}x`), 'invalid'],
  ])('%s → %s', (_, answer, expected) => {
    expect(answerProblem(answer)).toBe(expected);
  });
});

// ─── checkQuestionnaire: the stored JSON text ────────────────────────────────────────────────────

const validRaw = [
  { name: 'HOW_FOUND_US', type: 'radio', value: ' OTHER ', other: '  Un salon  ' },
  { name: 'WHO_ARE_YOU', type: 'radio', value: 'COACH', other: null },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 'NO', other: null },
  { name: 'WHAT_MAIN_ACTIVITY', type: 'select', value: 'LANGUAGE', other: '' },
  { name: 'WHAT_TOOL', type: 'radio', value: 'LMS', other: ' Moodle ' },
  { name: 'WHAT_IMPORTANT', type: 'checkbox', value: [' PRICE', 'SIMPLE '], other: null },
];
const validNormalised: Answer[] = [
  { name: 'HOW_FOUND_US', type: 'radio', value: 'OTHER', other: 'Un salon' },
  { name: 'WHO_ARE_YOU', type: 'radio', value: 'COACH', other: null },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 'NO', other: null },
  { name: 'WHAT_MAIN_ACTIVITY', type: 'select', value: 'LANGUAGE', other: null },
  { name: 'WHAT_TOOL', type: 'radio', value: 'LMS', other: 'Moodle' },
  { name: 'WHAT_IMPORTANT', type: 'checkbox', value: ['PRICE', 'SIMPLE'], other: null },
];
/** The valid set with the answer at `index` replaced. */
const withAnswer = (index: number, answer: unknown) => JSON.stringify(validRaw.map((raw, i) => (i === index ? answer : raw)));

describe('checkQuestionnaire', () => {
  it('a valid full set: ok, every answer normalised', () => {
    expect(checkQuestionnaire(JSON.stringify(validRaw))).toEqual({ ok: true, answers: validNormalised });
  });

  it.each<[string, string, Record<string, string>]>([
    ['not JSON', '{not json', { onboarding_questions: 'not JSON' }],
    ['empty text', '', { onboarding_questions: 'not JSON' }],
    ['an object, not a list', JSON.stringify({ HOW_FOUND_US: 'SEO' }), { onboarding_questions: 'six answers expected' }],
    ['JSON null', 'null', { onboarding_questions: 'six answers expected' }],
    ['an empty list', '[]', { onboarding_questions: 'six answers expected' }],
    ['five answers', JSON.stringify(validRaw.slice(0, 5)), { onboarding_questions: 'six answers expected' }],
    ['seven answers', JSON.stringify([...validRaw, validRaw[0]]), { onboarding_questions: 'six answers expected' }],
    ['wrong order (first two swapped)', JSON.stringify([validRaw[1], validRaw[0], ...validRaw.slice(2)]), { HOW_FOUND_US: 'invalid', WHO_ARE_YOU: 'invalid' }],
    ['an answer that is null', withAnswer(2, null), { WHAT_CERTIFICATIONS: 'invalid' }],
    ['an answer that is a string', withAnswer(2, 'YES'), { WHAT_CERTIFICATIONS: 'invalid' }],
    ['a value that is a number', withAnswer(2, { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 3, other: null }), { WHAT_CERTIFICATIONS: 'invalid' }],
    ['no value', withAnswer(2, { name: 'WHAT_CERTIFICATIONS', type: 'radio', other: null }), { WHAT_CERTIFICATIONS: 'missing' }],
    ['wrong type', withAnswer(3, { name: 'WHAT_MAIN_ACTIVITY', type: 'radio', value: 'IT', other: null }), { WHAT_MAIN_ACTIVITY: 'invalid' }],
    ['unknown option', withAnswer(0, { name: 'HOW_FOUND_US', type: 'radio', value: 'TIKTOK', other: null }), { HOW_FOUND_US: 'invalid' }],
    ['duplicate checkbox values', withAnswer(5, { name: 'WHAT_IMPORTANT', type: 'checkbox', value: ['PRICE', 'PRICE'], other: null }), { WHAT_IMPORTANT: 'invalid' }],
    ['no checkbox value', withAnswer(5, { name: 'WHAT_IMPORTANT', type: 'checkbox', value: [], other: null }), { WHAT_IMPORTANT: 'missing' }],
    ['OTHER without detail', withAnswer(0, { name: 'HOW_FOUND_US', type: 'radio', value: 'OTHER', other: '  ' }), { HOW_FOUND_US: 'detail' }],
    ['WHAT_TOOL without detail', withAnswer(4, { name: 'WHAT_TOOL', type: 'radio', value: 'SAAS', other: null }), { WHAT_TOOL: 'detail' }],
    ['a detail that is not text counts as none', withAnswer(4, { name: 'WHAT_TOOL', type: 'radio', value: 'SAAS', other: 42 }), { WHAT_TOOL: 'detail' }],
    [
      'several problems at once',
      JSON.stringify([{ ...validRaw[0], value: '' }, ...validRaw.slice(1, 4), { ...validRaw[4], other: null }, validRaw[5]]),
      { HOW_FOUND_US: 'missing', WHAT_TOOL: 'detail' },
    ],
  ])('%s → refused', (_, json, problems) => {
    expect(checkQuestionnaire(json)).toEqual({ ok: false, problems });
  });

  it('WHAT_TOOL NOTHING passes without detail', () => {
    const result = checkQuestionnaire(withAnswer(4, { name: 'WHAT_TOOL', type: 'radio', value: 'NOTHING', other: null }));
    expect(result.ok).toBe(true);
    expect(result.ok && result.answers[4]).toEqual({ name: 'WHAT_TOOL', type: 'radio', value: 'NOTHING', other: null });
  });
});

describe('the demo store', () => {
  it('carries answers the server itself would accept', async () => {
    const { DEMO_ONBOARDING_ANSWERS } = await import('../../../server/db/seed');
    const { checkQuestionnaire } = await import('../../../shared/questionnaire.rules');
    expect(checkQuestionnaire(DEMO_ONBOARDING_ANSWERS).ok).toBe(true);
  });
});
