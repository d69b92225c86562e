import type { IntlShape } from 'react-intl';
import type { Failure } from '../../../../shared/failure';
import { titleProblem, type TitleProblem } from '../../../../machines/itemCreation/itemTypes';
import { contentMessages as m } from './contentMessages';

const PROBLEM_TEXT = { required: m.titleRequired, tooLong: m.titleTooLong } as const;

/** The text of a title problem (required, more than 128 characters). */
export const titleProblemText = (intl: IntlShape, problem: TitleProblem | null) => (problem ? intl.formatMessage(PROBLEM_TEXT[problem]) : undefined);

/**
 * Checks a title before it is sent, the same rule the server applies; a refused title fails the request like
 * the server's 422 would, so the form shows it on the field through one path.
 */
export function checkTitle(intl: IntlShape, title: string): void {
  const problem = titleProblem(title);
  if (problem) {
    const failure: Failure = { status: 422, code: 'VALIDATION_FAILED', message: titleProblemText(intl, problem)!, fieldErrors: { name: [titleProblemText(intl, problem)!] } };
    throw failure;
  }
}
