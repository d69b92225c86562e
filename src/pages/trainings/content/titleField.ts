import type { IntlShape } from 'react-intl';
import type { TitleProblem } from '../../../../machines/itemCreation/itemTypes';
import { contentMessages as m } from './contentMessages';

const PROBLEM_TEXT = { required: m.titleRequired, tooLong: m.titleTooLong } as const;

/** The text of a title problem (required, more than 128 characters). */
export const titleProblemText = (intl: IntlShape, problem: TitleProblem | null) => (problem ? intl.formatMessage(PROBLEM_TEXT[problem]) : undefined);
